import { useId } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import type { Resolution } from '@veo3/contracts/generation-options';
import { DRAFT_RESOLUTION, type OfferedModel } from '@veo3/contracts/model-catalogue';
import type { PublicVideoTask } from '@veo3/contracts/video';
import type { CompletedVideo } from '../api/video-api';
import { shortPrompt } from '../history/task-handoff';
import { GenerationProgress } from './generation-progress';
import type { GenerationState } from './generation-state';
import { generatorMessages } from './generator.messages';
import { modelName } from './model-options';
import { findModel } from './offered-models';
import { RemakeButton } from './remake-button';
import { progressMessage } from './progress-message';
import { useCardState } from './use-card-state';
import { useCatalogue } from './use-video-options';
import type { FeedItem } from './use-workspace';
import { VideoResult, type VideoResultProps } from './video-result';
import styles from './task-feed.module.css';

export interface TaskCardProps {
  item: FeedItem;
  userId: string | null;
  /** Edit and Extend for a finished video, or null when it cannot be edited. */
  followUpFor: (video: CompletedVideo) => VideoResultProps['followUp'];
  /** The card's task ended with its video (the feed keeps it). */
  onVideo: (video: CompletedVideo) => void;
  onReuse: (task: PublicVideoTask) => void;
  /** Try Again on a failed card. */
  onRetry: (item: FeedItem) => void;
  onGenerateNew: () => void;
  onDelete: (task: PublicVideoTask) => void;
  /** "Make in full quality" on a finished draft. */
  onRemake: (task: PublicVideoTask, resolution: Resolution) => void;
  /** The server refused the last Delete of this card. */
  deleteFailed: boolean;
  onDismissDeleteFailed: () => void;
}

/** The server's status line in the page's language, unless it only repeats the title. */
export function useStatusLine(state: GenerationState): string | null {
  const t = useT(generatorMessages);
  if (state.phase !== 'generating') return null;
  if (!state.taskId) return t('progressSubmitting');
  const progress = state.progress?.trim();
  if (!progress) return null;
  const known = progressMessage(progress);
  const line = known ? t(known.key, known.vars) : progress;
  const bare = (text: string) => text.replace(/[.…]+$/, '');
  return bare(line) === bare(t('generatingTitle')) ? null : line;
}

/**
 * One generation in the feed: what it is (prompt, model, length, seed), then its progress, its video
 * with Download and Edit/Extend, or the failure panel (SPEC §2 result states), and Reuse and Delete.
 */
export function TaskCard(props: TaskCardProps) {
  const { item, userId, followUpFor, onVideo, onGenerateNew } = props;
  const t = useT(generatorMessages);
  const titleId = useId();
  const catalogue = useCatalogue();
  const state = useCardState(userId, item, onVideo);
  const line = useStatusLine(state);
  const task = state.phase === 'success' ? state.video : item.task;
  const failure = state.phase === 'error' ? state.failure : null;
  // Always mounted, so screen readers hear each change; a failure is announced by its alert panel.
  const announcement =
    state.phase === 'success' ? t('videoReady') : line ? `${t('generatingTitle')} ${line}` : t('generatingTitle');

  return (
    <li className={styles.card}>
      <article
        aria-labelledby={item.group ? `${titleId}-model ${titleId}` : titleId}
        data-testid="task-card"
        data-status={state.phase}
        data-model={item.model ?? undefined}
      >
        {item.group && (
          <p id={`${titleId}-model`} className={styles.modelBadge}>
            {modelName(item.model ?? task?.model ?? '', catalogue)}
          </p>
        )}
        <CardHead titleId={titleId} prompt={item.prompt} task={task} catalogue={catalogue} named={!item.group} />
        <p role="status" className="pf-visually-hidden">
          {state.phase === 'error' ? '' : announcement}
        </p>
        {state.phase === 'generating' && (
          <GenerationProgress
            text={line}
            startedAt={state.startedAt}
            wait={findModel(catalogue, item.model)?.wait ?? null}
          />
        )}
        {state.phase === 'success' && (
          <VideoResult video={state.video} onGenerateNew={onGenerateNew} followUp={followUpFor(state.video)} />
        )}
        {failure && (
          <ErrorPanel
            title={t('errorTitle')}
            message={[t(failure.key, failure.vars), failure.noCharge ? t('noCreditsTaken') : ''].join(' ').trim()}
            onRetry={() => props.onRetry(item)}
            retryLabel={t('tryAgain')}
          />
        )}
        {task && <CardActions task={task} catalogue={catalogue} {...props} />}
        {props.deleteFailed && (
          <p role="alert" className={styles.cardAlert}>
            {t('deleteFailed')}{' '}
            <button
              type="button"
              className="pf-button pf-button--ghost pf-button--sm"
              onClick={props.onDismissDeleteFailed}
            >
              {t('dismiss')}
            </button>
          </p>
        )}
      </article>
    </li>
  );
}

function CardHead({
  titleId,
  prompt,
  task,
  catalogue,
  named,
}: {
  titleId: string;
  prompt: string;
  task: PublicVideoTask | null;
  catalogue: readonly OfferedModel[];
  /** Whether the facts name the model (a comparison's card has it in its badge). */
  named: boolean;
}) {
  const t = useT(generatorMessages);
  const facts = task
    ? [
        named ? modelName(task.model, catalogue) : null,
        t('secondsShort', { seconds: task.duration_s }),
        `${task.aspect_ratio} · ${task.resolution === DRAFT_RESOLUTION ? t('resolutionDraft') : task.resolution}`,
        task.seed !== null && task.seed !== undefined ? t('seedValue', { seed: task.seed }) : null,
      ]
    : [];
  const title = task?.kind === 'edit' && task.instruction ? t('cardEdit', { instruction: task.instruction }) : prompt;
  return (
    <header className={styles.cardHead}>
      <h3 id={titleId} className={styles.cardTitle}>
        {shortPrompt(title)}
      </h3>
      {facts.length > 0 && <p className={styles.cardMeta}>{facts.filter(Boolean).join(' · ')}</p>}
    </header>
  );
}

function CardActions({
  task,
  catalogue,
  onReuse,
  onDelete,
  onRemake,
}: TaskCardProps & { task: PublicVideoTask; catalogue: readonly OfferedModel[] }) {
  const t = useT(generatorMessages);
  // The server deletes only a finished task.
  const finished = task.status === 'completed' || task.status === 'failed';
  const prompt = shortPrompt(task.prompt);
  return (
    <div className={styles.cardActions}>
      <button
        type="button"
        className="pf-button pf-button--ghost pf-button--sm"
        aria-label={t('reuseLabel', { prompt })}
        onClick={() => onReuse(task)}
      >
        {t('reuse')}
      </button>
      <RemakeButton
        task={task}
        catalogue={catalogue}
        onRemake={onRemake}
        className="pf-button pf-button--secondary pf-button--sm"
      />
      {finished && (
        <button
          type="button"
          className="pf-button pf-button--ghost pf-button--sm"
          aria-label={t('deleteLabel', { prompt })}
          onClick={() => onDelete(task)}
        >
          {t('deleteVideo')}
        </button>
      )}
    </div>
  );
}
