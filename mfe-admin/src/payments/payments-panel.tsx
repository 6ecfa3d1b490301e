import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYMENT_STATUSES, type AdminPayment } from '@veo3/contracts/admin';
import { useT } from '@veo3/platform/i18n/i18n';
import { fetchPayments, PAGE_SIZE } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { ListFooter } from '../console/list-footer';
import { Notice } from '../console/notice';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { PaymentsTable } from './payments-table';
import { RefundPaymentDialog } from './refund-payment-dialog';

type Status = (typeof PAYMENT_STATUSES)[number];

/** Purchases and renewals, newest first, with Refund. */
export function PaymentsPanel() {
  const t = useT(adminMessages);
  const id = useId();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status | undefined>();
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const filter = { page, status };
  const payments = useQuery({
    queryKey: adminKeys.paymentList(filter),
    queryFn: ({ signal }) => fetchPayments(filter, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('paymentsTable')}
      </h2>
      <div className={styles.filters}>
        <label className={styles.field}>
          {t('columnStatus')}
          <select
            className={styles.input}
            value={status ?? ''}
            onChange={(e) => {
              setStatus(
                (PAYMENT_STATUSES as readonly string[]).includes(e.target.value)
                  ? (e.target.value as Status)
                  : undefined,
              );
              setPage(1);
            }}
          >
            <option value="">{t('allStatuses')}</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status_${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
      <div className={styles.card}>
        {payments.isPending ? (
          <LoadingState />
        ) : payments.isError ? (
          <ErrorState error={payments.error} onRetry={() => void payments.refetch()} />
        ) : payments.data.items.length === 0 ? (
          <EmptyState text={t('noPayments')} />
        ) : (
          <>
            <PaymentsTable payments={payments.data.items} onRefund={setRefunding} />
            <ListFooter
              page={payments.data.page}
              pageSize={payments.data.page_size || PAGE_SIZE}
              total={payments.data.total}
              onPage={setPage}
            />
          </>
        )}
      </div>
      <RefundPaymentDialog
        payment={refunding}
        onClose={() => setRefunding(null)}
        onDone={(message, failed) => setNotice({ message, failed })}
      />
    </section>
  );
}
