import { useId } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import type { PublicVideoTask as VideoTask } from '@veo3/contracts/video';
import { historyMessages } from './history.messages';
import styles from './in-progress-list.module.css';
import { TaskSummary } from './task-summary';

/**
 * The user's tasks still being made (a generation may outlast the generator's notice), above
 * the finished videos on the first page. Each shows its prompt, model, format, start time and status.
 */
export function InProgressList({ tasks }: { tasks: VideoTask[] }) {
  const t = useT(historyMessages);
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('inProgressTitle')}
      </h2>
      <p className={styles.text}>{t('inProgressText')}</p>
      <ul className={styles.list}>
        {tasks.map((task) => (
          <li key={task.id}>
            <InProgressCard task={task} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function InProgressCard({ task }: { task: VideoTask }) {
  const t = useT(historyMessages);
  const promptId = useId();
  const pending = String(task.status).toLowerCase() === 'pending';
  return (
    <article className={styles.card} aria-labelledby={promptId}>
      <span className={pending ? `${styles.badge} ${styles.badgePending}` : styles.badge}>
        <span className={styles.dot} aria-hidden="true" />
        {t(pending ? 'statusPending' : 'statusProcessing')}
      </span>
      <TaskSummary task={task} promptId={promptId} dateLabel="startedLabel" />
    </article>
  );
}
