import type { Language } from '@veo3/platform/i18n/i18n';

/** The catalogue's prices are in US dollars; a figure without its own currency (a user's paid total) is too. */
export const SITE_CURRENCY = 'usd';

/** Cents in the reader's language: 1999, 'usd' → '$19.99'. */
export function formatMoney(cents: number, currency: string, lang: Language): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
