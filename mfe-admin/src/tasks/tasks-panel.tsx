import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_TASK_FILTERS } from '@veo3/contracts/admin';
import { useT } from '@veo3/platform/i18n/i18n';
import { fetchTasks, PAGE_SIZE } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { ListFooter } from '../console/list-footer';
import { Notice } from '../console/notice';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { TaskActionDialog, type TaskAction } from './task-action-dialog';
import { TasksTable } from './tasks-table';

type Filter = (typeof ADMIN_TASK_FILTERS)[number];

/** Failed and stuck generations across users, with Refund and Retry. */
export function TasksPanel() {
  const t = useT(adminMessages);
  const id = useId();
  const [status, setStatus] = useState<Filter>('failed');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<TaskAction | null>(null);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const filter = { status, page };
  const tasks = useQuery({
    queryKey: adminKeys.taskList(filter),
    queryFn: ({ signal }) => fetchTasks(filter, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('tasksTable')}
      </h2>
      <fieldset className={styles.filters}>
        <legend className="pf-visually-hidden">{t('taskFilter')}</legend>
        <div className={styles.switch}>
          {ADMIN_TASK_FILTERS.map((f) => (
            <label key={f} className={`${styles.tab} ${status === f ? styles.active : ''}`}>
              <input
                type="radio"
                name={`${id}-status`}
                className="pf-visually-hidden"
                checked={status === f}
                onChange={() => {
                  setStatus(f);
                  setPage(1);
                }}
              />
              {f === 'failed' ? t('failedTasks') : t('stuckTasks')}
            </label>
          ))}
        </div>
      </fieldset>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
      <div className={styles.card}>
        {tasks.isPending ? (
          <LoadingState />
        ) : tasks.isError ? (
          <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />
        ) : tasks.data.items.length === 0 ? (
          <EmptyState text={status === 'failed' ? t('noFailedTasks') : t('noStuckTasks')} />
        ) : (
          <>
            <TasksTable
              tasks={tasks.data.items}
              onRefund={(task) => setAction({ kind: 'refund', task })}
              onRetry={(task) => setAction({ kind: 'retry', task })}
            />
            <ListFooter
              page={tasks.data.page}
              pageSize={tasks.data.page_size || PAGE_SIZE}
              total={tasks.data.total}
              onPage={setPage}
            />
          </>
        )}
      </div>
      <TaskActionDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={(message, failed) => setNotice({ message, failed })}
      />
    </section>
  );
}
