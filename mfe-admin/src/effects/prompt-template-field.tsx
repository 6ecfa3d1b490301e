import { useState } from 'react';
import { EFFECT_TEMPLATE_MAX, fillEffectPrompt } from '@veo3/contracts/effects';
import { useT } from '@veo3/platform/i18n/i18n';
import styles from '../console/admin-console.module.css';
import { TextArea, TextField } from './effect-fields';
import { undeclaredKeys, type InputForm } from './effect-form';
import { effectsMessages } from './effects.messages';
import own from './effects.module.css';

/**
 * The prompt template, its placeholders checked as it is typed (one naming no text input is flagged at
 * once), and a live preview filled with example texts (kept in the editor only, never saved).
 */
export function PromptTemplateField({
  id,
  template,
  inputs,
  error,
  onChange,
}: {
  id: string;
  template: string;
  inputs: InputForm[];
  error?: string;
  onChange: (template: string) => void;
}) {
  const t = useT(effectsMessages);
  const [examples, setExamples] = useState<Record<string, string>>({});
  const undeclared = undeclaredKeys(template, inputs);
  const texts = inputs.filter((input) => input.kind === 'text');
  const flagged = undeclared.length
    ? t('undeclared', { keys: undeclared.map((key) => `{{${key}}}`).join(', ') })
    : undefined;
  const filled = fillEffectPrompt(template, examples);
  return (
    <div className={own.group}>
      <TextArea
        id={`${id}-template`}
        label={t('template')}
        hint={t('templateHint')}
        error={flagged ?? error}
        rows={5}
        maxLength={EFFECT_TEMPLATE_MAX}
        value={template}
        onChange={(e) => onChange(e.target.value)}
      />
      <section className={own.preview} aria-labelledby={`${id}-preview`}>
        <h4 id={`${id}-preview`} className={own.legend}>
          {t('preview')}
        </h4>
        {texts.length > 0 && (
          <div className={own.grid}>
            {texts.map((input) => (
              <TextField
                key={input.key}
                id={`${id}-example-${input.key}`}
                label={t('exampleValue', { key: input.key })}
                value={examples[input.key] ?? ''}
                onChange={(e) => setExamples((all) => ({ ...all, [input.key]: e.target.value }))}
              />
            ))}
          </div>
        )}
        <p className={filled ? own.filled : styles.muted}>{filled || t('previewEmpty')}</p>
      </section>
    </div>
  );
}
