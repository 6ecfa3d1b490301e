import { useId, type ReactNode } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import type { AspectRatio, Resolution, VideoShape } from '@veo3/contracts/generation-options';
import { DRAFT_RESOLUTION } from '@veo3/contracts/model-catalogue';
import { generatorMessages } from './generator.messages';
import { bySize } from './offered-models';
import { allowedShape, aspectRatiosOf, resolutionsFor, type FormatChoices } from './video-format';
import styles from './generator-page.module.css';

export interface FormatPickerProps {
  shape: VideoShape;
  choices: FormatChoices;
  onChange: (shape: VideoShape) => void;
  /** Choices shown in the same rows before the format (the model and its length). */
  leading?: ReactNode;
}

const ASPECT_LABELS = { '16:9': 'aspectLandscape', '9:16': 'aspectPortrait' } as const;

/** Aspect ratio and resolution, as two radio groups offering only what the provider makes. */
export function FormatPicker({ shape, choices, onChange, leading }: FormatPickerProps) {
  const t = useT(generatorMessages);
  const name = useId();
  return (
    <div className={styles.formatPicker}>
      {leading}
      <RadioGroup<AspectRatio>
        legend={t('aspectLabel')}
        name={`${name}-aspect`}
        value={shape.aspectRatio}
        options={aspectRatiosOf(choices).map((a) => ({ value: a, label: a, hint: t(ASPECT_LABELS[a]) }))}
        // Keeps the resolution when the new aspect ratio offers it.
        onChange={(aspectRatio) => onChange(allowedShape(choices, { ...shape, aspectRatio }))}
      />
      <RadioGroup<Resolution>
        legend={t('resolutionLabel')}
        name={`${name}-resolution`}
        value={shape.resolution}
        options={bySize(resolutionsFor(choices, shape.aspectRatio)).map((r) =>
          r === DRAFT_RESOLUTION ? { value: r, label: t('resolutionDraft'), hint: r } : { value: r, label: r },
        )}
        onChange={(resolution) => onChange({ ...shape, resolution })}
      />
    </div>
  );
}

interface RadioGroupProps<T extends string | number> {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string; hint?: string; disabled?: boolean }[];
  onChange: (value: T) => void;
  /** The legend sits on the choices' line (a row of short choices, to keep Generate in the first screen). */
  inline?: boolean;
}

/** One row of choices as buttons: a native radio group, so arrows move the choice and the legend names it. */
export function RadioGroup<T extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
  inline = false,
}: RadioGroupProps<T>) {
  return (
    <fieldset className={inline ? `${styles.choiceGroup} ${styles.choiceGroupInline}` : styles.choiceGroup}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className={styles.choiceInput}
            />
            <span className={styles.choiceText}>
              {option.label}
              {option.hint && <span className={styles.choiceHint}>{option.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
