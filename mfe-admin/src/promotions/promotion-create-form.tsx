import { useId, useState, type FormEvent, type ReactNode } from 'react';
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
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
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
  const invalid = (field: Field) => (errors[field] ? true : undefined);

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
        <FormField id={`${id}-code`} label={t('code')} hint={t('codeHint')} error={errorOf('code')}>
          {(describedBy) => (
            <input
              id={`${id}-code`}
              className={`${styles.input} ${own.code}`}
              value={form.code}
              maxLength={32}
              autoComplete="off"
              aria-invalid={invalid('code')}
              aria-describedby={describedBy}
              onChange={(e) => set('code')(e.target.value)}
            />
          )}
        </FormField>
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
        >
          {(describedBy) => (
            <input
              id={`${id}-value`}
              className={styles.input}
              inputMode={form.kind === 'percent' ? 'numeric' : 'decimal'}
              value={form.value}
              aria-invalid={invalid('value')}
              aria-describedby={describedBy}
              onChange={(e) => set('value')(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-expires`} label={t('expires')} error={errorOf('expires')}>
          {(describedBy) => (
            <input
              id={`${id}-expires`}
              type="datetime-local"
              className={styles.input}
              value={form.expires}
              aria-invalid={invalid('expires')}
              aria-describedby={describedBy}
              onChange={(e) => set('expires')(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-limit`} label={t('limit')} error={errorOf('limit')}>
          {(describedBy) => (
            <input
              id={`${id}-limit`}
              className={styles.input}
              inputMode="numeric"
              value={form.limit}
              aria-invalid={invalid('limit')}
              aria-describedby={describedBy}
              onChange={(e) => set('limit')(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-reason`} label={t('reason')} error={errorOf('reason')}>
          {(describedBy) => (
            <input
              id={`${id}-reason`}
              className={styles.input}
              maxLength={500}
              value={form.reason}
              aria-invalid={invalid('reason')}
              aria-describedby={describedBy}
              onChange={(e) => set('reason')(e.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className={styles.rowActions}>
        <Button type="submit" variant="primary" busy={create.isPending}>
          {t('create')}
        </Button>
      </div>
    </form>
  );
}
