import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { EffectText } from '@veo3/contracts/effects';
import { useT } from '@veo3/platform/i18n/i18n';
import styles from '../console/admin-console.module.css';
import { effectsMessages } from './effects.messages';
import own from './effects.module.css';

/** The ids that describe a field: its hint and its error, when shown. */
function describedBy(id: string, hint?: ReactNode, error?: string) {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

type FieldProps = { id: string; label: string; hint?: ReactNode; error?: string };

/** A labelled input with its hint and error, described by both. */
export function TextField({ id, label, hint, error, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled textarea with its hint and error. */
export function TextArea({
  id,
  label,
  hint,
  error,
  ...area
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        {...area}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** One text in English and Chinese, side by side (stacked on a phone). */
export function BilingualFields({
  id,
  label,
  value,
  errors,
  long = false,
  onChange,
}: {
  id: string;
  label: string;
  value: EffectText;
  errors: { en?: string; 'zh-CN'?: string };
  long?: boolean;
  onChange: (value: EffectText) => void;
}) {
  const t = useT(effectsMessages);
  const field = (lang: 'en' | 'zh-CN') => {
    const props = {
      id: `${id}-${lang}`,
      label: t(lang === 'en' ? 'langEn' : 'langZh', { field: label }),
      error: errors[lang],
      lang,
      value: value[lang],
      maxLength: long ? 1_000 : 200,
    };
    return long ? (
      <TextArea key={lang} {...props} onChange={(e) => onChange({ ...value, [lang]: e.target.value })} />
    ) : (
      <TextField key={lang} {...props} onChange={(e) => onChange({ ...value, [lang]: e.target.value })} />
    );
  };
  return <div className={own.pair}>{[field('en'), field('zh-CN')]}</div>;
}
