import { useQuery } from '@tanstack/react-query';
import type { AccountPayment } from '@veo3/contracts/billing';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link, useSearchParams } from '@veo3/platform/routing/router';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Pagination } from '@veo3/platform/ui/pagination';
import { Spinner } from '@veo3/platform/ui/spinner';
import { fetchAccountPayments } from '../api/account-api';
import { billingKeys } from '../api/billing-keys';
import { formatMoney } from '../pricing/format-price';
import { accountMessages } from './account.messages';
import { paymentItem } from './payment-item';
import styles from './account-page.module.css';

const PAGE_SIZE = 10;
/** Its own page parameter: `page` pages the credit history on the same screen. */
const PAGE_PARAM = 'payments_page';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Stripe's own receipt or invoice page when known; else the site's receipt (simulated payments, older rows). */
function ReceiptLink({ payment, label }: { payment: AccountPayment; label: string }) {
  const t = useT(accountMessages);
  if (payment.receipt_url) {
    return (
      <a
        href={payment.receipt_url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${label} ${t('opensInNewTab')}`}
      >
        {t('receiptLink')}
      </a>
    );
  }
  return (
    <Link to={`/account/receipts/${encodeURIComponent(payment.id)}`} aria-label={label}>
      {t('receiptLink')}
    </Link>
  );
}

function PaymentRow({ payment }: { payment: AccountPayment }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const item = paymentItem(payment, lang, t);
  const date = formatDate(payment.created_at, lang);
  const refunded = formatMoney(payment.refunded_cents / 100, payment.currency);
  return (
    <tr>
      <td data-label={t('colDate')}>
        <time dateTime={payment.created_at}>{date}</time>
      </td>
      <td data-label={t('colItem')}>{item}</td>
      <td data-label={t('colAmount')} className={styles.numeric}>
        {formatMoney(payment.amount_cents / 100, payment.currency)}
      </td>
      <td data-label={t('colCredits')} className={styles.numeric}>
        {t('creditsValue', { count: formatNumber(payment.credits, lang) })}
      </td>
      <td data-label={t('colStatus')}>
        <span className={`${styles.status} ${payment.status === 'paid' ? '' : styles.statusReversed}`}>
          {t(`status_${payment.status}`, { amount: refunded })}
        </span>
      </td>
      <td data-label={t('colReceipt')}>
        <ReceiptLink payment={payment} label={t('receiptLinkLabel', { item, date })} />
      </td>
    </tr>
  );
}

function PaymentsTable({ items }: { items: AccountPayment[] }) {
  const t = useT(accountMessages);
  return (
    <table className={styles.table} data-testid="payments-table">
      <thead>
        <tr>
          <th scope="col">{t('colDate')}</th>
          <th scope="col">{t('colItem')}</th>
          <th scope="col" className={styles.numeric}>
            {t('colAmount')}
          </th>
          <th scope="col" className={styles.numeric}>
            {t('colCredits')}
          </th>
          <th scope="col">{t('colStatus')}</th>
          <th scope="col">{t('colReceipt')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((payment) => (
          <PaymentRow key={payment.id} payment={payment} />
        ))}
      </tbody>
    </table>
  );
}

/** The user's payments, newest first, each with its receipt; paged by `?payments_page=`. */
export function PaymentsSection({ user, headingId }: { user: { id: string }; headingId: string }) {
  const t = useT(accountMessages);
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const offset = (page - 1) * PAGE_SIZE;
  const payments = useQuery({
    queryKey: billingKeys.payments(user.id, PAGE_SIZE, offset),
    queryFn: ({ signal }) => fetchAccountPayments(PAGE_SIZE, offset, signal),
    placeholderData: (previous) => previous,
  });
  const pages = payments.data ? Math.ceil(payments.data.total / PAGE_SIZE) : 0;
  const goTo = (next: number) =>
    setParams((current) => {
      current.set(PAGE_PARAM, String(next));
      return current;
    });

  return (
    <>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('paymentsHeading')}
      </h2>
      {payments.isLoading && <Spinner />}
      {payments.isError && (
        <ErrorPanel message={t('paymentsFailed')} onRetry={() => void payments.refetch()} retryLabel={t('retry')} />
      )}
      {payments.data?.items.length === 0 && <p className={styles.empty}>{t('paymentsEmpty')}</p>}
      {payments.data && payments.data.items.length > 0 && <PaymentsTable items={payments.data.items} />}
      <Pagination page={page} pages={pages} onChange={goTo} />
    </>
  );
}
