import type { Language } from '@veo3/platform/i18n/i18n';

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A timestamp in the reader's language; '' for a missing or unreadable one. */
export function formatDate(value: string | null, lang: Language, withTime = false): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang, withTime ? DATE_TIME : DATE).format(date);
}
