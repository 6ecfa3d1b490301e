import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { adminMessages } from '../admin.messages';
import { adminKeys } from '../api/admin-keys';
import { createPromotion, promotionKeys } from '../api/admin-promotions';
import { reasonOf } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { EMPTY_PROMOTION_FORM, promotionBody, type PromotionForm, type PromotionFormErrors } from './promotion-form';
import { promotionsMessages } from './promotions.messages';
import own from './promotions.module.css';

type Field = keyof PromotionFormErrors;

/** A labelled input with its hint and error, described by both. */
function FormField({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        className={`${styles.input} ${input.className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
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
    </div>
  );
}

/** Creates a code: percent or amount off, an optional expiry and limit, and the reason the audit log keeps. */
export function PromotionCreateForm({ onDone }: { onDone: (message: string, failed: boolean) => void }) {
  const t = useT(promotionsMessages);
  const ta = useT(adminMessages);
  const id = useId();
  const client = useQueryClient();
  const [form, setForm] = useState<PromotionForm>(EMPTY_PROMOTION_FORM);
  const [errors, setErrors] = useState<PromotionFormErrors>({});
  const create = useMutation({
    mutationFn: createPromotion,
    onSuccess: (created) => {
      onDone(t('createdNotice', { code: created.code }), false);
      setForm(EMPTY_PROMOTION_FORM);
    },
    onError: (error) => onDone(ta('actionFailed', { reason: reasonOf(error, ta('unknownError')) }), true),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: promotionKeys.all() });
      void client.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
  const set = (field: keyof PromotionForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const errorOf = (field: Field) => (errors[field] ? t(errors[field]) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = promotionBody(form, new Date());
    setErrors(checked.errors ?? {});
    if (checked.body) create.mutate(checked.body);
  };

  return (
    <form className={`${styles.card} ${own.create}`} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {t('createTitle')}
      </h3>
      <div className={own.fields}>
        <FormField
          id={`${id}-code`}
          label={t('code')}
          hint={t('codeHint')}
          error={errorOf('code')}
          className={own.code}
          value={form.code}
          maxLength={32}
          autoComplete="off"
          onChange={(e) => set('code')(e.target.value)}
        />
        <fieldset className={own.kind}>
          <legend className={styles.field}>{t('kind')}</legend>
          {(['percent', 'amount'] as const).map((kind) => (
            <label key={kind} className={own.radio}>
              <input type="radio" name={`${id}-kind`} checked={form.kind === kind} onChange={() => set('kind')(kind)} />
              {t(kind === 'percent' ? 'kindPercent' : 'kindAmount')}
            </label>
          ))}
        </fieldset>
        <FormField
          id={`${id}-value`}
          label={t(form.kind === 'percent' ? 'percent' : 'amount')}
          error={errorOf('value')}
          inputMode={form.kind === 'percent' ? 'numeric' : 'decimal'}
          value={form.value}
          onChange={(e) => set('value')(e.target.value)}
        />
        <FormField
          id={`${id}-expires`}
          label={t('expires')}
          error={errorOf('expires')}
          type="datetime-local"
          value={form.expires}
          onChange={(e) => set('expires')(e.target.value)}
        />
        <FormField
          id={`${id}-limit`}
          label={t('limit')}
          error={errorOf('limit')}
          inputMode="numeric"
          value={form.limit}
          onChange={(e) => set('limit')(e.target.value)}
        />
        <FormField
          id={`${id}-reason`}
          label={t('reason')}
          error={errorOf('reason')}
          maxLength={500}
          value={form.reason}
          onChange={(e) => set('reason')(e.target.value)}
        />
      </div>
      <div className={styles.rowActions}>
        <Button type="submit" variant="primary" busy={create.isPending}>
          {t('create')}
        </Button>
      </div>
    </form>
  );
}
