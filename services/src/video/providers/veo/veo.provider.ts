import { GenerateVideosOperation, GoogleGenAI, type Fetch } from '@google/genai';
import type { ProviderInput, ProviderStatus, VideoProvider } from '../video-provider';
import { ProviderError } from '../video-provider';
import { httpError, parseRetryAfter, providerFetch, saveResponseBody } from '../provider-http';

/** Veo 3 for text to video (our `veo3`). */
export const VEO_TEXT_MODEL_ID = 'veo-3.0-generate-001';
/** Veo 3 Fast for image to video (our `veo3-fast-frames`). */
export const VEO_IMAGE_MODEL_ID = 'veo-3.0-fast-generate-001';
/** The Gemini API origin the SDK talks to when no base URL is configured. */
export const VEO_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

const REQUEST_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

export interface VeoProviderOptions {
  apiKey: string;
  /** null: Google's own endpoint; tests and proxies point the SDK elsewhere. */
  baseUrl: string | null;
  textModelId: string;
  imageModelId: string;
}

/** The Gemini API's error body (google.rpc.Status). */
interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: { '@type'?: string; retryDelay?: string }[] };
}

/** Google Veo 3 through `@google/genai` (Gemini API, API key). The job id is the operation name. */
export class VeoProvider implements VideoProvider {
  readonly name = 'veo';
  private readonly ai: GoogleGenAI;
  private readonly baseUrl: string;

  constructor(private readonly options: VeoProviderOptions) {
    // Explicit base URL and backend, so the SDK's own environment variables cannot redirect calls.
    this.baseUrl = options.baseUrl ?? VEO_DEFAULT_BASE_URL;
    this.ai = new GoogleGenAI({
      apiKey: options.apiKey,
      vertexai: false,
      httpOptions: { baseUrl: this.baseUrl, timeout: REQUEST_TIMEOUT_MS, fetch: this.checkedFetch },
    });
  }

  async submit(input: ProviderInput): Promise<string> {
    const operation = await this.call(() =>
      this.ai.models.generateVideos({
        model: input.model === 'veo3-fast-frames' ? this.options.imageModelId : this.options.textModelId,
        source: {
          prompt: input.prompt,
          image: input.image
            ? { imageBytes: input.image.data.toString('base64'), mimeType: input.image.mimeType }
            : undefined,
        },
        // Veo 3 always makes 8 s with audio: the Gemini API refuses `durationSeconds` for it and
        // the SDK refuses `generateAudio` outside Vertex, so only the aspect ratio is ours to set.
        config: { aspectRatio: '16:9' },
      }),
    );
    if (!operation.name) throw new ProviderError('Veo returned an operation without a name', false);
    return operation.name;
  }

  async poll(jobId: string): Promise<ProviderStatus> {
    const operation = await this.operation(jobId);
    if (!operation.done) return { state: 'running' };
    if (operation.error) {
      const message = operation.error.message;
      return { state: 'failed', reason: typeof message === 'string' ? message : 'Veo could not generate the video' };
    }
    if (videoUri(operation)) return { state: 'succeeded' };
    const response = operation.response;
    if (response?.raiMediaFilteredCount || response?.raiMediaFilteredReasons?.length) {
      const reasons = response.raiMediaFilteredReasons?.join(' ');
      return { state: 'failed', reason: reasons || 'Veo filtered the video for safety reasons', rejected: true };
    }
    return { state: 'failed', reason: 'Veo finished without a video' };
  }

  async download(jobId: string, destination: string): Promise<void> {
    const uri = videoUri(await this.operation(jobId));
    if (!uri) throw new ProviderError('Veo has no finished video for this operation', false);
    // Our own fetch rather than files.download: the SDK pipes the body without an error handler, so
    // a connection lost mid-file crashes the process (unhandled 'error'). The key is for the API's origin only.
    const sameOrigin = new URL(uri).origin === new URL(this.baseUrl).origin;
    const response = await this.checkedFetch(uri, {
      headers: sameOrigin ? { 'x-goog-api-key': this.options.apiKey } : {},
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
    await saveResponseBody('Veo', response, destination);
  }

  private operation(jobId: string): Promise<GenerateVideosOperation> {
    const operation = new GenerateVideosOperation();
    operation.name = jobId;
    return this.call(() => this.ai.operations.getVideosOperation({ operation }));
  }

  /** HTTP failures already arrive as ProviderErrors (see checkedFetch); anything else the SDK throws is not retryable. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw new ProviderError(`Veo: ${error instanceof Error ? error.message : String(error)}`, false);
    }
  }

  // Handed to the SDK as its fetch so that status codes and Retry-After, which the SDK's ApiError drops, reach the pipeline.
  private readonly checkedFetch: Fetch = async (input, init) => {
    const response = await providerFetch('Veo', input, init);
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    let error: GoogleErrorBody['error'];
    try {
      error = (JSON.parse(text) as GoogleErrorBody).error;
    } catch {
      // Not JSON: a proxy or load balancer answered.
    }
    const detail = [error?.status, error?.message ?? (text.slice(0, 200) || response.statusText)].filter(Boolean);
    const retryAfter = parseRetryAfter(response.headers.get('retry-after')) ?? retryDelay(error?.details);
    throw httpError('Veo', response.status, detail.join(': '), retryAfter);
  };
}

function videoUri(operation: GenerateVideosOperation): string | undefined {
  return operation.response?.generatedVideos?.[0]?.video?.uri;
}

/** Google states its wait in a google.rpc.RetryInfo detail ("37s") rather than a Retry-After header. */
function retryDelay(details: NonNullable<GoogleErrorBody['error']>['details']): number | undefined {
  const delay = details?.find((detail) => detail['@type']?.endsWith('google.rpc.RetryInfo'))?.retryDelay;
  const seconds = delay ? Number.parseFloat(delay) : Number.NaN;
  return Number.isFinite(seconds) ? Math.ceil(seconds) : undefined;
}
