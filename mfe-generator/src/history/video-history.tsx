import type { RefObject } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Pagination } from '@veo3/platform/ui/pagination';
import { Spinner } from '@veo3/platform/ui/spinner';
import { EmptyHistory } from './empty-history';
import { historyErrorMessage } from './history-error';
import { historyMessages } from './history.messages';
import { InProgressList } from './in-progress-list';
import { UndoNotice } from './undo-notice';
import { useDeleteFocus } from './use-delete-focus';
import { useDeleteWithUndo } from './use-delete-with-undo';
import { useHistoryRemake } from './use-history-remake';
import { useVideoHistory } from './use-video-history';
import { VideoCard } from './video-card';
import styles from './history-page.module.css';

export interface VideoHistoryProps {
  userId: string;
  /** Focus lands here when a delete leaves no card to move to. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * SPEC §4 'History': loading, error with Retry, empty, or the list, ten per page with ?page= in the
 * URL. The first page also shows the tasks still in progress, apart from the paged list.
 * Each video can be deleted, with Undo.
 */
export function VideoHistory({ userId, headingRef }: VideoHistoryProps) {
  const t = useT(historyMessages);
  const { page, history, changePage } = useVideoHistory(userId);
  const deletion = useDeleteWithUndo(userId);
  const remake = useHistoryRemake();
  const listRef = useDeleteFocus(deletion.focus, deletion.focusDone, headingRef);

  const notice = (
    <UndoNotice
      notice={deletion.notice}
      alert={deletion.alert}
      onUndo={deletion.undo}
      onDismissAlert={deletion.dismissAlert}
    />
  );
  if (history.isError && !history.isFetching) {
    const { key, vars } = historyErrorMessage(history.error);
    return (
      <>
        <ErrorPanel title={t('loadFailedTitle')} message={t(key, vars)} onRetry={() => void history.refetch()} />
        {notice}
      </>
    );
  }
  if (!history.data) {
    return (
      <div className={styles.loading}>
        <Spinner size="lg" />
      </div>
    );
  }
  const { total, pages } = history.data;
  const items = history.data.items.filter((video) => !deletion.hidden.has(video.id));
  const inProgress = page === 1 ? (history.data.in_progress ?? []) : [];
  const remove = (video: (typeof items)[number], index: number) => {
    const next = items[index + 1] ?? items[index - 1];
    deletion.remove(video, page, history.data.items.indexOf(video), next ? { taskId: next.id } : 'heading');
  };
  // Empty also while the last cards of the first page are being deleted (the list is not loaded again yet).
  if ((total === 0 || (page === 1 && items.length === 0)) && inProgress.length === 0) {
    return (
      <>
        {notice}
        <EmptyHistory />
      </>
    );
  }
  return (
    <>
      {notice}
      {inProgress.length > 0 && <InProgressList tasks={inProgress} />}
      {inProgress.length > 0 && items.length > 0 && <h2 className={styles.listTitle}>{t('finishedTitle')}</h2>}
      {total > 0 && (
        <>
          <ul ref={listRef} className={styles.grid} aria-busy={history.isPlaceholderData}>
            {items.map((video, index) => (
              <li key={video.id}>
                <VideoCard video={video} onDelete={() => remove(video, index)} remake={remake} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pages} onChange={changePage} />
        </>
      )}
    </>
  );
}
