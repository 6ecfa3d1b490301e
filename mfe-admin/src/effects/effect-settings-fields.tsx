import type { OfferedModel } from '@veo3/contracts/model-catalogue';
import { useT } from '@veo3/platform/i18n/i18n';
import styles from '../console/admin-console.module.css';
import type { EffectForm } from './effect-form';
import { effectsMessages } from './effects.messages';
import own from './effects.module.css';

type Settings = Pick<EffectForm, 'model' | 'aspect_ratio' | 'resolution' | 'duration_s'>;

/** The settings kept when the model makes them, else the model's first of each. */
export function settingsFor(model: OfferedModel | undefined, current: Settings): Settings {
  if (!model) return { ...current, aspect_ratio: '', resolution: '', duration_s: '' };
  const { aspect_ratios, resolutions, durations } = model.outputs;
  const keep = <T extends string>(value: string, options: readonly T[]) =>
    options.includes(value as T) ? value : (options[0] ?? '');
  return {
    model: model.id,
    aspect_ratio: keep(current.aspect_ratio, aspect_ratios),
    resolution: keep(current.resolution, resolutions),
    duration_s: keep(current.duration_s, durations.map(String)),
  };
}

function Select({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className={styles.input} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The model (from the generator's catalogue) and the aspect ratio, resolution and length it makes. */
export function EffectSettingsFields({
  id,
  catalogue,
  settings,
  error,
  onChange,
}: {
  id: string;
  catalogue: OfferedModel[];
  settings: Settings;
  error?: string;
  onChange: (settings: Settings) => void;
}) {
  const t = useT(effectsMessages);
  const model = catalogue.find((m) => m.id === settings.model);
  // A saved model the catalogue no longer offers stays visible, so the admin sees why it must change.
  const models = [
    ...(settings.model ? [] : [{ value: '', label: t('chooseModel') }]),
    ...(settings.model && !model ? [{ value: settings.model, label: t('modelGone', { model: settings.model }) }] : []),
    ...catalogue.map((m) => ({ value: m.id, label: `${m.name} (${m.vendor})` })),
  ];
  const outputs = model?.outputs;
  const plain = (values: readonly string[] = []) => values.map((value) => ({ value, label: value }));
  return (
    <fieldset className={own.group} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={own.legend}>{t('settings')}</legend>
      <div className={own.grid}>
        <Select
          id={`${id}-model`}
          label={t('model')}
          value={settings.model}
          options={models}
          onChange={(value) =>
            onChange(
              settingsFor(
                catalogue.find((m) => m.id === value),
                { ...settings, model: value },
              ),
            )
          }
        />
        {outputs && (
          <>
            <Select
              id={`${id}-aspect`}
              label={t('aspectRatio')}
              value={settings.aspect_ratio}
              options={plain(outputs.aspect_ratios)}
              onChange={(aspect_ratio) => onChange({ ...settings, aspect_ratio })}
            />
            <Select
              id={`${id}-resolution`}
              label={t('resolution')}
              value={settings.resolution}
              options={plain(outputs.resolutions)}
              onChange={(resolution) => onChange({ ...settings, resolution })}
            />
            <Select
              id={`${id}-duration`}
              label={t('duration')}
              value={settings.duration_s}
              options={outputs.durations.map((d) => ({ value: String(d), label: t('seconds', { n: d }) }))}
              onChange={(duration_s) => onChange({ ...settings, duration_s })}
            />
          </>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
