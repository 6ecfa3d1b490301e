import type { ReactNode } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

export interface AdvancedOptionsProps {
  open: boolean;
  onToggle: (open: boolean) => void;
  /** How many of the folded choices hold a value, so a closed fold still says it is in use. */
  inUse: number;
  children: ReactNode;
}

/** The rarely used choices (negative prompt, last frame), folded in a native disclosure: keyboard operable as it is. */
export function AdvancedOptions({ open, onToggle, inUse, children }: AdvancedOptionsProps) {
  const t = useT(generatorMessages);
  return (
    <details
      className={styles.advanced}
      open={open}
      onToggle={(event) => onToggle((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className={styles.advancedSummary}>
        {t('advancedLabel')}
        {inUse > 0 && <span className={styles.advancedInUse}> {t('advancedInUse', { count: inUse })}</span>}
      </summary>
      <div className={styles.advancedBody}>{children}</div>
    </details>
  );
}
