import type { Language } from '@veo3/platform/i18n/i18n';

const FORMATS: Record<Language, Intl.DateTimeFormatOptions> = {
  // 'December 23, 2026'
  en: { year: 'numeric', month: 'long', day: 'numeric' },
  // SPEC §2: year/month/day, '2026/12/23'
  'zh-CN': { year: 'numeric', month: '2-digit', day: '2-digit' },
};

/** The next billing date, given as an ISO date string or (SPEC §3) seconds since the epoch; '' when unreadable. */
export function formatBillingDate(value: string | number | null | undefined, lang: Language): string {
  if (value === null || value === undefined || value === '') return '';
  const seconds = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : null;
  const date = seconds === null ? new Date(value) : new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang, FORMATS[lang]).format(date);
}
