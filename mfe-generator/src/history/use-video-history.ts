import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStreamLiveSince, useTaskEvents } from '@veo3/platform/events/use-task-events';
import { useSearchParams } from '@veo3/platform/routing/router';
import { fetchVideoHistory, taskFromEvent, type VideoHistoryPage } from '../api/video-api';
import { videoKeys } from '../api/video-keys';

/**
 * While some videos are still being made and the task event stream is not live, the page asks again
 * this often, so each moves to the list when done.
 */
export const IN_PROGRESS_REFRESH_MS = 15_000;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The history page `?page=` names, kept current by the task event stream (or refreshed while it is down). */
export function useVideoHistory(userId: string) {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
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
  useHistoryEvents(queryKey, page);
  useReloadAfterReconnect(userId, liveSince);

  const changePage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };
  return { page, history, changePage };
}

/**
 * A progress event updates its card in place; a task that ends, or one this page does not show
 * yet (started in another tab), makes the history load again.
 */
function useHistoryEvents(queryKey: readonly unknown[], page: number): void {
  const queryClient = useQueryClient();
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
}

/** A new connection may have missed the end of a task shown in progress (only the first page shows them). */
function useReloadAfterReconnect(userId: string, liveSince: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (liveSince === null) return;
    if (queryClient.getQueryData<VideoHistoryPage>(videoKeys.history(userId, 1))?.in_progress?.length)
      void queryClient.invalidateQueries({ queryKey: videoKeys.histories() });
  }, [liveSince, queryClient, userId]);
}
