import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { ErrorReply } from '@veo3/contracts/envelope';
import type { GenerateReply } from '@veo3/contracts/video';
import type { CompletedVideo } from '../api/video-api';
import { GenerationFailure, requestErrorFailure, requestFailure, toFailureMessage } from './generation-failure';
import { generating, type GenerationState } from './generation-state';
import { savePendingTask } from './pending-task-storage';

/**
 * Sends a request that makes a task (a generation, an edit, an extension), then watches that task;
 * `base` is the video an edit or extension starts from, kept on screen meanwhile.
 */
export function useSubmitTask(userId: string | null, setState: Dispatch<SetStateAction<GenerationState>>) {
  const queryClient = useQueryClient();
  // The user the page shows, or null once it has gone: a late answer only updates the state it belongs to.
  const shownUserRef = useRef<string | null>(null);

  useEffect(() => {
    shownUserRef.current = userId;
    return () => {
      shownUserRef.current = null;
    };
  }, [userId]);

  return useCallback(
    async (send: () => Promise<GenerateReply | ErrorReply>, base: CompletedVideo | null, onAccepted: () => void) => {
      if (!userId) return;
      const stillShown = () => shownUserRef.current === userId;
      const fail = (error: GenerationFailure) => {
        if (stillShown()) setState({ phase: 'error', failure: toFailureMessage(error), base });
      };
      const startedAt = Date.now();
      setState({ phase: 'generating', taskId: null, startedAt, progress: null, base });

      let reply: GenerateReply | ErrorReply;
      try {
        // Deliberately not aborted with the page: once the server answers, the credits are spent,
        // so the task id must still be stored for a resume even if the user has navigated away.
        reply = await send();
      } catch (error) {
        return fail(requestErrorFailure(error));
      }
      if (!reply.success) return fail(requestFailure(reply.message));
      const taskId = reply.data?.taskId;
      if (!taskId) return fail(new GenerationFailure('errorNoTaskId'));

      const task = { taskId, startedAt };
      savePendingTask(userId, task);
      const credits = reply.data?.remainingCredits;
      if (typeof credits === 'number') sessionStore.updateUser({ credits });
      void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
      onAccepted();
      if (stillShown()) setState(generating(task, base));
    },
    [userId, queryClient, setState],
  );
}
