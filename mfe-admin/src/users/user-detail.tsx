import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminPayment, AdminUserDetail } from '@veo3/contracts/admin';
import { ApiError } from '@veo3/platform/api/api-client';
import { useT } from '@veo3/platform/i18n/i18n';
import { Link, useParams } from '@veo3/platform/routing/router';
import { fetchUser } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { Notice } from '../console/notice';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { PaymentsTable } from '../payments/payments-table';
import { RefundPaymentDialog } from '../payments/refund-payment-dialog';
import { TaskActionDialog, type TaskAction } from '../tasks/task-action-dialog';
import { TasksTable } from '../tasks/tasks-table';
import { UserAudit } from './user-audit';
import { lastSignIn, SubscriptionLine, UserSummary } from './user-summary';
import { LedgerTable, SessionsTable } from './user-tables';

/** /admin/users/:id: the user's balance, ledger, payments, subscription, tasks, sessions, and actions. */
export function UserDetail() {
  const t = useT(adminMessages);
  const { id = '' } = useParams();
  const user = useQuery({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => fetchUser(id, signal) });

  return (
    <section aria-labelledby="admin-user-title">
      <p>
        <Link className={styles.link} to="/admin/users">
          ← {t('backToUsers')}
        </Link>
      </p>
      {user.isPending ? (
        <LoadingState />
      ) : user.isError ? (
        user.error instanceof ApiError && user.error.status === 404 ? (
          <EmptyState text={t('userNotFound')} />
        ) : (
          <ErrorState error={user.error} onRetry={() => void user.refetch()} />
        )
      ) : (
        <UserSections detail={user.data} />
      )}
    </section>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-label={title}>
      <h3 className={styles.cardTitle}>{title}</h3>
      {children}
    </section>
  );
}

/** The user's account, then one card per record, and the dialogs its rows open (with their outcome). */
function UserSections({ detail }: { detail: AdminUserDetail }) {
  const t = useT(adminMessages);
  const { user, ledger, payments, subscription, tasks, sessions } = detail;
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [taskAction, setTaskAction] = useState<TaskAction | null>(null);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);

  return (
    <>
      <UserSummary user={user} lastSignedIn={lastSignIn(sessions)} />
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
      <Card title={t('ledger')}>
        {ledger.length === 0 ? <EmptyState text={t('noLedger')} /> : <LedgerTable ledger={ledger} />}
      </Card>
      <Card title={t('payments')}>
        {payments.length === 0 ? (
          <EmptyState text={t('noPayments')} />
        ) : (
          <PaymentsTable payments={payments} showUser={false} onRefund={setRefunding} />
        )}
      </Card>
      <Card title={t('subscription')}>
        {subscription ? <SubscriptionLine subscription={subscription} /> : <EmptyState text={t('noSubscription')} />}
      </Card>
      <Card title={t('tasks')}>
        {tasks.length === 0 ? (
          <EmptyState text={t('noTasks')} />
        ) : (
          <TasksTable
            tasks={tasks}
            showUser={false}
            onRefund={(task) => setTaskAction({ kind: 'refund', task })}
            onRetry={(task) => setTaskAction({ kind: 'retry', task })}
          />
        )}
      </Card>
      <Card title={t('sessions')}>
        {sessions.length === 0 ? <EmptyState text={t('noSessions')} /> : <SessionsTable sessions={sessions} />}
      </Card>
      <Card title={t('auditTable')}>
        <UserAudit userId={user.id} />
      </Card>
      <RefundPaymentDialog
        payment={refunding}
        onClose={() => setRefunding(null)}
        onDone={(message, failed) => setNotice({ message, failed })}
      />
      <TaskActionDialog
        action={taskAction}
        onClose={() => setTaskAction(null)}
        onDone={(message, failed) => setNotice({ message, failed })}
      />
    </>
  );
}
