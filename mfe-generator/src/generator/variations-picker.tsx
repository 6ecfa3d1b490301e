import { useId } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

/** How many videos Generate makes from the one prompt (×1, ×2, ×4): a compact select by the cost it multiplies. */
export function VariationsPicker({
  choices,
  count,
  onChange,
}: {
  choices: readonly number[];
  count: number;
  onChange: (count: number) => void;
}) {
  const t = useT(generatorMessages);
  const id = useId();
  return (
    <span className={styles.durationPicker}>
      <label htmlFor={id} className={styles.costLabel}>
        {t('variationsLabel')}
      </label>
      <select
        id={id}
        className={styles.durationSelect}
        value={count}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {choices.map((n) => (
          <option key={n} value={n}>
            {t('variationOption', { count: n })}
          </option>
        ))}
      </select>
    </span>
  );
}
