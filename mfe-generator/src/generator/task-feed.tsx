import { useEffect, useId, useRef, type CSSProperties, type Ref } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import type { PublicVideoTask } from '@veo3/contracts/video';
import { shortPrompt } from '../history/task-handoff';
import { generatorMessages } from './generator.messages';
import { EmptyFeed } from './empty-feed';
import { feedRows } from './feed-rows';
import { modelName } from './model-options';
import { TaskCard, type TaskCardProps } from './task-card';
import { UNDO_WINDOW_MS, useFeedDelete } from './use-feed-delete';
import { useCatalogue } from './use-video-options';
import type { FeedItem } from './use-workspace';
import type { ModelWait } from './wait-estimate';
import type { Workspace } from './use-workspace';
import styles from './task-feed.module.css';

export interface TaskFeedProps extends Pick<
  TaskCardProps,
  'followUpFor' | 'onReuse' | 'onRetry' | 'onGenerateNew' | 'onRemake'
> {
  workspace: Workspace;
  userId: string | null;
  /** The length of the video the form would make, and how long it usually takes, told while the feed is empty. */
  seconds: number;
  wait: ModelWait | null;
  sectionRef?: Ref<HTMLElement>;
  /** Its place in the page's grid. */
  className: string;
}

/**
 * The generator's feed (SPEC §2 result area): the user's recent generations, newest first, each a
 * card with its own live state; how many are being made against the limit; Delete with Undo in place.
 */
export function TaskFeed({ workspace, userId, seconds, wait, sectionRef, className, ...cardProps }: TaskFeedProps) {
  const t = useT(generatorMessages);
  const headingId = useId();
  const deletion = useFeedDelete(workspace.reload);
  const catalogue = useCatalogue();
  const { items, active, maxActive } = workspace;

  const card = (item: FeedItem) => {
    const state = item.taskId ? deletion.states.get(item.taskId) : undefined;
    if (state === 'gone') return null;
    if (item.task && (state === 'undoable' || state === 'restoreFailed')) {
      return (
        <DeletedCard
          key={item.key}
          task={item.task}
          failed={state === 'restoreFailed'}
          onUndo={() => deletion.undo(item.task!)}
          onExpire={() => deletion.expire(item.task!.id)}
        />
      );
    }
    return (
      <TaskCard
        key={item.key}
        item={item}
        userId={userId}
        onVideo={workspace.put}
        onDelete={deletion.remove}
        deleteFailed={state === 'deleteFailed'}
        onDismissDeleteFailed={() => item.taskId && deletion.dismiss(item.taskId)}
        {...cardProps}
      />
    );
  };

  return (
    <section ref={sectionRef} className={`${className} ${styles.feed}`} aria-labelledby={headingId}>
      <div className={styles.feedHead}>
        <h2 id={headingId} className={styles.feedHeading}>
          {t('feedHeading')}
        </h2>
        {active > 0 && <p className={styles.activeNote}>{t('feedActive', { active, max: maxActive })}</p>}
      </div>
      {workspace.loadFailed && (
        <p className={styles.loadFailed}>
          {t('feedLoadFailed')}{' '}
          <button type="button" className="pf-button pf-button--ghost pf-button--sm" onClick={workspace.reload}>
            {t('feedRetry')}
          </button>
        </p>
      )}
      {items.length === 0 ? (
        !workspace.loading && <EmptyFeed seconds={seconds} wait={wait} />
      ) : (
        <ul className={styles.list}>
          {feedRows(items).map((row) =>
            row.kind === 'single' ? (
              card(row.item)
            ) : (
              <li key={row.key} className={styles.compareRow}>
                <ul
                  className={styles.compareList}
                  style={{ '--compare-count': row.items.length } as CSSProperties}
                  aria-label={t('compareRow', {
                    models: row.items.map((item) => modelName(item.model ?? '', catalogue)).join(', '),
                  })}
                >
                  {row.items.map(card)}
                </ul>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

/** A deleted card's place: "Video deleted." with Undo until UNDO_WINDOW_MS pass (focus comes here at once). */
function DeletedCard({
  task,
  failed,
  onUndo,
  onExpire,
}: {
  task: PublicVideoTask;
  failed: boolean;
  onUndo: () => void;
  onExpire: () => void;
}) {
  const t = useT(generatorMessages);
  const undoRef = useRef<HTMLButtonElement>(null);
  // A new onExpire each render must not restart the window.
  const expireRef = useRef(onExpire);
  useEffect(() => {
    expireRef.current = onExpire;
  });
  useEffect(() => {
    if (failed) return;
    undoRef.current?.focus();
    const timer = setTimeout(() => expireRef.current(), UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [failed]);
  return (
    <li className={`${styles.card} ${styles.deleted}`}>
      {failed ? (
        <p role="alert" className={styles.deletedText}>
          {t('restoreFailed')}{' '}
          <button type="button" className="pf-button pf-button--ghost pf-button--sm" onClick={onExpire}>
            {t('dismiss')}
          </button>
        </p>
      ) : (
        <p role="status" className={styles.deletedText}>
          {t('deleted')}{' '}
          <button
            ref={undoRef}
            type="button"
            className="pf-button pf-button--primary pf-button--sm"
            aria-label={t('undoLabel', { prompt: shortPrompt(task.prompt) })}
            onClick={onUndo}
          >
            {t('undo')}
          </button>
        </p>
      )}
    </li>
  );
}
