import { useId } from 'react';
import { formatShape } from '../../../services/src/video/generation-options';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import type { VideoTask } from '../api/video-api';
import { modelName } from '../generator/model-options';
import { historyMessages } from './history.messages';
import styles from './in-progress-list.module.css';

/**
 * The user's tasks still being made (issue 9: a generation may outlast the generator's notice), above
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
  const lang = useLanguage();
  const promptId = useId();
  const shape = { aspectRatio: task.aspect_ratio ?? '16:9', resolution: task.resolution ?? '720p' } as const;
  const pending = String(task.status).toLowerCase() === 'pending';
  return (
    <article className={styles.card} aria-labelledby={promptId}>
      <span className={pending ? `${styles.badge} ${styles.badgePending}` : styles.badge}>
        <span className={styles.dot} aria-hidden="true" />
        {t(pending ? 'statusPending' : 'statusProcessing')}
      </span>
      <p id={promptId} className={styles.prompt} title={task.prompt}>
        {task.prompt}
      </p>
      <dl className={styles.meta}>
        <div>
          <dt>{t('modelLabel')}</dt>
          <dd>{modelName(task.model)}</dd>
        </div>
        <div>
          <dt>{t('formatLabel')}</dt>
          <dd>{formatShape(shape)}</dd>
        </div>
        <div>
          <dt>{t('startedLabel')}</dt>
          <dd>
            <time dateTime={task.created_at}>{formatDate(task.created_at, lang, true)}</time>
          </dd>
        </div>
      </dl>
    </article>
  );
}
