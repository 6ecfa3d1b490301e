import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminPayment, AdminUserDetail } from '@veo3/contracts/admin';
import { ApiError } from '@veo3/platform/api/api-client';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link, useParams } from '@veo3/platform/routing/router';
import { fetchAudit, fetchUser } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { AuditTable } from '../audit/audit-table';
import { Notice } from '../console/notice';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { PaymentsTable } from '../payments/payments-table';
import { RefundPaymentDialog } from '../payments/refund-payment-dialog';
import { TaskActionDialog, type TaskAction } from '../tasks/task-action-dialog';
import { TasksTable } from '../tasks/tasks-table';
import { AdjustCreditsForm } from './adjust-credits-form';
import { RoleBadges } from './role-badges';
import { RoleControls } from './role-controls';
import { SignOutControl } from './sign-out-control';

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

function UserSections({ detail }: { detail: AdminUserDetail }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  const { user, ledger, payments, subscription, tasks, sessions } = detail;
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [taskAction, setTaskAction] = useState<TaskAction | null>(null);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const audit = useQuery({
    queryKey: adminKeys.auditList({ target_id: user.id, page: 1 }),
    queryFn: ({ signal }) => fetchAudit({ target_id: user.id, page: 1 }, signal),
  });

  return (
    <>
      <h2 id="admin-user-title" className={styles.title}>
        {user.email}
      </h2>
      <p className={styles.intro}>
        {user.name ?? t('none')} · {t('provider')}: {user.provider} · {t('columnSignedUp')}:{' '}
        <time dateTime={user.created_at}>{formatDate(user.created_at, lang)}</time> · <RoleBadges user={user} />
      </p>
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="admin-user-balance">
          <h3 id="admin-user-balance" className={styles.cardTitle}>
            {t('balance')}
          </h3>
          <p className={styles.stat}>{t('creditsValue', { count: formatNumber(user.credits, lang) })}</p>
        </section>
        <section className={styles.card} aria-label={t('adjustCredits')}>
          <AdjustCreditsForm userId={user.id} />
        </section>
        <section className={styles.card} aria-label={t('roles')}>
          <RoleControls user={user} />
        </section>
        <section className={styles.card} aria-label={t('signOutEverywhere')}>
          <SignOutControl user={user} />
        </section>
      </div>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
      <Card title={t('ledger')}>
        {ledger.length === 0 ? (
          <EmptyState text={t('noLedger')} />
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.stack}`}>
              <caption>{t('ledger')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columnWhen')}</th>
                  <th scope="col" className={styles.numeric}>
                    {t('columnAmount')}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {t('columnBalanceAfter')}
                  </th>
                  <th scope="col">{t('columnSource')}</th>
                  <th scope="col">{t('columnDescription')}</th>
                </tr>
              </thead>
              <tbody>
                {ledger.map((line) => (
                  <tr key={line.id}>
                    <th scope="row">
                      <time dateTime={line.created_at}>{formatDate(line.created_at, lang, true)}</time>
                    </th>
                    <td data-label={t('columnAmount')} className={styles.numeric}>
                      {formatNumber(line.amount, lang, { signed: true })}
                    </td>
                    <td data-label={t('columnBalanceAfter')} className={styles.numeric}>
                      {formatNumber(line.balance_after, lang)}
                    </td>
                    <td data-label={t('columnSource')}>{line.source_type}</td>
                    <td data-label={t('columnDescription')}>{line.description ?? t('none')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card title={t('payments')}>
        {payments.length === 0 ? (
          <EmptyState text={t('noPayments')} />
        ) : (
          <PaymentsTable payments={payments} showUser={false} onRefund={setRefunding} />
        )}
      </Card>
      <Card title={t('subscription')}>
        {subscription ? (
          <p>
            {t('subscriptionLine', {
              plan: subscription.plan_id,
              cycle: subscription.billing_cycle,
              status: subscription.status,
            })}
            {subscription.simulated && <span className={styles.badge}> {t('simulated')}</span>}
            <br />
            {subscription.current_period_end &&
              t('renewsOn', { date: formatDate(subscription.current_period_end, lang) })}
            {subscription.canceled_at && ` · ${t('canceledOn', { date: formatDate(subscription.canceled_at, lang) })}`}
          </p>
        ) : (
          <EmptyState text={t('noSubscription')} />
        )}
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
        {sessions.length === 0 ? (
          <EmptyState text={t('noSessions')} />
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.stack}`}>
              <caption>{t('sessions')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columnCreated')}</th>
                  <th scope="col">{t('columnExpires')}</th>
                  <th scope="col">{t('columnRevoked')}</th>
                  <th scope="col">{t('columnDevice')}</th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">
                      <time dateTime={s.created_at}>{formatDate(s.created_at, lang, true)}</time>
                    </th>
                    <td data-label={t('columnExpires')}>{formatDate(s.expires_at, lang, true) || t('none')}</td>
                    <td data-label={t('columnRevoked')}>{formatDate(s.revoked_at, lang, true) || t('none')}</td>
                    <td data-label={t('columnDevice')}>{s.user_agent ?? t('none')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card title={t('auditTable')}>
        {audit.isPending ? (
          <LoadingState />
        ) : audit.isError ? (
          <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
        ) : audit.data.items.length === 0 ? (
          <EmptyState text={t('noAudit')} />
        ) : (
          <AuditTable entries={audit.data.items} showTarget={false} />
        )}
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
