import type { VideoShape } from '@veo3/contracts/generation-options';
import type { CompletedVideo } from '../api/video-api';
import type { FailureMessage } from './generation-failure';
import type { GenerationMode, ModelOption } from './model-options';
import { readPendingTask, type PendingTask } from './pending-task-storage';

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

export const IDLE: GenerationState = { phase: 'idle' };

export const generating = (task: PendingTask, base: CompletedVideo | null = null): GenerationState => ({
  phase: 'generating',
  ...task,
  progress: null,
  base,
});

export function initialState(userId: string | null): GenerationState {
  const pending = userId ? readPendingTask(userId) : null;
  return pending ? generating(pending) : IDLE;
}
