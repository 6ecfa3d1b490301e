import { Readable } from 'node:stream';
import type { CatalogueEntry, GoogleSlot } from '../../catalogue/catalogue-entry';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { GenerateVideosOperation, GoogleGenAI, type Fetch } from '@google/genai';
import { ALL_SHAPES, type OptionSupport } from '@veo3/contracts/generation-options';
import type {
  ModelCheck,
  ProviderImage,
  ProviderInput,
  ProviderJob,
  ProviderParent,
  ProviderStatus,
  VideoProvider,
} from '../video-provider';
import { ModelUnavailableError, ProviderError } from '../video-provider';
import { httpError, parseRetryAfter, providerFetch } from '../provider-http';
import { fetchResult, saveVideo, type DownloadPolicy } from '../provider-download';
import { withoutInlineData } from './inline-video-extractor';
import { GeminiNotFoundError, OmniInteractions } from './omni-interactions';
import { parseOmniModel, rankOmniModels } from './omni-model-preference';
import { rankVeoModels } from './veo-model-preference';

/** The Gemini API origin the SDK talks to when no base URL is configured. */
/** The setting that picks each discovery slot's model (`auto`: the best the key lists). */
const SLOT_SETTINGS = {
  veo: 'VEO_MODEL',
  'veo-fast': 'VEO_FAST_MODEL',
  omni: 'OMNI_MODEL',
  'omni-1.2': 'OMNI_MODEL',
} as const satisfies Record<GoogleSlot, string>;

/** Our Omni models (Gemini Omni Flash, Omni 1.2) go through the Interactions API. */
const isOmni = (model: string) => model === 'omni' || model.startsWith('omni-');

/** Gemini Omni 1.2 Flash or newer: what `omni-1.2` needs (clips up to 15 s, the draft resolution). */
function isOmni12(id: string): boolean {
  const parsed = parseOmniModel(id);
  return parsed !== null && (parsed.version[0] > 1 || parsed.version[1] >= 2);
}

export const VEO_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

const REQUEST_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
/** A Gemini API path that names a model: `models/{id}:predictLongRunning`, `models/{id}/operations/{op}`. */
const MODEL_IN_PATH = /\/models\/([\w.-]+)(?::|\/operations\/)/;
/** One interaction (`interactions/{id}`), whose answer can carry an inline video. */
const INTERACTION_PATH = /\/interactions\/[^/:]+$/;
/** What an operation says when its model was withdrawn while it ran. */
const GONE = /no longer (available|supported)|has been (retired|deprecated|shut ?down)|is not found/i;

export interface VeoProviderOptions {
  apiKey: string;
  /** null: Google's own endpoint; tests and proxies point the SDK elsewhere. */
  baseUrl: string | null;
  /** VEO_MODEL (text mode), VEO_FAST_MODEL (image mode) and OMNI_MODEL: `auto` or an explicit id. */
  model: string;
  fastModel: string;
  omniModel: string;
  download: DownloadPolicy;
}

/** The Gemini API's error body (google.rpc.Status). */
interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: { '@type'?: string; retryDelay?: string }[] };
}

/**
 * Google's video models through `@google/genai` (Gemini API, API key): Veo through
 * predictLongRunning (the job id is the operation name) and Gemini Omni Flash through the
 * Interactions API (the job id is the interaction id), which also edits and extends its videos.
 */
export class VeoProvider implements VideoProvider {
  readonly name = 'veo';
  /** Veo 3.1 takes every option we offer; an older model refusing one fails the task, which is refunded. */
  readonly support: OptionSupport = { shapes: ALL_SHAPES, negativePrompt: true, lastFrame: true };
  readonly editing = true;
  /** Omni's extension prompt carries it. */
  readonly extendInstruction = true;
  private readonly ai: GoogleGenAI;
  private readonly baseUrl: string;
  private readonly omni: OmniInteractions;

  constructor(private readonly options: VeoProviderOptions) {
    // Explicit base URL and backend, so the SDK's own environment variables cannot redirect calls.
    this.baseUrl = options.baseUrl ?? VEO_DEFAULT_BASE_URL;
    this.ai = new GoogleGenAI({
      apiKey: options.apiKey,
      vertexai: false,
      httpOptions: { baseUrl: this.baseUrl, timeout: REQUEST_TIMEOUT_MS, fetch: this.checkedFetch },
    });
    this.omni = new OmniInteractions({
      ai: this.ai,
      apiKey: options.apiKey,
      baseUrl: this.baseUrl,
      download: options.download,
      call: (request) => this.call(request),
      checked: (url, response) => this.checked(url, response),
    });
  }

  /**
   * The key's own model list (`models.list`), read once: Veo models by their predictLongRunning
   * action, Omni by its name (it advertises generateContent, yet answers only the Interactions API).
   */
  async checkModels(models: readonly CatalogueEntry[], withdrawn: ReadonlySet<string>): Promise<ModelCheck> {
    const offered = await this.call(async () => {
      const veo: string[] = [];
      const all: string[] = [];
      for await (const model of await this.ai.models.list({ config: { pageSize: 100 } })) {
        if (!model.name) continue;
        const id = model.name.replace(/^models\//, '');
        all.push(id);
        if (model.supportedActions?.includes('predictLongRunning')) veo.push(id);
      }
      return { veo, all };
    });
    const usable = offered.veo.filter((id) => !withdrawn.has(id));
    const pick = (slot: GoogleSlot) => {
      const setting = SLOT_SETTINGS[slot];
      const configured = {
        VEO_MODEL: this.options.model,
        VEO_FAST_MODEL: this.options.fastModel,
        OMNI_MODEL: this.options.omniModel,
      }[setting];
      const omni = offered.all.filter((id) => !withdrawn.has(id) && (slot !== 'omni-1.2' || isOmni12(id)));
      const listed = setting === 'OMNI_MODEL' ? omni : usable;
      if (configured === 'auto') {
        const best =
          setting === 'OMNI_MODEL'
            ? rankOmniModels(listed)[0]
            : rankVeoModels(listed, setting === 'VEO_MODEL' ? 'quality' : 'fast')[0];
        return best
          ? { providerModel: best }
          : {
              providerModel: null,
              reason:
                setting === 'OMNI_MODEL'
                  ? `${setting}=auto: this key's model list has no Gemini Omni ${slot === 'omni-1.2' ? '1.2 ' : ''}Flash model`
                  : `${setting}=auto: this key's model list has no Veo 3 model that makes video`,
            };
      }
      if (slot === 'omni-1.2' && !isOmni12(configured)) {
        return {
          providerModel: null,
          reason: `${setting}=${configured}: Gemini Omni 1.2 Flash needs gemini-omni-1.2-flash or newer (or ${setting}=auto)`,
        };
      }
      if (withdrawn.has(configured)) {
        return {
          providerModel: null,
          reason: `${setting}=${configured}: Google answered that the model is no longer available`,
        };
      }
      return listed.includes(configured)
        ? { providerModel: configured }
        : {
            providerModel: null,
            reason: `${setting}=${configured} is not in this key's model list (retired, or not enabled for this key)`,
          };
    };
    const check: ModelCheck = {};
    for (const { id, routes } of models) {
      if (routes.veo) check[id] = pick(routes.veo);
    }
    return check;
  }

  serves(entry: CatalogueEntry): boolean {
    return entry.routes.veo !== undefined;
  }

  /**
   * Omni only (the Interactions API's generation_config.seed). Veo's GenerateVideosConfig.seed is
   * Vertex AI's: this SDK refuses it on the Gemini API, where this provider runs.
   */
  takesSeed(model: string): boolean {
    return isOmni(model);
  }

  async submit(input: ProviderInput): Promise<string> {
    if (isOmni(input.model)) return this.omni.submit(input);
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

  async poll(jobId: string, job: ProviderJob): Promise<ProviderStatus> {
    if (isOmni(job.model)) return this.omni.poll(jobId);
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

  async download(jobId: string, destination: string, job: ProviderJob): Promise<void> {
    if (isOmni(job.model)) return this.omni.download(jobId, destination, job);
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

  /** Only Omni videos are edited or extended. */
  checkParent(parent: ProviderParent, kind: 'edit' | 'extend'): Promise<string | null> {
    return this.omni.checkParent(parent, kind);
  }

  private operation(jobId: string): Promise<GenerateVideosOperation> {
    const operation = new GenerateVideosOperation();
    operation.name = jobId;
    return this.call(() => this.ai.operations.getVideosOperation({ operation }));
  }

  /**
   * HTTP failures already arrive as ProviderErrors (see checkedFetch), though the Interactions
   * client wraps them in its own errors (as their `cause`); anything else the SDK throws is not retryable.
   */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
        if (cause instanceof ProviderError) throw cause;
      }
      throw new ProviderError(`Veo: ${error instanceof Error ? error.message : String(error)}`, false);
    }
  }

  // Handed to the SDK as its fetch so that status codes and Retry-After, which the SDK's ApiError drops, reach the pipeline.
  private readonly checkedFetch: Fetch = async (input, init) => {
    const url = urlOf(input);
    const response = await this.checked(url, await providerFetch('Veo', input, init));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method !== 'GET' || !response.body || !INTERACTION_PATH.test(new URL(url).pathname)) return response;
    // A finished interaction with its video inline is megabytes of base64: the SDK gets the document without it.
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>).pipe(withoutInlineData());
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status: response.status, headers });
  };

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
    // Interactions name no model in their path: Omni tells a lost interaction from a withdrawn model.
    if (response.status === 404 && new URL(url).pathname.includes('/interactions')) {
      throw new GeminiNotFoundError(detail.join(': '));
    }
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
