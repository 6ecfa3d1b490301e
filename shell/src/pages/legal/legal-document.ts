import type { Language } from '@veo3/platform/i18n/i18n';

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs?: string[];
  items?: string[];
  /** Numbered steps rather than bullet points. */
  ordered?: boolean;
  /** Paragraphs after the list. */
  closing?: string[];
}

/**
 * A legal page in one language. Texts may contain {supportEmail}, {serviceEmail}, {termsOfService},
 * {privacyPolicy}, {refundPolicy} and {pricing}, which the layout turns into links.
 */
export interface LegalDocument {
  title: string;
  description: string;
  intro: string[];
  sections: LegalSection[];
}

export interface LegalContent {
  /** ISO date the text last changed. */
  updated: string;
  documents: Record<Language, LegalDocument>;
}
