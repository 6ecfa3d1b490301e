import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@veo3/platform/api/api-client';
import { deleteVideoTask, restoreVideoTask, type CompletedHistoryVideo, type VideoHistoryPage } from '../api/video-api';
import { videoKeys } from '../api/video-keys';

/** How long the "Video deleted." notice offers Undo. */
export const UNDO_WINDOW_MS = 10_000;

/** The latest delete, while its Undo is offered. */
export interface Deletion {
  video: CompletedHistoryVideo;
  /** Where the card stood on its page, so Undo puts it back there. */
  page: number;
  index: number;
  /** Settles once the server answered: whether the video is deleted. */
  done: Promise<boolean>;
}

export interface HistoryAlert {
  key: 'deleteFailed' | 'restoreFailed';
  prompt: string;
}

/** Where focus goes after the list changed: a card (its first action) or the page heading. */
export type FocusTarget = { taskId: string } | 'heading';

/**
 * History's Delete with Undo: the card leaves at once, the server is told, and Undo is offered
 * until UNDO_WINDOW_MS pass or the next delete replaces it (the earlier video then stays deleted).
 * Undo puts the card back where it was at once and restores it on the server; a failure either
 * way puts the list back as the server has it and raises an alert.
 */
export function useDeleteWithUndo(userId: string) {
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [notice, setNotice] = useState<Deletion | null>(null);
  const [alert, setAlert] = useState<HistoryAlert | null>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(null);

  const show = useCallback((taskId: string, shown: boolean) => {
    setHidden((current) => {
      const next = new Set(current);
      if (shown) next.delete(taskId);
      else next.add(taskId);
      return next;
    });
  }, []);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: videoKeys.histories() }),
    [queryClient],
  );

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice((current) => (current === notice ? null : current)), UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  /** Deletes `video` (at `index` of `page`); focus goes to `focusNext`. */
  const remove = useCallback(
    (video: CompletedHistoryVideo, page: number, index: number, focusNext: FocusTarget) => {
      show(video.id, false);
      setAlert(null);
      setFocus(focusNext);
      const done = deleteVideoTask(video.id).then(
        () => true,
        (error: unknown) => {
          // Already gone (deleted in another tab): what the user asked for.
          if (error instanceof ApiError && error.status === 404) return true;
          show(video.id, true);
          setNotice((current) => (current?.video.id === video.id ? null : current));
          setAlert({ key: 'deleteFailed', prompt: video.prompt });
          return false;
        },
      );
      void done.then((deleted) => deleted && refresh());
      setNotice({ video, page, index, done });
    },
    [refresh, show],
  );

  const undo = useCallback(() => {
    if (!notice) return;
    const { video, page, index, done } = notice;
    setNotice(null);
    setAlert(null);
    // Back in its place on its page even when the page was loaded again without it meanwhile.
    queryClient.setQueryData<VideoHistoryPage>(videoKeys.history(userId, page), (old) => {
      if (!old || old.items.some((item) => item.id === video.id)) return old;
      const items = [...old.items];
      items.splice(Math.min(index, items.length), 0, video);
      return { ...old, items, total: old.total + 1 };
    });
    show(video.id, true);
    setFocus({ taskId: video.id });
    void done.then(async (deleted) => {
      if (!deleted) return;
      try {
        await restoreVideoTask(video.id);
      } catch {
        show(video.id, false);
        setFocus('heading');
        setAlert({ key: 'restoreFailed', prompt: video.prompt });
      }
      refresh();
    });
  }, [notice, queryClient, refresh, show, userId]);

  return {
    hidden,
    notice,
    alert,
    focus,
    remove,
    undo,
    dismissAlert: useCallback(() => setAlert(null), []),
    focusDone: useCallback(() => setFocus(null), []),
  };
}
