import type { VideoShape } from '@veo3/contracts/generation-options';
import type { CompletedVideo } from '../api/video-api';
import type { FailureMessage } from './generation-failure';
import type { OfferedModel } from '@veo3/contracts/model-catalogue';
import type { GenerationMode } from './model-options';

/**
 * SPEC §4 'Generator': each card of the feed is generating → success | error. `taskId` is null
 * while the request is being sent; `progress` is the last status_message.
 */
export type GenerationState =
  | { phase: 'generating'; taskId: string | null; startedAt: number; progress: string | null }
  | { phase: 'success'; video: CompletedVideo }
  | { phase: 'error'; failure: FailureMessage };

export interface GenerationRequest {
  mode: GenerationMode;
  model: OfferedModel;
  /** "Compare models": the models that each make one video (then `model` and `variations` are not sent); null otherwise. */
  compare: readonly OfferedModel[] | null;
  prompt: string;
  shape: VideoShape;
  /** Text mode only ('' for none). */
  negativePrompt: string;
  /** Image mode only. */
  image: File | null;
  lastFrame: File | null;
  /** Seconds, for a model that takes a length (priced by it, or making several); else null. */
  duration: number | null;
  /** For a model that takes them (at most as many as it takes). */
  referenceImages: readonly File[];
  /** How many videos this one request makes (options.variations). */
  variations: number;
  /** The first variation's seed, for a model that takes one; null for random. */
  seed: number | null;
  /** The shared video this one remixes ("Make one like this"); null otherwise. */
  remixOf: string | null;
}

/**
 * What to make of a finished Omni video: a version changed by an instruction, or one made longer
 * (with what happens next, where the model takes it).
 */
export type FollowUp =
  { kind: 'edit'; instruction: string } | { kind: 'extend'; seconds: number; instruction?: string };
