import { useCallback, useRef, type Dispatch, type SetStateAction } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import type { CompletedVideo } from '../api/video-api';
import { videoKeys } from '../api/video-keys';
import { toFailureMessage } from './generation-failure';
import type { GenerationState } from './generation-state';
import { clearPendingTask } from './pending-task-storage';

export type SettleOutcome = { video: CompletedVideo } | { error: unknown };

/** How a watched task ends (`settle`) or moves on (`showProgress`) in the generator's state. */
export function useSettleGeneration(userId: string | null, setState: Dispatch<SetStateAction<GenerationState>>) {
  const queryClient = useQueryClient();
  // The task that reached its end, so a poll and an event arriving together settle it once.
  const settledRef = useRef<string | null>(null);

  /** Ends or updates the generation of `taskId` from a read of the task, by a poll or the stream. */
  const settle = useCallback(
    (taskId: string, outcome: SettleOutcome) => {
      if (!userId || settledRef.current === taskId) return;
      settledRef.current = taskId;
      clearPendingTask(userId);
      if ('video' in outcome) {
        void queryClient.invalidateQueries({ queryKey: videoKeys.histories() });
        setState({ phase: 'success', video: outcome.video });
      } else {
        // The server refunds a failed or timed-out task, so the balance may have changed.
        void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
        setState((s) => ({
          phase: 'error',
          failure: toFailureMessage(outcome.error),
          base: s.phase === 'generating' ? s.base : null,
        }));
      }
    },
    [userId, queryClient, setState],
  );

  const showProgress = useCallback(
    (progress: string) => setState((s) => (s.phase === 'generating' ? { ...s, progress } : s)),
    [setState],
  );

  return { settle, showProgress };
}
