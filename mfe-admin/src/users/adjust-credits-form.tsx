import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { adjustCredits } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { Notice } from '../console/notice';
import { reasonOf } from '../console/state-views';
import styles from '../console/admin-console.module.css';

/** What is wrong with the form, as message keys: a whole amount, not zero, at most a million either way; a reason of 3+ characters. */
function adjustmentErrors(amount: string, reason: string): { amount?: 'amountInvalid'; reason?: 'reasonTooShort' } {
  const value = Number(amount.trim());
  return {
    ...((!/^[+-]?\d+$/.test(amount.trim()) || value === 0 || Math.abs(value) > 1_000_000) && {
      amount: 'amountInvalid',
    }),
    ...(reason.trim().length < 3 && { reason: 'reasonTooShort' }),
  };
}

/**
 * Adds or takes away credits with a required reason. Each submit is one request with its own
 * Idempotency-Key (the API client's), so a retried request is applied once; the button is busy meanwhile.
 */
export function AdjustCreditsForm({ userId }: { userId: string }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  const id = useId();
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const adjust = useMutation({
    mutationFn: (body: { amount: number; reason: string }) => adjustCredits(userId, body),
    onSuccess: (data, body) => {
      setNotice({
        message: t('adjusted', {
          amount: formatNumber(body.amount, lang, { signed: true }),
          balance: formatNumber(data.balance, lang),
        }),
        failed: false,
      });
      setAmount('');
      setReason('');
    },
    onError: (error) =>
      setNotice({ message: t('actionFailed', { reason: reasonOf(error, t('unknownError')) }), failed: true }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.users() });
      void client.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = adjustmentErrors(amount, reason);
    setErrors({ amount: next.amount && t(next.amount), reason: next.reason && t(next.reason) });
    if (next.amount || next.reason) return;
    setNotice(null);
    adjust.mutate({ amount: Number(amount.trim()), reason: reason.trim() });
  };

  const described = (name: 'amount' | 'reason') =>
    [`${id}-${name}-hint`, errors[name] && `${id}-${name}-error`].filter(Boolean).join(' ');

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {t('adjustCredits')}
      </h3>
      <label className={styles.field} htmlFor={`${id}-amount`}>
        {t('amount')}
      </label>
      <input
        id={`${id}-amount`}
        className={styles.input}
        inputMode="numeric"
        required
        value={amount}
        aria-invalid={errors.amount ? true : undefined}
        aria-describedby={described('amount')}
        onChange={(e) => setAmount(e.target.value)}
      />
      <p id={`${id}-amount-hint`} className={styles.hint}>
        {t('amountHint')}
      </p>
      {errors.amount && (
        <p id={`${id}-amount-error`} className={styles.error}>
          {errors.amount}
        </p>
      )}
      <label className={styles.field} htmlFor={`${id}-reason`}>
        {t('reason')}
      </label>
      <textarea
        id={`${id}-reason`}
        className={styles.input}
        rows={2}
        maxLength={500}
        required
        value={reason}
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={described('reason')}
        onChange={(e) => setReason(e.target.value)}
      />
      <p id={`${id}-reason-hint`} className={styles.hint}>
        {t('reasonHint')}
      </p>
      {errors.reason && (
        <p id={`${id}-reason-error`} className={styles.error}>
          {errors.reason}
        </p>
      )}
      <div>
        <Button type="submit" busy={adjust.isPending}>
          {t('adjust')}
        </Button>
      </div>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
    </form>
  );
}
