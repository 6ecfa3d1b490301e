import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EFFECT_SAMPLE_MAX_BYTES, type AdminEffect } from '@veo3/contracts/effects';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT, type Language } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { adminMessages } from '../admin.messages';
import { adminKeys } from '../api/admin-keys';
import { effectKeys, uploadEffectSample } from '../api/admin-effects';
import { Notice } from '../console/notice';
import { reasonOf } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { TextField } from './effect-fields';
import { withEffect, type EffectList } from './effect-list-cache';
import { effectsMessages } from './effects.messages';
import own from './effects.module.css';

const SAMPLE_TYPES = ['video/mp4', 'video/webm'];
const MB = 1024 * 1024;

type Translate = (key: keyof (typeof effectsMessages)['en'], vars?: Record<string, string | number>) => string;

/** Why this file cannot be the sample, checked before anything is sent; null when it can. */
function refusal(file: File | null, t: Translate, lang: Language): string | null {
  if (!file) return t('sampleMissing');
  if (!SAMPLE_TYPES.includes(file.type)) return t('sampleWrongType');
  if (file.size > EFFECT_SAMPLE_MAX_BYTES)
    return t('sampleTooLarge', {
      size: formatNumber(Math.ceil((file.size / MB) * 10) / 10, lang),
      mb: EFFECT_SAMPLE_MAX_BYTES / MB,
    });
  return null;
}

/** The effect's sample video and poster, and the form that replaces them (with its reason). */
export function EffectSampleUpload({ id, effect }: { id: string; effect: AdminEffect }) {
  const t = useT(effectsMessages);
  const ta = useT(adminMessages);
  const lang = useLanguage();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const upload = useMutation({
    mutationFn: ({ video, text }: { video: File; text: string }) => uploadEffectSample(effect.id, video, text),
    onSuccess: (done) => {
      client.setQueryData<EffectList>(effectKeys.list(), (list) => withEffect(list, done));
      setNotice({ message: t('sampleUploaded', { name: done.name[lang] }), failed: false });
      setReason('');
    },
    onError: (failure) =>
      setNotice({ message: ta('actionFailed', { reason: reasonOf(failure, ta('unknownError')) }), failed: true }),
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.audit() }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = refusal(file, t, lang) ?? (reason.trim().length < 3 ? t('reasonInvalid') : null);
    setError(refused);
    if (!refused && file) upload.mutate({ video: file, text: reason.trim() });
  };

  return (
    <form className={`${styles.card} ${own.sample}`} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {t('sample')}
      </h3>
      {effect.sample_url && (
        // oxlint-disable-next-line jsx-a11y/media-has-caption -- AI videos carry no caption track.
        <video
          className={own.sampleVideo}
          aria-label={t('sampleVideoOf', { name: effect.name[lang] })}
          src={effect.sample_url}
          poster={effect.poster_url ?? undefined}
          controls
          playsInline
          preload="none"
        />
      )}
      {!effect.sample_url && effect.poster_url && (
        <img className={own.sampleVideo} src={effect.poster_url} alt={t('samplePoster', { name: effect.name[lang] })} />
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-file`}>{t('sampleFile')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={SAMPLE_TYPES.join(',')}
          aria-describedby={`${id}-file-hint${error ? ` ${id}-file-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setError(chosen ? refusal(chosen, t, lang) : null);
          }}
        />
        <p id={`${id}-file-hint`} className={styles.hint}>
          {t('sampleHint', { mb: EFFECT_SAMPLE_MAX_BYTES / MB })}
        </p>
        {error && (
          <p id={`${id}-file-error`} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <TextField
        id={`${id}-reason`}
        label={t('sampleReason')}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className={styles.rowActions}>
        <Button type="submit" variant="primary" busy={upload.isPending}>
          {t('upload')}
        </Button>
      </div>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
    </form>
  );
}
