import type { ProviderName } from '@veo3/contracts/model-catalogue';
import type { OptionSupport, VideoShape } from '@veo3/contracts/generation-options';
import type { VideoTaskKind } from '@veo3/contracts/video';
import type { CatalogueEntry } from '../catalogue/catalogue-entry';

/** An image handed to a provider, already checked to be JPEG, PNG, GIF or WebP. */
export interface ProviderImage {
  data: Buffer;
  mimeType: string;
}

/** The version an edit or an extension is made from. */
export interface ProviderParent {
  /** The parent's job id at this provider (Omni: its interaction id), or null when another provider made it. */
  jobId: string | null;
  /** A local file of the parent's video (a temporary copy the worker removes), for providers that take the video itself. */
  videoPath: string;
  /** The parent's whole length in seconds. */
  durationSeconds: number;
  /** The parent's prompt (an edit's new version keeps it; the instruction says what changes). */
  prompt: string;
}

/** What poll and download know of a task besides its job id. */
export interface ProviderJob extends VideoShape {
  /** The catalogue model's id. */
  model: string;
  kind: VideoTaskKind;
  /** The finished video's whole length in seconds (an extension's includes its parent's). */
  durationSeconds: number;
  /** Edit and extend: the parent (an extension's result holds the parent's seconds, then the added ones). */
  parent: ProviderParent | null;
}

/** What a provider needs to make one video. */
export interface ProviderInput extends ProviderJob {
  /** Our task id; providers that take an idempotency key or callback id use it. */
  taskId: string;
  prompt: string;
  /** The provider's own model for `model`, as the last model check found it (e.g. veo-3.1-generate-001). */
  providerModel: string;
  shape: VideoShape;
  /** Text mode only. */
  negativePrompt: string | null;
  /** Image mode only: the first frame. */
  image: ProviderImage | null;
  /** Image mode only, optional: the last frame. */
  lastFrame: ProviderImage | null;
  /** Omni only: up to 3 pictures of a character or product to carry into the shot. */
  referenceImages: ProviderImage[];
  /**
   * Edit: what to change ("make it night"); the rest of the shot stays as it was. Extend (optional,
   * where `extendInstruction`): what happens in the added seconds.
   */
  instruction: string | null;
  /** Generate only, for a model the provider `takesSeed` for: the task's seed, 0..MAX_SEED; else null. */
  seed: number | null;
  /**
   * Where the provider may tell us the job has finished; a call there only makes the worker poll at
   * once. Null when SITE_URL is not reachable from the internet (then polling alone).
   */
  callbackUrl: string | null;
  /** Human-readable progress ("Rendering the scene…"), shown to the user as status_message. */
  onProgress?: (message: string) => void;
}

export type ProviderStatus =
  | { state: 'running'; message?: string }
  | { state: 'succeeded' }
  /** The provider no longer knows the job (e.g. a local render cut short by a restart): submit again. */
  | { state: 'lost' }
  /** `rejected`: the provider refused the content (policy); never worth retrying. */
  | { state: 'failed'; reason: string; rejected?: boolean };

export type ModelTarget = { providerModel: string } | { providerModel: null; reason: string };

/**
 * For each catalogue model the provider serves (has a route for), the provider model that serves
 * it now, or why none does; models it does not serve are absent.
 */
export type ModelCheck = Partial<Record<string, ModelTarget>>;

/**
 * One video provider (ARCHITECTURE §6): `local` (ffmpeg), `veo` (@google/genai), `kie` (kie.ai REST),
 * `fal` (@fal-ai/client); several serve at once (VideoProviders), each its own catalogue models.
 * The pipeline calls submit once, polls with backoff until the job is finished, then downloads
 * the result into the site's own storage (provider links expire).
 */
export interface VideoProvider {
  readonly name: ProviderName;
  /** The options this provider honours; requests for others are refused before any credit is taken. */
  readonly support: OptionSupport;
  /**
   * Which of the provider's models serve those of `models` it has a route for, leaving out those in
   * `withdrawn` (seen to fail as gone). Throws a ProviderError when the provider cannot be asked.
   */
  checkModels(models: readonly CatalogueEntry[], withdrawn: ReadonlySet<string>): Promise<ModelCheck>;
  /** Whether the provider has a route to `entry` at all (the local renderer: every model). */
  serves(entry: CatalogueEntry): boolean;
  /** Whether finished videos of models with `editable` in the catalogue sense (Omni) can be edited and extended here. */
  readonly editing: boolean;
  /** Whether an extension here takes an instruction for what happens next (with `editing`). */
  readonly extendInstruction: boolean;
  /** Whether the provider honours a seed for `model`: only then may a request carry one. */
  takesSeed(model: string): boolean;
  /** Starts a job and returns the provider's job id. */
  submit(input: ProviderInput): Promise<string>;
  poll(jobId: string, job: ProviderJob): Promise<ProviderStatus>;
  /** Writes the finished video to `destination` (a file path): for an extension, the whole video. */
  download(jobId: string, destination: string, job: ProviderJob): Promise<void>;
  /**
   * Before an edit or extension is charged: null when `parent` can be worked on (its job is still
   * held, or its video can be sent instead), else the reason in words for the user.
   */
  checkParent(parent: ProviderParent, kind: 'edit' | 'extend'): Promise<string | null>;
}

/**
 * What kind of failure a ProviderError is. Users and /api/health get a message of ours for each;
 * the provider's own words (which can quote the key) go only to the log, masked.
 */
export type ProviderFailure =
  'provider_refused' | 'provider_unavailable' | 'rate_limited' | 'timeout' | 'download_failed';

/** A provider call that failed; `retryable` for 429, 5xx and network errors, not for refusals or bad input. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** Seconds the provider asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
    readonly failure: ProviderFailure = retryable ? 'provider_unavailable' : 'provider_refused',
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The provider no longer serves `providerModel` (a 404, "no longer available"): never retried, the models are checked again. */
export class ModelUnavailableError extends ProviderError {
  constructor(
    readonly providerModel: string,
    detail: string,
  ) {
    super(`${providerModel} is not available: ${detail}`, false);
    this.name = 'ModelUnavailableError';
  }
}
