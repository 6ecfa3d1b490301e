import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStreamLiveSince, useTaskEvents } from '@veo3/platform/events/use-task-events';
import type { PublicVideoTask, RecentTasks } from '@veo3/contracts/video';
import { fetchRecentTasks, taskFromEvent } from '../api/video-api';
import { videoKeys } from '../api/video-keys';

/** The server's default per-user limit, until its options or feed say otherwise. */
export const DEFAULT_MAX_ACTIVE = 3;

export const isActive = (task: Pick<PublicVideoTask, 'status'>) =>
  task.status === 'pending' || task.status === 'processing';

/** The newer reading of each task (by updated_at), newest task first. */
export function mergeTasks(...lists: readonly PublicVideoTask[][]): PublicVideoTask[] {
  const byId = new Map<string, PublicVideoTask>();
  for (const task of lists.flat()) {
    const known = byId.get(task.id);
    if (!known || Date.parse(task.updated_at) >= Date.parse(known.updated_at)) byId.set(task.id, task);
  }
  return [...byId.values()].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/**
 * The user's recent tasks (GET /api/video/recent), kept live by the tab's task event stream: an
 * event updates its task in place, an unknown task (another tab's) or a reconnect reloads the list.
 * Tasks read here (finished ones, History's hand-off) join the list until the server lists them.
 */
export function useTaskFeed(userId: string | null, optionsMaxActive: number | undefined) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => videoKeys.recent(userId ?? ''), [userId]);
  const recent = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchRecentTasks(signal),
    enabled: userId !== null,
  });
  const [added, setAdded] = useState<{ owner: string | null; tasks: PublicVideoTask[] }>({ owner: userId, tasks: [] });
  // Another user (or none) never sees the previous user's cards.
  const own = useMemo(() => (added.owner === userId ? added.tasks : []), [added, userId]);

  const put = useCallback(
    (task: PublicVideoTask) => {
      queryClient.setQueryData<RecentTasks>(
        queryKey,
        (old) => old && { ...old, items: old.items.map((item) => (item.id === task.id ? task : item)) },
      );
      setAdded((current) => ({
        owner: userId,
        tasks: [task, ...(current.owner === userId ? current.tasks : []).filter((item) => item.id !== task.id)],
      }));
    },
    [queryClient, queryKey, userId],
  );
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);

  useTaskEvents(
    null,
    (event) => {
      const task = taskFromEvent(event);
      const known = recent.data?.items.some((item) => item.id === task.id) || own.some((item) => item.id === task.id);
      if (known) put(task);
      else reload();
    },
    userId !== null,
  );
  useReloadWhenLive(userId, reload);

  const tasks = useMemo(() => mergeTasks(recent.data?.items ?? [], own), [recent.data, own]);
  return {
    tasks,
    /** Generations in the making now, against `maxActive`. */
    active: tasks.filter(isActive).length,
    maxActive: recent.data?.max_active ?? optionsMaxActive ?? DEFAULT_MAX_ACTIVE,
    loading: recent.isPending && userId !== null,
    loadFailed: recent.isError,
    put,
    reload,
  };
}

export type TaskFeed = ReturnType<typeof useTaskFeed>;

/** A new connection may have missed events: the list is read again (not on the first one, read with the page). */
function useReloadWhenLive(userId: string | null, reload: () => void): void {
  const liveSince = useStreamLiveSince();
  const seenRef = useRef<number | null>(liveSince);
  useEffect(() => {
    if (liveSince === null || liveSince === seenRef.current) return;
    const reconnected = seenRef.current !== null;
    seenRef.current = liveSince;
    if (reconnected && userId) reload();
  }, [liveSince, userId, reload]);
}
