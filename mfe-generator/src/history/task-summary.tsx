import { formatShape, type VideoShape } from '@veo3/contracts/generation-options';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import type { PublicVideoTask as VideoTask } from '@veo3/contracts/video';
import { findVideoModel } from '@veo3/contracts/catalogue';
import { DRAFT_RESOLUTION } from '@veo3/contracts/model-catalogue';
import { modelName } from '../generator/model-options';
import { useCatalogue } from '../generator/use-video-options';
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
  // The catalogue is read only for a model beyond the first three (its name is there).
  const catalogue = useCatalogue(!findVideoModel(task.model));
  const shape = taskShape(task);
  return (
    <>
      <p id={promptId} className={styles.prompt} title={task.prompt}>
        {task.prompt}
      </p>
      <dl className={styles.meta}>
        <div>
          <dt>{t('modelLabel')}</dt>
          <dd>{modelName(task.model, catalogue)}</dd>
        </div>
        <div>
          <dt>{t('formatLabel')}</dt>
          <dd>{shape.resolution === DRAFT_RESOLUTION ? `${shape.aspectRatio} · ${t('draft')}` : formatShape(shape)}</dd>
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
