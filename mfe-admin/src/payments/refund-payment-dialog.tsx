import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPayment } from '@veo3/contracts/admin';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { refundPayment } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { formatMoney } from '../console/format-money';
import { ReasonDialog } from '../console/reason-dialog';
import { reasonOf } from '../console/state-views';

/** Refund with a reason and a confirmation; tells `onDone` what happened for the page's notice. */
export function RefundPaymentDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: AdminPayment | null;
  onClose: () => void;
  onDone: (message: string, failed: boolean) => void;
}) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  const client = useQueryClient();
  const refund = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => refundPayment(id, reason),
    onSuccess: (data) => {
      onDone(
        t('paymentRefunded', {
          credits: formatNumber(data.credits_reclaimed, lang),
          balance: formatNumber(data.balance, lang),
        }),
        false,
      );
      onClose();
    },
    onError: (error) => onDone(t('actionFailed', { reason: reasonOf(error, t('unknownError')) }), true),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.payments() });
      void client.invalidateQueries({ queryKey: adminKeys.users() });
      void client.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
  const left = payment ? payment.amount_cents - payment.refunded_cents : 0;
  return (
    <ReasonDialog
      key={payment?.id ?? 'none'}
      open={payment !== null}
      title={t('refundPaymentTitle')}
      confirmLabel={t('refund')}
      reasonRequired
      busy={refund.isPending}
      onClose={onClose}
      onConfirm={(reason) => payment && refund.mutate({ id: payment.id, reason })}
    >
      {payment &&
        t('refundPaymentText', { amount: formatMoney(left, payment.currency, lang), email: payment.user_email })}
    </ReasonDialog>
  );
}
