import { ApiError, createFalClient, type FalClient, type RequestMiddleware } from '@fal-ai/client';
import { ALL_SHAPES, type OptionSupport } from '@veo3/contracts/generation-options';
import type { CatalogueEntry } from '../../catalogue/catalogue-entry';
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
import { describeError, httpError } from '../provider-http';
import { fetchResult, saveVideo, type DownloadPolicy } from '../provider-download';
import { falFamily, falInput, type FalTab } from './fal-inputs';

const REQUEST_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
/** fal.ai's hosts the client calls: the queue, direct runs and the REST API (storage uploads). */
const FAL_HOSTS = /^(queue\.)?fal\.run$|^rest\.(alpha\.)?fal\.ai$/;
/** Between the endpoint id and fal.ai's request id in our job id. */
const JOB_SEPARATOR = '#';
/** How long our uploaded frames stay on fal.ai's storage: the job reads them within minutes. */
const UPLOAD_LIFETIME = { expiresIn: '1d' } as const;

export interface FalProviderOptions {
  apiKey: string;
  /** A stand-in for fal.ai's hosts (a proxy, or a fake in tests); null: fal.ai itself. */
  baseUrl: string | null;
  /** The models on offer: their `routes.fal` name the endpoints. */
  catalogue: readonly CatalogueEntry[];
  download: DownloadPolicy;
}

/** A fal.ai queue answer for a finished request (the video models' output schema). */
interface FalVideoOutput {
  video?: { url?: string } | null;
}

/** A queue status, with the error fields fal.ai adds to a COMPLETED request that failed. */
interface FalStatus {
  status: string;
  queue_position?: number;
  error?: string | null;
  error_type?: string | null;
}

/**
 * Other vendors' models through fal.ai's queue API, with its official client (@fal-ai/client).
 * Our job id is `<endpoint id>#<request id>`: status and result are asked of the same endpoint.
 */
export class FalProvider implements VideoProvider {
  readonly name = 'fal';
  /** Per model, the catalogue says which shapes, negative prompts and frames it takes. */
  readonly support: OptionSupport = { shapes: ALL_SHAPES, negativePrompt: true, lastFrame: true };
  /** fal.ai's video models here make new videos only. */
  readonly editing = false;
  readonly extendInstruction = false;
  private readonly client: FalClient;

  constructor(private readonly options: FalProviderOptions) {
    this.client = createFalClient({
      credentials: options.apiKey,
      requestMiddleware: options.baseUrl ? rebaseOnto(options.baseUrl) : undefined,
    });
  }

  /** fal.ai has no model list to ask: an endpoint serves until a call answers that it is gone. */
  async checkModels(models: readonly CatalogueEntry[], withdrawn: ReadonlySet<string>): Promise<ModelCheck> {
    const check: ModelCheck = {};
    for (const { id, routes } of models) {
      if (!routes.fal) continue;
      const endpoints = [routes.fal.text, routes.fal.image].filter((e): e is string => e !== undefined);
      const unknown = endpoints.find((endpoint) => !falFamily(endpoint));
      const gone = endpoints.find((endpoint) => withdrawn.has(endpoint));
      check[id] = unknown
        ? { providerModel: null, reason: `The site does not know the inputs of fal.ai's ${unknown}` }
        : gone
          ? { providerModel: null, reason: `fal.ai answered that ${gone} is no longer available` }
          : { providerModel: endpoints[0]! };
    }
    return check;
  }

  serves(entry: CatalogueEntry): boolean {
    return entry.routes.fal !== undefined;
  }

  /** Where every endpoint of the model takes a `seed`. */
  takesSeed(model: string): boolean {
    const routes = this.routesOf(model);
    const endpoints = [routes?.text, routes?.image].filter((e): e is string => e !== undefined);
    return endpoints.length > 0 && endpoints.every((endpoint) => falFamily(endpoint)?.seed === true);
  }

  async submit(input: ProviderInput): Promise<string> {
    const tab: FalTab = input.image ? 'image' : 'text';
    const endpoint = this.routesOf(input.model)?.[tab];
    const family = endpoint ? falFamily(endpoint) : undefined;
    if (!endpoint || !family)
      throw new ProviderError(`fal.ai has no ${tab}-to-video endpoint for ${input.model}`, false);
    if (input.lastFrame && !family.lastFrame) {
      throw new ProviderError(`fal.ai's ${endpoint} takes no last frame`, false);
    }
    const body = falInput(family, {
      tab,
      prompt: input.prompt,
      durationSeconds: input.durationSeconds,
      aspectRatio: input.shape.aspectRatio,
      resolution: input.shape.resolution,
      negativePrompt: input.negativePrompt,
      seed: input.seed,
      imageUrl: input.image ? await this.upload(input.image) : null,
      lastFrameUrl: input.lastFrame ? await this.upload(input.lastFrame) : null,
    });
    const queued = await this.call(endpoint, 'submit', (abortSignal) =>
      this.client.queue.submit(endpoint, {
        input: body,
        // fal.ai POSTs there when the request ends; the worker then asks for the status at once.
        ...(input.callbackUrl ? { webhookUrl: input.callbackUrl } : {}),
        abortSignal,
      }),
    );
    if (!queued.request_id) throw new ProviderError('fal.ai queued the request without a request id', false);
    return `${endpoint}${JOB_SEPARATOR}${queued.request_id}`;
  }

  async poll(jobId: string, _job: ProviderJob): Promise<ProviderStatus> {
    const { endpoint, requestId } = parseJobId(jobId);
    let status: FalStatus;
    try {
      status = await this.call(endpoint, 'status', (abortSignal) =>
        this.client.queue.status(endpoint, { requestId, abortSignal }),
      );
    } catch (error) {
      if (error instanceof FalRequestLost) return { state: 'lost' };
      throw error;
    }
    switch (status.status) {
      case 'IN_QUEUE':
        return { state: 'running', message: 'Waiting in the queue' };
      case 'IN_PROGRESS':
        return { state: 'running', message: 'Rendering the video' };
      case 'COMPLETED':
        if (status.error) return failure(this.mask(status.error), status.error_type === 'content_policy_violation');
        return this.outcome(endpoint, requestId);
      default:
        return { state: 'running' };
    }
  }

  async download(jobId: string, destination: string, _job: ProviderJob): Promise<void> {
    const { endpoint, requestId } = parseJobId(jobId);
    const url = await this.videoUrl(endpoint, requestId);
    // A public link on fal.ai's CDN: the key does not go with it.
    const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
    const response = await fetchResult('fal.ai', url, this.options.download, () => ({ signal }));
    if (!response.ok) throw httpError('fal.ai download', response.status, response.statusText);
    await saveVideo('fal.ai', response, destination, this.options.download.maxBytes);
  }

  async checkParent(_parent: ProviderParent, _kind: 'edit' | 'extend'): Promise<string | null> {
    return 'Editing and extending need Gemini Omni Flash, which fal.ai does not serve.';
  }

  private routesOf(model: string): { text?: string; image?: string } | undefined {
    return this.options.catalogue.find((entry) => entry.id === model)?.routes.fal;
  }

  /** A finished request: its video, or why it failed (fal.ai answers the result with the error). */
  private async outcome(endpoint: string, requestId: string): Promise<ProviderStatus> {
    try {
      const output = await this.result(endpoint, requestId);
      return output.video?.url ? { state: 'succeeded' } : failure('fal.ai finished without a video', false);
    } catch (error) {
      if (error instanceof FalRequestLost) return { state: 'lost' };
      if (!(error instanceof FalRequestFailed)) throw error;
      return failure(error.message, error.rejected);
    }
  }

  private async videoUrl(endpoint: string, requestId: string): Promise<string> {
    try {
      const url = (await this.result(endpoint, requestId)).video?.url;
      if (url) return url;
    } catch (error) {
      if (!(error instanceof FalRequestFailed || error instanceof FalRequestLost)) throw error;
    }
    throw new ProviderError('fal.ai has no finished video for this request', false, undefined, 'download_failed');
  }

  private async result(endpoint: string, requestId: string): Promise<FalVideoOutput> {
    const answer = await this.call(endpoint, 'result', (abortSignal) =>
      this.client.queue.result(endpoint, { requestId, abortSignal }),
    );
    return (answer.data ?? {}) as FalVideoOutput;
  }

  /** Our stored image on fal.ai's storage (the models fetch their inputs from a URL). */
  private async upload(image: ProviderImage): Promise<string> {
    const blob = new Blob([new Uint8Array(image.data)], { type: image.mimeType });
    return this.call('storage', 'upload', () => this.client.storage.upload(blob, { lifecycle: UPLOAD_LIFETIME }));
  }

  /** One client call, its failures as ProviderErrors whose text never holds the key. */
  private async call<T>(endpoint: string, phase: FalPhase, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await run(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
    } catch (error) {
      throw this.failureOf(error, endpoint, phase);
    }
  }

  private failureOf(error: unknown, endpoint: string, phase: FalPhase): Error {
    if (!(error instanceof ApiError)) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return new ProviderError(
        `fal.ai: ${timedOut ? 'no answer in time' : 'network error'} (${this.mask(describeError(error))})`,
        true,
        undefined,
        timedOut ? 'timeout' : 'provider_unavailable',
      );
    }
    const status = error.status;
    const detail = this.mask(detailOf(error));
    if (status === 404 && phase === 'submit') return new ModelUnavailableError(endpoint, detail);
    // fal.ai no longer knows the request (expired, or made with another key): submit again.
    if (status === 404 && (phase === 'status' || phase === 'result')) return new FalRequestLost();
    // A finished request's result answers with why it failed: a refusal, bad input or a crash.
    if (phase === 'result' && (status === 422 || status === 500)) {
      return new FalRequestFailed(detail, contentPolicy(error));
    }
    return httpError('fal.ai', status, detail);
  }

  private mask(text: string): string {
    const secrets = [this.options.apiKey, ...this.options.apiKey.split(':')].filter((s) => s.length >= 8);
    return secrets.reduce((masked, secret) => masked.split(secret).join('***'), text);
  }
}

type FalPhase = 'submit' | 'status' | 'result' | 'upload';

/** A request fal.ai finished with an error: a failed job, not a failed call. */
class FalRequestFailed extends Error {
  constructor(
    message: string,
    readonly rejected: boolean,
  ) {
    super(message);
  }
}

/** fal.ai no longer knows the request: the job is to be submitted again. */
class FalRequestLost extends Error {}

function failure(reason: string, rejected: boolean): ProviderStatus {
  return rejected ? { state: 'failed', reason, rejected: true } : { state: 'failed', reason };
}

/**
 * Sends the client's calls to `baseUrl` instead of fal.ai's hosts, through the client's own
 * middleware: the real client code runs against a proxy or a fake.
 */
function rebaseOnto(baseUrl: string): RequestMiddleware {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/$/, '');
  return async (request) => {
    const url = new URL(request.url);
    if (!FAL_HOSTS.test(url.hostname)) return request;
    return { ...request, url: `${base.origin}${prefix}${url.pathname}${url.search}` };
  };
}

function parseJobId(jobId: string): { endpoint: string; requestId: string } {
  const at = jobId.lastIndexOf(JOB_SEPARATOR);
  if (at <= 0) throw new ProviderError(`not a fal.ai job id: ${jobId}`, false);
  return { endpoint: jobId.slice(0, at), requestId: jobId.slice(at + 1) };
}

/** fal.ai's words for an error: `detail` as a string or a list of {loc, msg, type}, else the message. */
function detailOf(error: ApiError<unknown>): string {
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail.slice(0, 300);
  if (Array.isArray(detail)) {
    const lines = detail.map((item: { loc?: unknown[]; msg?: unknown }) => {
      const field = Array.isArray(item.loc) ? item.loc.at(-1) : undefined;
      return field !== undefined ? `${String(field)}: ${String(item.msg)}` : String(item.msg);
    });
    return lines.join('; ').slice(0, 300);
  }
  return error.message;
}

function contentPolicy(error: ApiError<unknown>): boolean {
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  return Array.isArray(detail) && detail.some((item: { type?: unknown }) => item.type === 'content_policy_violation');
}
