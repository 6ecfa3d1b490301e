import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { uiMessages } from '@veo3/platform/ui/ui.messages';

/**
 * A field's character count against its limit ("123 / 2,000", numbers in the page's language),
 * highlighted from 90% and marked over the limit; screen readers hear it as a sentence.
 * Give the field `aria-describedby={id}`.
 */
export function CharCounter({ id, count, max, testId }: { id: string; count: number; max: number; testId?: string }) {
  const t = useT(uiMessages);
  const lang = useLanguage();
  const vars = { count: formatNumber(count, lang), max: formatNumber(max, lang) };
  const tone = count > max ? ' pf-char-counter--over' : count >= max * 0.9 ? ' pf-char-counter--near' : '';
  return (
    <span id={id} className={`pf-char-counter${tone}`} data-testid={testId}>
      <span aria-hidden="true">{t('charCount', vars)}</span>
      <span className="pf-visually-hidden">{t('charCountLabel', vars)}</span>
    </span>
  );
}
