import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { trackEvent, trackGeneratePrompt } from '@veo3/platform/analytics/analytics';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { AspectRatio, VideoShape } from '../../../services/src/video/generation-options';
import { generateVideo, type ApiReply, type GenerateData } from '../api/video-api';
import { videoKeys } from '../api/video-keys';
import {
  GenerationFailure,
  requestErrorFailure,
  requestFailure,
  toFailureMessage,
  type FailureMessage,
} from './generation-failure';
import type { GenerationMode, ModelOption } from './model-options';
import { clearPendingTask, readPendingTask, savePendingTask, type PendingTask } from './pending-task-storage';
import { pollVideoTask } from './poll-video-task';

/** SPEC §4 'Generator': idle → generating → success | error. */
export type GenerationState =
  | { phase: 'idle' }
  /** taskId is null while the request is being sent; progress is the last status_message. */
  | { phase: 'generating'; taskId: string | null; startedAt: number; progress: string | null }
  | { phase: 'success'; videoUrl: string; posterUrl: string | null; prompt: string; aspectRatio: AspectRatio }
  | { phase: 'error'; failure: FailureMessage };

export interface GenerationRequest {
  mode: GenerationMode;
  model: ModelOption;
  prompt: string;
  shape: VideoShape;
  /** Text mode only ('' for none). */
  negativePrompt: string;
  /** Image mode only. */
  image: File | null;
  lastFrame: File | null;
}

export interface Generation {
  state: GenerationState;
  /** Sends an already validated request; its task is then polled until it ends. */
  start: (request: GenerationRequest) => Promise<void>;
  /** 'Generate New' and 'Try Again': back to idle. */
  reset: () => void;
}

const IDLE: GenerationState = { phase: 'idle' };

const generating = (task: PendingTask): GenerationState => ({ phase: 'generating', ...task, progress: null });

function initialState(userId: string | null): GenerationState {
  const pending = userId ? readPendingTask(userId) : null;
  return pending ? generating(pending) : IDLE;
}

/**
 * The generator's state machine for the signed-in `userId`. The task being generated is kept in
 * localStorage, so a reload (or coming back to the page) resumes polling it.
 */
export function useGeneration(userId: string | null): Generation {
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerationState>(() => initialState(userId));
  const [stateOwner, setStateOwner] = useState(userId);
  // The user the page shows, or null once it has gone: a late answer only updates the state it belongs to.
  const shownUserRef = useRef<string | null>(null);

  // Another user (or none) never sees the previous user's result: start over from their own storage.
  if (stateOwner !== userId) {
    setStateOwner(userId);
    setState(initialState(userId));
  }

  const pollingTaskId = state.phase === 'generating' ? state.taskId : null;

  // While a task is being generated, poll it. Leaving the page stops polling but keeps the task
  // stored for a resume; each new task (or Try Again) starts a fresh poll count.
  useEffect(() => {
    if (!userId || !pollingTaskId) return;
    const controller = new AbortController();
    const { signal } = controller;
    pollVideoTask(pollingTaskId, {
      signal,
      onProgress: (progress) => setState((s) => (s.phase === 'generating' ? { ...s, progress } : s)),
    }).then(
      (video) => {
        clearPendingTask(userId);
        void queryClient.invalidateQueries({ queryKey: videoKeys.histories() });
        setState({
          phase: 'success',
          videoUrl: video.result_url,
          posterUrl: video.poster_url ?? null,
          prompt: video.prompt,
          aspectRatio: video.aspect_ratio ?? '16:9',
        });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        clearPendingTask(userId);
        // The server refunds a failed or timed-out task, so the balance may have changed.
        void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
        setState({ phase: 'error', failure: toFailureMessage(error) });
      },
    );
    return () => controller.abort();
  }, [userId, pollingTaskId, queryClient]);

  useEffect(() => {
    shownUserRef.current = userId;
    return () => {
      shownUserRef.current = null;
    };
  }, [userId]);

  const start = useCallback(
    async ({ mode, model, prompt, shape, negativePrompt, image, lastFrame }: GenerationRequest) => {
      if (!userId) return;
      const stillShown = () => shownUserRef.current === userId;
      const fail = (error: GenerationFailure) => {
        if (stillShown()) setState({ phase: 'error', failure: toFailureMessage(error) });
      };
      const startedAt = Date.now();
      setState({ phase: 'generating', taskId: null, startedAt, progress: null });

      let reply: ApiReply<GenerateData>;
      try {
        // Deliberately not aborted with the page: once the server answers, the credits are spent,
        // so the task id must still be stored for a resume even if the user has navigated away.
        reply = await generateVideo({
          prompt,
          model: model.apiPath,
          aspectRatio: shape.aspectRatio,
          resolution: shape.resolution,
          negativePrompt,
          image,
          lastFrame,
        });
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
      trackEvent('generate_video', { type: `${mode}_to_video` });
      trackGeneratePrompt({ mode, model: model.apiPath, prompt });
      if (stillShown()) setState(generating(task));
    },
    [userId, queryClient],
  );

  const reset = useCallback(() => setState(IDLE), []);

  return { state, start, reset };
}
