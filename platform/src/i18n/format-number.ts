import type { Language } from '@veo3/platform/i18n/i18n';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A whole number in the reader's language, grouped ('1,340'); `signed` writes a change with its sign
 * ('+1,340', '-40'). One format per language, so a page never mixes '1,340' with '1340'.
 */
export function formatNumber(value: number, lang: Language, { signed = false }: { signed?: boolean } = {}): string {
  const key = `${lang}:${signed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: 0, signDisplay: signed ? 'exceptZero' : 'auto' });
    formats.set(key, format);
  }
  return format.format(value);
}
