import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@veo3/platform/api/api-client';
import type { PublicVideoTask } from '@veo3/contracts/video';
import { deleteVideoTask, restoreVideoTask } from '../api/video-api';

/** How long a deleted card offers Undo in its place (as History's notice does). */
export const UNDO_WINDOW_MS = 10_000;

/** A card's delete: 'undoable' shows Undo in its place, 'gone' hides it, 'failed' keeps it with an alert. */
export type DeleteState = 'undoable' | 'gone' | 'deleteFailed' | 'restoreFailed';

/**
 * Delete with Undo on the feed's cards: the card turns into "Video deleted. Undo" at once while the
 * server is told; Undo restores it. A failure either way keeps or brings back what the server has.
 */
export function useFeedDelete(reload: () => void) {
  const [states, setStates] = useState<ReadonlyMap<string, DeleteState>>(() => new Map());
  // Each delete's answer (whether it deleted), so an Undo sent meanwhile restores after it.
  const deletes = useRef(new Map<string, Promise<boolean>>());
  const mark = useCallback((taskId: string, state: DeleteState | null) => {
    setStates((current) => {
      const next = new Map(current);
      if (state) next.set(taskId, state);
      else next.delete(taskId);
      return next;
    });
  }, []);

  const remove = useCallback(
    (task: PublicVideoTask) => {
      mark(task.id, 'undoable');
      const done = deleteVideoTask(task.id).then(
        () => true,
        (error: unknown) => {
          // Already gone (deleted in another tab) is what the user asked for.
          if (error instanceof ApiError && error.status === 404) return true;
          mark(task.id, 'deleteFailed');
          return false;
        },
      );
      deletes.current.set(task.id, done);
      void done.then((deleted) => deleted && reload());
    },
    [mark, reload],
  );

  const undo = useCallback(
    (task: PublicVideoTask) => {
      mark(task.id, null);
      void (deletes.current.get(task.id) ?? Promise.resolve(true)).then(async (deleted) => {
        if (!deleted) return;
        try {
          await restoreVideoTask(task.id);
        } catch {
          mark(task.id, 'restoreFailed');
        }
        reload();
      });
    },
    [mark, reload],
  );

  return {
    states,
    remove,
    undo,
    expire: useCallback((taskId: string) => mark(taskId, 'gone'), [mark]),
    dismiss: useCallback((taskId: string) => mark(taskId, null), [mark]),
  };
}
