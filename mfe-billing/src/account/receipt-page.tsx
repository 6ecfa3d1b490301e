import { useQuery } from '@tanstack/react-query';
import type { PaymentReceipt } from '@veo3/contracts/billing';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link, useParams } from '@veo3/platform/routing/router';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { fetchPaymentReceipt } from '../api/account-api';
import { isNotFound } from '../api/billing-api';
import { billingKeys } from '../api/billing-keys';
import { formatMoney } from '../pricing/format-price';
import { accountMessages } from './account.messages';
import { paymentItem } from './payment-item';
import styles from './receipt-page.module.css';
import { SignInNotice } from './sign-in-notice';

function ReceiptSheet({ receipt }: { receipt: PaymentReceipt }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const refunded = formatMoney(receipt.refunded_cents / 100, receipt.currency);
  return (
    <article className={styles.sheet} aria-labelledby="receipt-title">
      <h1 id="receipt-title" className={styles.title}>
        {t('receiptTitle')}
      </h1>
      <dl className={styles.facts}>
        <dt>{t('seller')}</dt>
        <dd>
          {receipt.seller}
          <br />
          {receipt.seller_email}
        </dd>
        <dt>{t('billedTo')}</dt>
        <dd>{receipt.buyer_email}</dd>
        <dt>{t('colDate')}</dt>
        <dd>
          <time dateTime={receipt.created_at}>{formatDate(receipt.created_at, lang, true)}</time>
        </dd>
        <dt>{t('colItem')}</dt>
        <dd>{paymentItem(receipt, lang, t)}</dd>
        <dt>{t('colAmount')}</dt>
        <dd data-testid="receipt-amount">{formatMoney(receipt.amount_cents / 100, receipt.currency)}</dd>
        <dt>{t('colCredits')}</dt>
        <dd>{t('creditsValue', { count: formatNumber(receipt.credits, lang) })}</dd>
        <dt>{t('colStatus')}</dt>
        <dd>{t(`status_${receipt.status}`, { amount: refunded })}</dd>
        <dt>{t('paymentId')}</dt>
        <dd className={styles.id}>{receipt.id}</dd>
      </dl>
      {receipt.simulated && <p className={styles.note}>{t('testMode')}</p>}
    </article>
  );
}

/** /account/receipts/:paymentId: the site's own receipt of one of the user's payments, printable. */
export default function ReceiptPage() {
  const t = useT(accountMessages);
  const { user } = useSession();
  const { paymentId = '' } = useParams();
  usePageMeta(t('receiptTitle'), `/account/receipts/${paymentId}`, t('receiptMeta'));
  const receipt = useQuery({
    queryKey: billingKeys.receipt(user?.id ?? '', paymentId),
    queryFn: ({ signal }) => fetchPaymentReceipt(paymentId, signal),
    enabled: Boolean(user),
  });

  if (!user) {
    return (
      <SignInNotice
        title={t('receiptTitle')}
        text={t('receiptSignedOut')}
        login={t('login')}
        classes={{ page: styles.page, title: styles.title }}
      />
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.actions}>
        <Link to="/account#payments">{t('backToAccount')}</Link>
        {receipt.data && (
          <span className={styles.buttons}>
            {receipt.data.receipt_url && (
              <a href={receipt.data.receipt_url} target="_blank" rel="noopener noreferrer">
                {t('stripeReceipt')} <span className={styles.hint}>{t('opensInNewTab')}</span>
              </a>
            )}
            <Button variant="secondary" onClick={() => window.print()}>
              {t('print')}
            </Button>
          </span>
        )}
      </div>
      {receipt.isLoading && <Spinner />}
      {receipt.isError &&
        (isNotFound(receipt.error) ? (
          <ErrorPanel title={t('receiptTitle')} message={t('receiptNotFound')} />
        ) : (
          <ErrorPanel message={t('receiptFailed')} onRetry={() => void receipt.refetch()} retryLabel={t('retry')} />
        ))}
      {receipt.data && <ReceiptSheet receipt={receipt.data} />}
    </div>
  );
}
