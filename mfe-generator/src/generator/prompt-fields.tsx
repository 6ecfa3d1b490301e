import { useId, type Ref } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { MAX_PROMPT_LENGTH } from '@veo3/contracts/generation-options';
import { CharCounter } from '@veo3/platform/ui/char-counter';
import { generatorMessages } from './generator.messages';
import type { GenerationMode } from './model-options';
import styles from './generator-page.module.css';

interface PromptFieldProps {
  id: string;
  mode: GenerationMode;
  value: string;
  onChange: (value: string) => void;
  /** The id of the form's message when it is about the prompt, so the field reads as invalid. */
  errorId: string | null;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The prompt: starts empty with a short hint as its placeholder, so Generate never spends credits on
 * text the user did not choose; 'Use example' fills it on purpose. Counts against the server's
 * limit without cutting a pasted text short (Generate refuses it with a message instead).
 */
export function PromptField({ id, mode, value, onChange, errorId, textareaRef }: PromptFieldProps) {
  const t = useT(generatorMessages);
  const countId = useId();
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {t('promptLabel')}
        </label>
        {mode === 'text' && (
          <button type="button" className={styles.linkButton} onClick={() => onChange(t('defaultPrompt'))}>
            {t('useExample')}
          </button>
        )}
        <CharCounter id={countId} count={value.length} max={MAX_PROMPT_LENGTH} testId="prompt-counter" />
      </div>
      <textarea
        ref={textareaRef}
        id={id}
        className={styles.textarea}
        rows={mode === 'text' ? 5 : 4}
        value={value}
        placeholder={t(mode === 'text' ? 'promptPlaceholder' : 'promptPlaceholderImage')}
        aria-describedby={errorId ? `${countId} ${errorId}` : countId}
        aria-invalid={errorId || value.length > MAX_PROMPT_LENGTH ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

interface NegativePromptFieldProps {
  id: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
}

/** What the video should avoid (text tab, when the provider takes it). */
export function NegativePromptField({ id, value, maxLength, onChange }: NegativePromptFieldProps) {
  const t = useT(generatorMessages);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t('negativePromptLabel')}
      </label>
      <textarea
        id={id}
        className={`${styles.textarea} ${styles.textareaShort}`}
        rows={2}
        maxLength={maxLength}
        value={value}
        placeholder={t('negativePromptPlaceholder')}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
