import { useId } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

export interface SeedFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of the form's message when it is about the seed, so the field reads as invalid. */
  errorId: string | null;
}

/** An optional seed for a model that takes one: the same seed and prompt make a similar video again. */
export function SeedField({ id, value, onChange, errorId }: SeedFieldProps) {
  const t = useT(generatorMessages);
  const hintId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t('seedLabel')}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={styles.seedInput}
        value={value}
        aria-describedby={errorId ? `${hintId} ${errorId}` : hintId}
        aria-invalid={errorId ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={hintId} className={styles.hint}>
        {t('seedHint')}
      </span>
    </div>
  );
}
