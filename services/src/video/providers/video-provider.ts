import type { VideoModelId } from '../../catalogue/catalogue';

/** What a provider needs to make one video. */
export interface ProviderInput {
  /** Our task id; providers that take an idempotency key or callback id use it. */
  taskId: string;
  prompt: string;
  model: VideoModelId;
  /** Image mode only: the uploaded image, already checked to be JPEG, PNG, GIF or WebP. */
  image: { data: Buffer; mimeType: string } | null;
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

/**
 * One video provider (ARCHITECTURE §6): `local` (ffmpeg), `veo` (@google/genai), `kie` (kie.ai REST).
 * The pipeline calls submit once, polls with backoff until the job is finished, then downloads
 * the result into the site's own storage (provider links expire).
 */
export interface VideoProvider {
  readonly name: 'local' | 'veo' | 'kie';
  /** Starts a job and returns the provider's job id. */
  submit(input: ProviderInput): Promise<string>;
  poll(jobId: string): Promise<ProviderStatus>;
  /** Writes the finished video to `destination` (a file path). */
  download(jobId: string, destination: string): Promise<void>;
}

/** A provider call that failed; `retryable` for 429, 5xx and network errors, not for refusals or bad input. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** Seconds the provider asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
