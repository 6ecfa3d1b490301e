import { useEffect, useRef, type RefObject } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStreamLiveSince, useTaskEvents } from '@veo3/platform/events/use-task-events';
import { Link, useSearchParams } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Pagination } from '@veo3/platform/ui/pagination';
import { Spinner } from '@veo3/platform/ui/spinner';
import { fetchVideoHistory, taskFromEvent, type CompletedHistoryVideo, type VideoHistoryPage } from '../api/video-api';
import { videoKeys } from '../api/video-keys';
import { historyErrorMessage } from './history-error';
import { historyMessages } from './history.messages';
import { InProgressList } from './in-progress-list';
import { UndoNotice } from './undo-notice';
import { useDeleteWithUndo } from './use-delete-with-undo';
import { VideoCard } from './video-card';
import styles from './history-page.module.css';

/**
 * While some videos are still being made and the task event stream is not live, the page asks again
 * this often, so each moves to the list when done.
 */
export const IN_PROGRESS_REFRESH_MS = 15_000;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export default function HistoryPage() {
  const t = useT(historyMessages);
  const { user } = useSession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageMeta(t('title'), '/video-history', t('metaDescription'));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {/* Focus lands here when a delete leaves no card to move to. */}
        <h1 className={styles.title} ref={headingRef} tabIndex={-1}>
          {t('title')}
        </h1>
        {user && <p className={styles.intro}>{t('intro')}</p>}
      </header>
      {user ? (
        <VideoHistory userId={user.id} headingRef={headingRef} />
      ) : (
        <section className={styles.panel}>
          <LockIcon />
          <p className={styles.panelText}>{t('signedOutText')}</p>
          <Link to="/login" className="pf-button pf-button--primary pf-button--md">
            {t('loginNow')}
          </Link>
        </section>
      )}
    </div>
  );
}

/**
 * SPEC §4 'History': loading, error with Retry, empty, or the list, ten per page with ?page= in the
 * URL. The first page also shows the tasks still in progress, apart from the paged list.
 * Each video can be deleted, with Undo.
 */
function VideoHistory({ userId, headingRef }: { userId: string; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const t = useT(historyMessages);
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const queryClient = useQueryClient();
  const liveSince = useStreamLiveSince();
  const queryKey = videoKeys.history(userId, page);
  const history = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchVideoHistory(page, signal),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      liveSince === null && query.state.data?.in_progress?.length ? IN_PROGRESS_REFRESH_MS : false,
  });

  // A progress event updates its card in place; a task that ends, or one this page does not show
  // yet (started in another tab), makes the history load again.
  useTaskEvents(null, (event) => {
    const task = taskFromEvent(event);
    const shown = queryClient
      .getQueryData<VideoHistoryPage>(queryKey)
      ?.in_progress?.some((shownTask) => shownTask.id === task.id);
    if (event.type === 'progress' && shown) {
      queryClient.setQueryData<VideoHistoryPage>(
        queryKey,
        (old) =>
          old && {
            ...old,
            in_progress: old.in_progress?.map((shownTask) =>
              shownTask.id === task.id ? { ...shownTask, ...task } : shownTask,
            ),
          },
      );
    } else if (event.type !== 'progress' || page === 1) {
      void queryClient.invalidateQueries({ queryKey: videoKeys.histories() });
    }
  });

  // A new connection may have missed the end of a task shown in progress (only the first page shows them).
  useEffect(() => {
    if (liveSince === null) return;
    if (queryClient.getQueryData<VideoHistoryPage>(videoKeys.history(userId, 1))?.in_progress?.length)
      void queryClient.invalidateQueries({ queryKey: videoKeys.histories() });
  }, [liveSince, queryClient, userId]);

  const deletion = useDeleteWithUndo(userId);
  const { focus, focusDone } = deletion;
  const listRef = useRef<HTMLUListElement>(null);
  // After a delete or an undo, once the list is drawn: the named card's first action, or the heading.
  useEffect(() => {
    if (!focus) return;
    const target =
      focus === 'heading'
        ? headingRef.current
        : listRef.current?.querySelector<HTMLElement>(`[data-task-id="${focus.taskId}"] [data-first-action]`);
    if (!target) return;
    target.focus();
    focusDone();
  });

  const changePage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

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
  const remove = (video: CompletedHistoryVideo, index: number) => {
    const next = items[index + 1] ?? items[index - 1];
    deletion.remove(video, page, history.data.items.indexOf(video), next ? { taskId: next.id } : 'heading');
  };
  // Empty also while the last cards of the first page are being deleted (the list is not loaded again yet).
  if ((total === 0 || (page === 1 && items.length === 0)) && inProgress.length === 0) {
    return (
      <>
        {notice}
        <section className={styles.panel}>
          <FilmIcon />
          <h2 className={styles.panelTitle}>{t('emptyTitle')}</h2>
          <p className={styles.panelText}>{t('emptyText')}</p>
          <Link to="/text-to-veo3-video?type=text" className="pf-button pf-button--primary pf-button--md">
            {t('createFirst')}
          </Link>
        </section>
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
                <VideoCard video={video} onDelete={() => remove(video, index)} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pages} onChange={changePage} />
        </>
      )}
    </>
  );
}

function FilmIcon() {
  return (
    <span className={styles.icon} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="1.8">
        <rect x="3" y="4" width="18" height="16" rx="2.5" />
        <path d="M7 4v16M17 4v16M3 9h4M3 15h4M17 9h4M17 15h4" />
      </svg>
    </span>
  );
}

function LockIcon() {
  return (
    <span className={styles.icon} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="1.8">
        <rect x="4" y="10" width="16" height="11" rx="2.5" />
        <path d="M8 10V7a4 4 0 1 1 8 0v3" strokeLinecap="round" />
      </svg>
    </span>
  );
}
