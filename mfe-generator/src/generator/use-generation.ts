import { useCallback, useState } from 'react';
import { trackEvent, trackGeneratePrompt } from '@veo3/platform/analytics/analytics';
import { editVideo, extendVideo, generateVideo, type CompletedVideo } from '../api/video-api';
import { IDLE, initialState, type FollowUp, type GenerationRequest, type GenerationState } from './generation-state';
import { useSettleGeneration } from './use-settle-generation';
import { useSubmitTask } from './use-submit-task';
import { useWatchTask } from './use-watch-task';

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

/**
 * The generator's state machine for the signed-in `userId`. The task being generated is kept in
 * localStorage, so a reload (or coming back to the page) resumes watching it. Its end arrives on the
 * tab's task event stream; SPEC §9's polling is the fallback while the stream is not live.
 */
export function useGeneration(userId: string | null): Generation {
  const [state, setState] = useState<GenerationState>(() => initialState(userId));
  const [stateOwner, setStateOwner] = useState(userId);

  // Another user (or none) never sees the previous user's result: start over from their own storage.
  if (stateOwner !== userId) {
    setStateOwner(userId);
    setState(initialState(userId));
  }

  const { settle, showProgress } = useSettleGeneration(userId, setState);
  useWatchTask({
    userId,
    taskId: state.phase === 'generating' ? state.taskId : null,
    since: state.phase === 'generating' ? state.startedAt : 0,
    settle,
    showProgress,
  });
  const submit = useSubmitTask(userId, setState);

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
