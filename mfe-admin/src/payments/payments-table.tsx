import type { AdminPayment } from '@veo3/contracts/admin';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { Button } from '@veo3/platform/ui/button';
import { adminMessages } from '../admin.messages';
import { formatMoney } from '../console/format-money';
import styles from '../console/admin-console.module.css';

const STATUS_TONE: Record<AdminPayment['status'], string> = {
  paid: '',
  partially_refunded: 'badgeWarn',
  refunded: 'badgeWarn',
  disputed: 'badgeBad',
};

/** Payments with their Stripe ids; Refund on those with something left to refund. */
export function PaymentsTable({
  payments,
  onRefund,
  showUser = true,
}: {
  payments: AdminPayment[];
  onRefund?: (payment: AdminPayment) => void;
  showUser?: boolean;
}) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <caption>{t('paymentsTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columnWhen')}</th>
            {showUser && <th scope="col">{t('columnUser')}</th>}
            <th scope="col">{t('columnKind')}</th>
            <th scope="col" className={styles.numeric}>
              {t('columnAmount')}
            </th>
            <th scope="col" className={styles.numeric}>
              {t('columnCredits')}
            </th>
            <th scope="col">{t('columnStatus')}</th>
            <th scope="col">{t('columnStripe')}</th>
            {onRefund && <th scope="col">{t('columnActions')}</th>}
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => {
            const tone = STATUS_TONE[p.status];
            return (
              <tr key={p.id}>
                <th scope="row">
                  <time dateTime={p.created_at}>{formatDate(p.created_at, lang, true)}</time>
                </th>
                {showUser && (
                  <td data-label={t('columnUser')}>
                    <Link className={styles.link} to={`/admin/users/${encodeURIComponent(p.user_id)}`}>
                      {p.user_email}
                    </Link>
                  </td>
                )}
                <td data-label={t('columnKind')}>
                  {t(`kind_${p.kind}`)} <span className={styles.muted}>{p.item_id}</span>
                </td>
                <td data-label={t('columnAmount')} className={styles.numeric}>
                  {formatMoney(p.amount_cents, p.currency, lang)}
                  {p.refunded_cents > 0 && (
                    <div className={styles.muted}>
                      {t('refundedAmount', { amount: formatMoney(p.refunded_cents, p.currency, lang) })}
                    </div>
                  )}
                </td>
                <td data-label={t('columnCredits')} className={styles.numeric}>
                  {formatNumber(p.credits, lang)}
                </td>
                <td data-label={t('columnStatus')}>
                  <span className={`${styles.badge} ${tone ? styles[tone] : ''}`}>{t(`status_${p.status}`)}</span>
                  {p.simulated && <span className={styles.badge}>{t('simulated')}</span>}
                </td>
                <td data-label={t('columnStripe')} className={styles.mono}>
                  <div>{p.id}</div>
                  {p.checkout_session_id && p.checkout_session_id !== p.id && <div>{p.checkout_session_id}</div>}
                  {p.subscription_id && <div>{p.subscription_id}</div>}
                </td>
                {onRefund && (
                  <td data-label={t('columnActions')}>
                    {p.status !== 'refunded' && (
                      <Button
                        variant="danger"
                        size="sm"
                        aria-label={t('refundNamed', { id: p.id })}
                        onClick={() => onRefund(p)}
                      >
                        {t('refund')}
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
