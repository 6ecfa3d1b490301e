import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicCheckoutSession as CheckoutSession } from '@veo3/contracts/billing';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { applyPromotionCode, removePromotionCode } from '../api/billing-api';
import { billingKeys } from '../api/billing-keys';
import { formatMoney } from '../pricing/format-price';
import { promotionCodeMessages } from './promotion-code.messages';
import { promotionErrorReason } from './promotion-errors';
import fields from '../account/account-form.module.css';
import styles from './payment-page.module.css';

/**
 * The test checkout's "Promotion code" field: Apply shows the discount and the new total before Pay,
 * Remove goes back to the full price. Refusals are announced at once (an assertive live region) in the reader's language.
 */
export function PromotionCodeField({
  session,
  disabled,
  onChanged,
}: {
  session: CheckoutSession;
  disabled: boolean;
  /** The code was applied or removed: a refused payment's message no longer holds. */
  onChanged: () => void;
}) {
  const t = useT(promotionCodeMessages);
  const id = useId();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [notice, setNotice] = useState('');
  const done = (key: 'appliedNotice' | 'removedNotice') => (updated: CheckoutSession) => {
    client.setQueryData(billingKeys.checkoutSession(session.id), updated);
    onChanged();
    const total = formatMoney(updated.amount_due ?? updated.amount, updated.currency);
    setNotice(t(key, { code: updated.promotion_code ?? '', total }));
    setCode('');
  };
  const apply = useMutation({
    mutationFn: (text: string) => applyPromotionCode(session.id, text),
    onSuccess: done('appliedNotice'),
  });
  const remove = useMutation({ mutationFn: () => removePromotionCode(session.id), onSuccess: done('removedNotice') });
  const failed = apply.error ?? remove.error;
  const reason = promotionErrorReason(failed);
  const error = missing ? t('required') : failed ? t(reason ?? 'failed') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!code.trim());
    remove.reset();
    if (code.trim()) apply.mutate(code.trim());
    else apply.reset();
  };

  return (
    <div className={styles.promotion}>
      {session.promotion_code ? (
        <div className={styles.promotionApplied}>
          <span>{t('applied', { code: session.promotion_code })}</span>
          <Button
            variant="secondary"
            size="sm"
            busy={remove.isPending}
            disabled={disabled}
            onClick={() => {
              apply.reset();
              remove.mutate();
            }}
          >
            {t('remove')}
          </Button>
        </div>
      ) : (
        <form className={styles.promotionForm} onSubmit={submit} noValidate>
          <label className={fields.field} htmlFor={`${id}-code`}>
            {t('label')}
          </label>
          <div className={styles.promotionRow}>
            <input
              id={`${id}-code`}
              className={fields.input}
              value={code}
              maxLength={64}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" variant="secondary" busy={apply.isPending} disabled={disabled}>
              {t('apply')}
            </Button>
          </div>
        </form>
      )}
      <div aria-live="assertive" aria-atomic="true" id={`${id}-error`}>
        {error && <p className={styles.promotionError}>{error}</p>}
      </div>
      <p role="status" aria-live="polite" className="pf-visually-hidden">
        {notice}
      </p>
    </div>
  );
}
