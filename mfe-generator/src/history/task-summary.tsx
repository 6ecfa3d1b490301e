import { formatShape, type VideoShape } from '@veo3/contracts/generation-options';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import type { PublicVideoTask as VideoTask } from '@veo3/contracts/video';
import { modelName } from '../generator/model-options';
import { historyMessages } from './history.messages';
import styles from './task-summary.module.css';

/** A task's format; tasks from before formats existed are 16:9 720p. */
export function taskShape(task: VideoTask): VideoShape {
  return { aspectRatio: task.aspect_ratio ?? '16:9', resolution: task.resolution ?? '720p' };
}

/** A task's prompt (its card's name, `promptId`) and its model, format and date, as in every history card. */
export function TaskSummary({
  task,
  promptId,
  dateLabel,
}: {
  task: VideoTask;
  promptId: string;
  dateLabel: 'createdLabel' | 'startedLabel';
}) {
  const t = useT(historyMessages);
  const lang = useLanguage();
  return (
    <>
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
          <dd>{formatShape(taskShape(task))}</dd>
        </div>
        <div>
          <dt>{t(dateLabel)}</dt>
          <dd>
            <time dateTime={task.created_at}>{formatDate(task.created_at, lang, true)}</time>
          </dd>
        </div>
      </dl>
    </>
  );
}
