import { useT } from '@veo3/platform/i18n/i18n';
import { RadioGroup } from './format-picker';
import { generatorMessages } from './generator.messages';
import { OMNI_OPTION, type ModelFamily } from './model-options';

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
    />
  );
}

/** The video's length, for a model priced by length. */
export function DurationPicker({
  name,
  durations,
  seconds,
  onChange,
}: {
  name: string;
  durations: readonly number[];
  seconds: number;
  onChange: (seconds: number) => void;
}) {
  const t = useT(generatorMessages);
  return (
    <RadioGroup<number>
      legend={t('durationLabel')}
      name={name}
      value={seconds}
      options={durations.map((s) => ({ value: s, label: t('secondsShort', { seconds: s }) }))}
      onChange={onChange}
    />
  );
}
