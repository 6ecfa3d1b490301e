import { ALL_SHAPES, type OptionSupport } from '@veo3/contracts/generation-options';
import type { CatalogueEntry } from '../../catalogue/catalogue-entry';
import type {
  ModelCheck,
  ProviderInput,
  ProviderJob,
  ProviderParent,
  ProviderStatus,
  VideoProvider,
} from '../video-provider';
import { ModelUnavailableError, ProviderError } from '../video-provider';
import { httpError, parseRetryAfter, providerFetch } from '../provider-http';
import { fetchResult, saveVideo, type DownloadPolicy } from '../provider-download';

export const KIE_DEFAULT_BASE_URL = 'https://api.kie.ai';

const REQUEST_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
/** kie.ai codes for prompts or images refused by the content policy. */
const CONTENT_POLICY_CODES = new Set([400, 451]);
/** kie.ai's `seeds` range (its docs: 10000–99999); ours (0..MAX_SEED) are folded into it, the same seed to the same number. */
const KIE_SEEDS = { min: 10_000, count: 90_000 } as const;
/** How kie.ai words a model it no longer serves. */
const GONE = /no longer (available|supported)|model.*(invalid|not (found|supported|available)|retired|deprecated)/i;

export interface KieProviderOptions {
  apiKey: string;
  baseUrl: string;
  /** A URL kie.ai's servers can fetch our stored upload from (kie.ai takes URLs, not bytes): the first or the last frame. */
  imageUrlFor: (taskId: string, frame: 'first' | 'last') => string | Promise<string>;
  download: DownloadPolicy;
}

/** Every kie.ai answer: `code` 200 or the error status, whatever the HTTP status says. */
interface KieEnvelope<T> {
  code?: number;
  msg?: string;
  data?: T | null;
}

interface KieRecord {
  /** The request as kie.ai received it (JSON), which names the model. */
  paramJson?: string | null;
  /** 0 generating, 1 success, 2 failed, 3 generation failed upstream. */
  successFlag?: number;
  response?: { resultUrls?: string[] | null } | null;
  errorCode?: number | string | null;
  errorMessage?: string | null;
}

/** The kie.ai Veo 3 REST API. The job id is kie.ai's task id. Veo only: no Omni, so no edits or extensions. */
export class KieProvider implements VideoProvider {
  readonly name = 'kie';
  /** kie.ai has no negative prompt, and its docs offer 1080p for 16:9 only. */
  readonly support: OptionSupport = {
    shapes: ALL_SHAPES.filter((s) => !(s.aspectRatio === '9:16' && s.resolution === '1080p')),
    negativePrompt: false,
    lastFrame: true,
  };
  /** kie.ai serves Veo only, which edits nothing. */
  readonly editing = false;
  readonly extendInstruction = false;

  constructor(private readonly options: KieProviderOptions) {}

  /** kie.ai publishes no model list: its own names serve, unless a task answer said one is gone. */
  async checkModels(models: readonly CatalogueEntry[], withdrawn: ReadonlySet<string>): Promise<ModelCheck> {
    const check: ModelCheck = {};
    for (const { id, routes } of models) {
      const theirs = routes.kie;
      if (!theirs) continue;
      check[id] = withdrawn.has(theirs)
        ? { providerModel: null, reason: `kie.ai answered that ${theirs} is no longer available` }
        : { providerModel: theirs };
    }
    return check;
  }

  /** kie.ai's model names for ours (its Veo: `veo3`, `veo3_fast`) are the catalogue's `routes.kie`. */
  serves(entry: CatalogueEntry): boolean {
    return entry.routes.kie !== undefined;
  }

  /** kie.ai's Veo takes `seeds`; it serves nothing else. */
  takesSeed(): boolean {
    return true;
  }

  async submit(input: ProviderInput): Promise<string> {
    const images = input.image ? [await this.options.imageUrlFor(input.taskId, 'first')] : [];
    if (input.lastFrame) images.push(await this.options.imageUrlFor(input.taskId, 'last'));
    const body = {
      prompt: input.prompt,
      model: input.providerModel,
      aspectRatio: input.shape.aspectRatio,
      // kie.ai calls it when the task ends; the worker then reads the task at once instead of at its next poll.
      // Without a public site there is none (kie.ai refuses a null one): polling alone.
      ...(input.callbackUrl ? { callBackUrl: input.callbackUrl } : {}),
      ...(input.seed !== null ? { seeds: KIE_SEEDS.min + (input.seed % KIE_SEEDS.count) } : {}),
      ...(images.length
        ? { imageUrls: images, generationType: 'FIRST_AND_LAST_FRAMES_2_VIDEO' }
        : { generationType: 'TEXT_2_VIDEO' }),
    };
    const answer = await this.call<{ taskId?: string }>('/api/v1/veo/generate', {
      method: 'POST',
      body: JSON.stringify(body),
    });
    if (answer.code !== 200 && GONE.test(answer.msg)) throw new ModelUnavailableError(input.providerModel, answer.msg);
    const data = this.expectOk(answer);
    if (!data?.taskId) throw new ProviderError('kie.ai accepted the task without a task id', false);
    return data.taskId;
  }

  async poll(jobId: string, job: ProviderJob): Promise<ProviderStatus> {
    const record = await this.record(jobId);
    switch (record?.successFlag) {
      case 1:
        if (!resultUrl(record)) return { state: 'failed', reason: 'kie.ai finished without a video' };
        // kie.ai makes the 1080p version only once the task has succeeded; until then, keep polling.
        if (job.resolution === '1080p' && !(await this.fullHdUrl(jobId))) {
          return { state: 'running', message: 'Preparing the 1080p version' };
        }
        return { state: 'succeeded' };
      case 2:
      case 3: {
        const reason = record.errorMessage || 'kie.ai could not generate the video';
        if (GONE.test(reason)) throw new ModelUnavailableError(modelOf(record), reason);
        return CONTENT_POLICY_CODES.has(Number(record.errorCode))
          ? { state: 'failed', reason, rejected: true }
          : { state: 'failed', reason };
      }
      default:
        // 0, or a flag kie.ai may add later: keep polling, the pipeline's timeout bounds it.
        return { state: 'running' };
    }
  }

  async download(jobId: string, destination: string, job: ProviderJob): Promise<void> {
    const url = job.resolution === '1080p' ? await this.fullHdUrl(jobId) : resultUrl(await this.record(jobId));
    if (!url) throw new ProviderError('kie.ai has no finished video for this task', false);
    // A public, expiring file link on kie.ai's CDN: the API key does not go with it.
    const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
    const response = await fetchResult('kie.ai', url, this.options.download, () => ({ signal }));
    if (!response.ok) {
      throw httpError('kie.ai download', response.status, response.statusText, retryAfterOf(response));
    }
    await saveVideo('kie.ai', response, destination, this.options.download.maxBytes);
  }

  async checkParent(_parent: ProviderParent, _kind: 'edit' | 'extend'): Promise<string | null> {
    return 'Editing and extending need Gemini Omni Flash, which kie.ai does not serve.';
  }

  private async record(jobId: string): Promise<KieRecord | null | undefined> {
    return this.expectOk(
      await this.call<KieRecord>(`/api/v1/veo/record-info?taskId=${encodeURIComponent(jobId)}`, { method: 'GET' }),
    );
  }

  /** The 1080p file of a finished task, or undefined while kie.ai is still making it (it answers non-200 until then). */
  private async fullHdUrl(jobId: string): Promise<string | undefined> {
    const answer = await this.call<{ resultUrl?: string }>(
      `/api/v1/veo/get-1080p-video?taskId=${encodeURIComponent(jobId)}&index=0`,
      { method: 'GET' },
    );
    // A refused key is not "not ready yet".
    if (answer.code === 401) this.expectOk(answer);
    return answer.code === 200 ? answer.data?.resultUrl || undefined : undefined;
  }

  /** One request; kie.ai's `code` in the body is the real status, whatever the HTTP status says. */
  private async call<T>(path: string, init: RequestInit): Promise<KieAnswer<T>> {
    const response = await providerFetch('kie.ai', new URL(path, this.options.baseUrl), {
      ...init,
      headers: { Authorization: `Bearer ${this.options.apiKey}`, 'Content-Type': 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new ProviderError('kie.ai: the connection closed while reading the answer', true);
    }
    let body: KieEnvelope<T> | undefined;
    try {
      body = JSON.parse(text) as KieEnvelope<T>;
    } catch {
      // Not JSON: a gateway answered; the HTTP status says what happened.
    }
    const code = body?.code !== undefined && body.code !== 200 ? body.code : response.ok ? 200 : response.status;
    const msg = body?.msg || text.slice(0, 200) || response.statusText;
    if (code === 200 && !body) throw new ProviderError('kie.ai: the answer was not JSON', true);
    return { code, msg, data: body?.data, retryAfter: retryAfterOf(response) };
  }

  private expectOk<T>(answer: KieAnswer<T>): T | null | undefined {
    const { code } = answer;
    // 455 is kie.ai's "service unavailable" (maintenance), so it is retried like a 5xx.
    if (code !== 200) {
      throw httpError('kie.ai', code, answer.msg, answer.retryAfter, code === 429 || code === 455 || code >= 500);
    }
    return answer.data;
  }
}

interface KieAnswer<T> {
  code: number;
  msg: string;
  data: T | null | undefined;
  retryAfter: number | undefined;
}

function modelOf(record: KieRecord): string {
  try {
    const model = (JSON.parse(record.paramJson ?? '') as { model?: unknown }).model;
    if (typeof model === 'string') return model;
  } catch {
    // Not the JSON kie.ai documents.
  }
  return 'the kie.ai model';
}

function resultUrl(record: KieRecord | null | undefined): string | undefined {
  return record?.response?.resultUrls?.[0];
}

function retryAfterOf(response: Response): number | undefined {
  return parseRetryAfter(response.headers.get('retry-after'));
}
