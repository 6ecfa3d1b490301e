import type { AdminTask } from '@veo3/contracts/admin';
import { VIDEO_TASK_STATUSES, type VideoTaskStatus } from '@veo3/contracts/video';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { Button } from '@veo3/platform/ui/button';
import { adminMessages } from '../admin.messages';
import styles from '../console/admin-console.module.css';

const TASK_STATUS_TEXT = new Set<string>(VIDEO_TASK_STATUSES);

/** Generations with the provider's reason; Refund (once) and Retry where the task allows them. */
export function TasksTable({
  tasks,
  onRefund,
  onRetry,
  showUser = true,
}: {
  tasks: AdminTask[];
  onRefund?: (task: AdminTask) => void;
  onRetry?: (task: AdminTask) => void;
  showUser?: boolean;
}) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  const actions = Boolean(onRefund || onRetry);
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <caption>{t('tasksTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columnWhen')}</th>
            {showUser && <th scope="col">{t('columnUser')}</th>}
            <th scope="col">{t('columnModel')}</th>
            <th scope="col">{t('columnPrompt')}</th>
            <th scope="col">{t('columnStatus')}</th>
            <th scope="col">{t('columnError')}</th>
            <th scope="col" className={styles.numeric}>
              {t('columnCredits')}
            </th>
            {actions && <th scope="col">{t('columnActions')}</th>}
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => {
            const retryable = task.status === 'failed' || task.stuck;
            return (
              <tr key={task.id}>
                <th scope="row">
                  <time dateTime={task.created_at}>{formatDate(task.created_at, lang, true)}</time>
                  <div className={styles.mono}>{task.id}</div>
                </th>
                {showUser && (
                  <td data-label={t('columnUser')}>
                    <Link className={styles.link} to={`/admin/users/${encodeURIComponent(task.user_id)}`}>
                      {task.user_email}
                    </Link>
                  </td>
                )}
                <td data-label={t('columnModel')}>{task.model}</td>
                <td data-label={t('columnPrompt')}>{task.prompt}</td>
                <td data-label={t('columnStatus')}>
                  <span className={`${styles.badge} ${task.status === 'failed' ? styles.badgeBad : ''}`}>
                    {TASK_STATUS_TEXT.has(task.status) ? t(`task_${task.status as VideoTaskStatus}`) : task.status}
                  </span>
                  {task.stuck && <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('stuckTasks')}</span>}
                  <span className={styles.badge}>{task.refunded ? t('refunded') : t('notRefunded')}</span>
                </td>
                <td data-label={t('columnError')}>
                  {task.error_code && <div className={styles.mono}>{task.error_code}</div>}
                  {task.error_detail ?? (task.error_code ? null : t('none'))}
                </td>
                <td data-label={t('columnCredits')} className={styles.numeric}>
                  {formatNumber(task.credits, lang)}
                </td>
                {actions && (
                  <td data-label={t('columnActions')}>
                    <div className={styles.rowActions}>
                      {onRefund && !task.refunded && task.status !== 'completed' && (
                        <Button
                          variant="danger"
                          size="sm"
                          aria-label={t('refundTaskNamed', { id: task.id })}
                          onClick={() => onRefund(task)}
                        >
                          {t('refund')}
                        </Button>
                      )}
                      {onRetry && retryable && (
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={t('retryNamed', { id: task.id })}
                          onClick={() => onRetry(task)}
                        >
                          {t('retry_task')}
                        </Button>
                      )}
                    </div>
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
