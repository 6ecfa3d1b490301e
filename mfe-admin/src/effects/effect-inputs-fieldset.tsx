import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import styles from '../console/admin-console.module.css';
import { BilingualFields, TextField } from './effect-fields';
import { addInput, freeKey, type InputForm } from './effect-form';
import { effectsMessages } from './effects.messages';
import own from './effects.module.css';

type ErrorAt = (path: string) => string | undefined;

/** "Photo 1 (photo_1)": an input by its kind and slot. */
export function useInputName() {
  const t = useT(effectsMessages);
  return (input: Pick<InputForm, 'key' | 'kind'>) =>
    t(input.kind === 'photo' ? 'photoInput' : 'textInput', { n: input.key.slice(-1), key: input.key });
}

/** What the effect asks the user for: up to two photos and two texts, each in its fixed slot. */
export function EffectInputsFieldset({
  id,
  inputs,
  errorAt,
  onChange,
}: {
  id: string;
  inputs: InputForm[];
  errorAt: ErrorAt;
  onChange: (inputs: InputForm[]) => void;
}) {
  const t = useT(effectsMessages);
  const nameOf = useInputName();
  const set = (index: number, change: Partial<InputForm>) =>
    onChange(inputs.map((input, i) => (i === index ? { ...input, ...change } : input)));
  return (
    <fieldset className={own.group} aria-describedby={`${id}-hint`}>
      <legend className={own.legend}>{t('inputs')}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('inputsHint')}
      </p>
      {errorAt('inputs') && <p className={styles.error}>{errorAt('inputs')}</p>}
      {inputs.map((input, index) => {
        const at = `${id}-${input.key}`;
        return (
          <fieldset key={input.key} className={own.item}>
            <legend className={own.legend}>{nameOf(input)}</legend>
            <BilingualFields
              id={`${at}-label`}
              label={t('label')}
              value={input.label}
              errors={{ en: errorAt(`inputs.${index}.label.en`), 'zh-CN': errorAt(`inputs.${index}.label.zh-CN`) }}
              onChange={(label) => set(index, { label })}
            />
            <div className={own.inline}>
              <label className={own.check}>
                <input
                  type="checkbox"
                  checked={input.required}
                  onChange={(e) => set(index, { required: e.target.checked })}
                />
                {t('required')}
              </label>
              {input.kind === 'text' && (
                <TextField
                  id={`${at}-max`}
                  label={t('maxLength')}
                  inputMode="numeric"
                  value={input.max_length}
                  error={errorAt(`inputs.${index}.max_length`)}
                  onChange={(e) => set(index, { max_length: e.target.value })}
                />
              )}
              <Button variant="ghost" size="sm" onClick={() => onChange(inputs.filter((_, i) => i !== index))}>
                {t('removeInput', { input: nameOf(input) })}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div className={styles.rowActions}>
        {(['photo', 'text'] as const).map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            size="sm"
            disabled={!freeKey(inputs, kind)}
            onClick={() => onChange(addInput(inputs, kind))}
          >
            {t(kind === 'photo' ? 'addPhoto' : 'addText')}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
