import { GenerateVideosOperation, GoogleGenAI, type Fetch } from '@google/genai';
import { VIDEO_MODELS, type VideoModelId } from '@veo3/contracts/catalogue';
import { ALL_SHAPES, type OptionSupport } from '@veo3/contracts/generation-options';
import type { ModelCheck, ProviderImage, ProviderInput, ProviderStatus, VideoProvider } from '../video-provider';
import { ModelUnavailableError, ProviderError } from '../video-provider';
import { httpError, parseRetryAfter, providerFetch } from '../provider-http';
import { fetchResult, saveVideo, type DownloadPolicy } from '../provider-download';
import { rankVeoModels } from './veo-model-preference';

/** The Gemini API origin the SDK talks to when no base URL is configured. */
export const VEO_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

const REQUEST_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
/** A Gemini API path that names a model: `models/{id}:predictLongRunning`, `models/{id}/operations/{op}`. */
const MODEL_IN_PATH = /\/models\/([\w.-]+)(?::|\/operations\/)/;
/** What an operation says when its model was withdrawn while it ran. */
const GONE = /no longer (available|supported)|has been (retired|deprecated|shut ?down)|is not found/i;

export interface VeoProviderOptions {
  apiKey: string;
  /** null: Google's own endpoint; tests and proxies point the SDK elsewhere. */
  baseUrl: string | null;
  /** VEO_MODEL (text mode) and VEO_FAST_MODEL (image mode): `auto` or an explicit id. */
  model: string;
  fastModel: string;
  download: DownloadPolicy;
}

/** The Gemini API's error body (google.rpc.Status). */
interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: { '@type'?: string; retryDelay?: string }[] };
}

/** Google Veo through `@google/genai` (Gemini API, API key). The job id is the operation name. */
export class VeoProvider implements VideoProvider {
  readonly name = 'veo';
  /** Veo 3.1 takes every option we offer; an older model refusing one fails the task, which is refunded. */
  readonly support: OptionSupport = { shapes: ALL_SHAPES, negativePrompt: true, lastFrame: true };
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

  /** The key's own model list (`models.list`), narrowed to the models that generate video. */
  async checkModels(withdrawn: ReadonlySet<string>): Promise<ModelCheck> {
    const offered = await this.call(async () => {
      const ids: string[] = [];
      for await (const model of await this.ai.models.list({ config: { pageSize: 100 } })) {
        if (model.name && model.supportedActions?.includes('predictLongRunning')) {
          ids.push(model.name.replace(/^models\//, ''));
        }
      }
      return ids;
    });
    const usable = offered.filter((id) => !withdrawn.has(id));
    const pick = (setting: 'VEO_MODEL' | 'VEO_FAST_MODEL', wanted: 'quality' | 'fast') => {
      const configured = setting === 'VEO_MODEL' ? this.options.model : this.options.fastModel;
      if (configured === 'auto') {
        const best = rankVeoModels(usable, wanted)[0];
        return best
          ? { providerModel: best }
          : {
              providerModel: null,
              reason: `${setting}=auto: this key's model list has no Veo 3 model that makes video`,
            };
      }
      if (withdrawn.has(configured)) {
        return {
          providerModel: null,
          reason: `${setting}=${configured}: Google answered that the model is no longer available`,
        };
      }
      return usable.includes(configured)
        ? { providerModel: configured }
        : {
            providerModel: null,
            reason: `${setting}=${configured} is not in this key's model list (retired, or not enabled for this key)`,
          };
    };
    const check = {} as ModelCheck;
    for (const id of Object.keys(VIDEO_MODELS) as VideoModelId[]) {
      check[id] = VIDEO_MODELS[id].mode === 'image' ? pick('VEO_FAST_MODEL', 'fast') : pick('VEO_MODEL', 'quality');
    }
    return check;
  }

  async submit(input: ProviderInput): Promise<string> {
    const operation = await this.call(() =>
      this.ai.models.generateVideos({
        model: input.providerModel,
        source: { prompt: input.prompt, image: input.image ? toImage(input.image) : undefined },
        // Veo 3 always makes 8 s with audio: the Gemini API refuses `durationSeconds` for it and
        // the SDK refuses `generateAudio` outside Vertex; the shape and the options are ours to set.
        config: {
          aspectRatio: input.shape.aspectRatio,
          resolution: input.shape.resolution,
          negativePrompt: input.negativePrompt ?? undefined,
          lastFrame: input.lastFrame ? toImage(input.lastFrame) : undefined,
        },
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
      const model = MODEL_IN_PATH.exec(`/${jobId}`)?.[1];
      // 5 is google.rpc.Code NOT_FOUND: the model went away while the operation ran.
      if (model && typeof message === 'string' && (operation.error.code === 5 || GONE.test(message))) {
        throw new ModelUnavailableError(model, message);
      }
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
    const apiOrigin = new URL(this.baseUrl).origin;
    const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
    const response = await fetchResult('Veo', uri, this.options.download, (url) => ({
      headers: url.origin === apiOrigin ? { 'x-goog-api-key': this.options.apiKey } : undefined,
      signal,
    }));
    await saveVideo(
      'Veo',
      await this.checked(response.url || uri, response),
      destination,
      this.options.download.maxBytes,
    );
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
  private readonly checkedFetch: Fetch = async (input, init) =>
    this.checked(urlOf(input), await providerFetch('Veo', input, init));

  private async checked(url: string, response: Response): Promise<Response> {
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    let error: GoogleErrorBody['error'];
    try {
      error = (JSON.parse(text) as GoogleErrorBody).error;
    } catch {
      // Not JSON: a proxy or load balancer answered.
    }
    const detail = [error?.status, error?.message ?? (text.slice(0, 200) || response.statusText)].filter(Boolean);
    // A 404 on a model's own path means the model (or its operation) is gone for this key.
    const model = response.status === 404 ? MODEL_IN_PATH.exec(url)?.[1] : undefined;
    if (model) throw new ModelUnavailableError(model, detail.join(': '));
    const retryAfter = parseRetryAfter(response.headers.get('retry-after')) ?? retryDelay(error?.details);
    throw httpError('Veo', response.status, detail.join(': '), retryAfter);
  }
}

function urlOf(input: Parameters<Fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function toImage(image: ProviderImage) {
  return { imageBytes: image.data.toString('base64'), mimeType: image.mimeType };
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
