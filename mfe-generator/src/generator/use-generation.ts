import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { trackEvent, trackGeneratePrompt } from '@veo3/platform/analytics/analytics';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { taskEvents } from '@veo3/platform/events/task-events';
import { useStreamLiveSince, useTaskEvents, useTaskStreamStatus } from '@veo3/platform/events/use-task-events';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { VideoShape } from '@veo3/contracts/generation-options';
import type { ErrorReply } from '@veo3/contracts/envelope';
import type { GenerateReply, PublicVideoTask as VideoTask } from '@veo3/contracts/video';
import {
  editVideo,
  extendVideo,
  fetchVideoTask,
  generateVideo,
  taskFromEvent,
  type CompletedVideo,
} from '../api/video-api';
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
import { pollVideoTask, settleTask } from './poll-video-task';

/**
 * SPEC §4 'Generator': idle → generating → success | error. An edit or extension of a finished
 * video (`base`) is watched like a generation, with that video kept on screen until the new one is ready.
 */
export type GenerationState =
  | { phase: 'idle' }
  /** taskId is null while the request is being sent; progress is the last status_message. */
  | {
      phase: 'generating';
      taskId: string | null;
      startedAt: number;
      progress: string | null;
      base: CompletedVideo | null;
    }
  | { phase: 'success'; video: CompletedVideo }
  | { phase: 'error'; failure: FailureMessage; base: CompletedVideo | null };

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
  /** Seconds for a model priced by length (Omni), else null. */
  duration: number | null;
  /** Omni only. */
  referenceImages: readonly File[];
}

/** What to make of a finished Omni video: a version changed by an instruction, or one made longer. */
export type FollowUp = { kind: 'edit'; instruction: string } | { kind: 'extend'; seconds: number };

export interface Generation {
  state: GenerationState;
  /** Sends an already validated request; its task is then watched until it ends. */
  start: (request: GenerationRequest) => Promise<void>;
  /** Sends an edit or extension of `base` (already validated); the new version is watched like a generation. */
  followUp: (base: CompletedVideo, action: FollowUp) => Promise<void>;
  /** Shows a finished video as the result, to edit or extend it (opened from History), unless one is being made. */
  show: (video: CompletedVideo) => void;
  /** 'Generate New' and 'Try Again': back to idle, or to the video an edit or extension started from. */
  reset: () => void;
}

const IDLE: GenerationState = { phase: 'idle' };

const generating = (task: PendingTask, base: CompletedVideo | null = null): GenerationState => ({
  phase: 'generating',
  ...task,
  progress: null,
  base,
});

function initialState(userId: string | null): GenerationState {
  const pending = userId ? readPendingTask(userId) : null;
  return pending ? generating(pending) : IDLE;
}

/**
 * The generator's state machine for the signed-in `userId`. The task being generated is kept in
 * localStorage, so a reload (or coming back to the page) resumes watching it. Its end arrives on the
 * tab's task event stream; SPEC §9's polling is the fallback while the stream is not live.
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

  const watchedTaskId = state.phase === 'generating' ? state.taskId : null;
  const watchedSince = state.phase === 'generating' ? state.startedAt : 0;
  const streamStatus = useTaskStreamStatus();
  const liveSince = useStreamLiveSince();
  // Poll only while the stream cannot tell us: off, or failed and reopening (one poll count across
  // its attempts). The first 'connecting' turns 'live' or 'retrying' within a few seconds.
  const polling = streamStatus === 'off' || streamStatus === 'retrying';
  // The task that reached its end, so a poll and an event arriving together settle it once.
  const settledRef = useRef<string | null>(null);

  /** Ends or updates the generation of `taskId` from a read of the task, by a poll or the stream. */
  const settle = useCallback(
    (taskId: string, outcome: { video: CompletedVideo } | { error: unknown }) => {
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
    [userId, queryClient],
  );

  const showProgress = useCallback(
    (progress: string) => setState((s) => (s.phase === 'generating' ? { ...s, progress } : s)),
    [],
  );

  /** Applies one read of the watched task (an event, or the one status request after a reconnect). */
  const applyTask = (task: VideoTask) => {
    if (!watchedTaskId || task.id !== watchedTaskId) return;
    let video: CompletedVideo | null;
    try {
      video = settleTask(task);
    } catch (error) {
      return settle(watchedTaskId, { error });
    }
    if (video) settle(watchedTaskId, { video });
    else if (task.status_message) showProgress(task.status_message);
  };

  useTaskEvents(watchedTaskId, (event) => applyTask(taskFromEvent(event)), Boolean(userId && watchedTaskId));
  const applyTaskRef = useRef(applyTask);
  useEffect(() => {
    applyTaskRef.current = applyTask;
  });

  // A connection that became live after the task was sent may have missed its end: the snapshot
  // lists unfinished tasks only, so a task missing from it is read once.
  useEffect(() => {
    if (!userId || !watchedTaskId || liveSince === null) return;
    if (liveSince <= watchedSince || taskEvents.latest(watchedTaskId)) return;
    const controller = new AbortController();
    fetchVideoTask(watchedTaskId, controller.signal).then(
      (reply) => {
        if (reply.success && reply.data) applyTaskRef.current(reply.data);
      },
      // Its events, or polling once the stream fails, carry on.
      () => undefined,
    );
    return () => controller.abort();
  }, [userId, watchedTaskId, watchedSince, liveSince]);

  // While the stream is not live, poll the task. Leaving the page stops polling but keeps the task
  // stored for a resume; each new task (or Try Again, or fallback) starts a fresh poll count.
  useEffect(() => {
    if (!userId || !watchedTaskId || !polling) return;
    const controller = new AbortController();
    const { signal } = controller;
    pollVideoTask(watchedTaskId, { signal, onProgress: showProgress }).then(
      (video) => settle(watchedTaskId, { video }),
      (error: unknown) => {
        if (!signal.aborted) settle(watchedTaskId, { error });
      },
    );
    return () => controller.abort();
  }, [userId, watchedTaskId, polling, settle, showProgress]);

  useEffect(() => {
    shownUserRef.current = userId;
    return () => {
      shownUserRef.current = null;
    };
  }, [userId]);

  /**
   * Sends a request that makes a task (a generation, an edit, an extension), then watches that task;
   * `base` is the video an edit or extension starts from, kept on screen meanwhile.
   */
  const submit = useCallback(
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
    [userId, queryClient],
  );

  const start = useCallback(
    (request: GenerationRequest) =>
      submit(
        () =>
          generateVideo({
            prompt: request.prompt,
            model: request.model.apiPath,
            aspectRatio: request.shape.aspectRatio,
            resolution: request.shape.resolution,
            negativePrompt: request.negativePrompt,
            image: request.image,
            lastFrame: request.lastFrame,
            duration: request.duration,
            referenceImages: request.referenceImages,
          }),
        null,
        () => {
          trackEvent('generate_video', { type: `${request.mode}_to_video` });
          trackGeneratePrompt({ mode: request.mode, model: request.model.apiPath, prompt: request.prompt });
        },
      ),
    [submit],
  );

  const followUp = useCallback(
    (base: CompletedVideo, action: FollowUp) =>
      submit(
        () => (action.kind === 'edit' ? editVideo(base.id, action.instruction) : extendVideo(base.id, action.seconds)),
        base,
        () => trackEvent(`${action.kind}_video`, { model: base.model }),
      ),
    [submit],
  );

  // A video being made keeps the result area: it is not dropped (nor its watching stopped) for another one.
  const show = useCallback(
    (video: CompletedVideo) => setState((s) => (s.phase === 'generating' ? s : { phase: 'success', video })),
    [],
  );

  const reset = useCallback(
    () => setState((s) => (s.phase === 'error' && s.base ? { phase: 'success', video: s.base } : IDLE)),
    [],
  );

  return { state, start, followUp, show, reset };
}
