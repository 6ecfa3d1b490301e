import { useId } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { RadioGroup } from './format-picker';
import { generatorMessages } from './generator.messages';
import { OMNI_OPTION, type ModelFamily } from './model-options';
import styles from './generator-page.module.css';

/** Veo or Gemini Omni Flash, offered only when the server serves Omni. */
export function ModelPicker({
  name,
  family,
  onChange,
}: {
  name: string;
  family: ModelFamily;
  onChange: (family: ModelFamily) => void;
}) {
  const t = useT(generatorMessages);
  return (
    <RadioGroup<ModelFamily>
      legend={t('modelLabel')}
      name={name}
      value={family}
      options={[
        { value: 'veo', label: t('modelVeo') },
        { value: 'omni', label: OMNI_OPTION.name },
      ]}
      onChange={onChange}
      inline
    />
  );
}

/**
 * The video's length, for a model priced by length: a compact select beside the cost it changes, so
 * the form keeps Generate in the first screen on a phone.
 */
export function DurationPicker({
  durations,
  seconds,
  onChange,
}: {
  durations: readonly number[];
  seconds: number;
  onChange: (seconds: number) => void;
}) {
  const t = useT(generatorMessages);
  const id = useId();
  return (
    <span className={styles.durationPicker}>
      <label htmlFor={id} className={styles.costLabel}>
        {t('durationLabel')}
      </label>
      <select
        id={id}
        className={styles.durationSelect}
        value={seconds}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {durations.map((s) => (
          <option key={s} value={s}>
            {t('secondsShort', { seconds: s })}
          </option>
        ))}
      </select>
    </span>
  );
}
