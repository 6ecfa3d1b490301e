import type { ProviderInput, ProviderStatus, VideoProvider } from '../video-provider';
import { ProviderError } from '../video-provider';
import { httpError, parseRetryAfter, providerFetch, saveResponseBody } from '../provider-http';

export const KIE_DEFAULT_BASE_URL = 'https://api.kie.ai';

const REQUEST_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
/** kie.ai codes for prompts or images refused by the content policy. */
const CONTENT_POLICY_CODES = new Set([400, 451]);

export interface KieProviderOptions {
  apiKey: string;
  baseUrl: string;
  /** Image mode: a URL kie.ai's servers can fetch our stored upload from (kie.ai takes URLs, not bytes). */
  imageUrlFor: (taskId: string) => string | Promise<string>;
}

/** Every kie.ai answer: `code` 200 or the error status, whatever the HTTP status says. */
interface KieEnvelope<T> {
  code?: number;
  msg?: string;
  data?: T | null;
}

interface KieRecord {
  /** 0 generating, 1 success, 2 failed, 3 generation failed upstream. */
  successFlag?: number;
  response?: { resultUrls?: string[] | null } | null;
  errorCode?: number | string | null;
  errorMessage?: string | null;
}

/** The kie.ai Veo 3 REST API. The job id is kie.ai's task id. */
export class KieProvider implements VideoProvider {
  readonly name = 'kie';

  constructor(private readonly options: KieProviderOptions) {}

  async submit(input: ProviderInput): Promise<string> {
    const body = {
      prompt: input.prompt,
      model: input.model === 'veo3-fast-frames' ? 'veo3_fast' : 'veo3',
      aspectRatio: '16:9',
      ...(input.image ? { imageUrls: [await this.options.imageUrlFor(input.taskId)] } : {}),
    };
    const data = await this.request<{ taskId?: string }>('/api/v1/veo/generate', {
      method: 'POST',
      body: JSON.stringify(body),
    });
    if (!data?.taskId) throw new ProviderError('kie.ai accepted the task without a task id', false);
    return data.taskId;
  }

  async poll(jobId: string): Promise<ProviderStatus> {
    const record = await this.record(jobId);
    switch (record?.successFlag) {
      case 1:
        return resultUrl(record)
          ? { state: 'succeeded' }
          : { state: 'failed', reason: 'kie.ai finished without a video' };
      case 2:
      case 3: {
        const reason = record.errorMessage || 'kie.ai could not generate the video';
        return CONTENT_POLICY_CODES.has(Number(record.errorCode))
          ? { state: 'failed', reason, rejected: true }
          : { state: 'failed', reason };
      }
      default:
        // 0, or a flag kie.ai may add later: keep polling, the pipeline's timeout bounds it.
        return { state: 'running' };
    }
  }

  async download(jobId: string, destination: string): Promise<void> {
    const url = resultUrl(await this.record(jobId));
    if (!url) throw new ProviderError('kie.ai has no finished video for this task', false);
    // A public, expiring file link on kie.ai's CDN: the API key does not go with it.
    const response = await providerFetch('kie.ai', url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!response.ok) {
      throw httpError('kie.ai download', response.status, response.statusText, retryAfterOf(response));
    }
    await saveResponseBody('kie.ai', response, destination);
  }

  private record(jobId: string): Promise<KieRecord | null | undefined> {
    return this.request<KieRecord>(`/api/v1/veo/record-info?taskId=${encodeURIComponent(jobId)}`, { method: 'GET' });
  }

  private async request<T>(path: string, init: RequestInit): Promise<T | null | undefined> {
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
    if (code !== 200) {
      const detail = body?.msg || text.slice(0, 200) || response.statusText;
      // 455 is kie.ai's "service unavailable" (maintenance), so it is retried like a 5xx.
      throw httpError('kie.ai', code, detail, retryAfterOf(response), code === 429 || code === 455 || code >= 500);
    }
    if (!body) throw new ProviderError('kie.ai: the answer was not JSON', true);
    return body.data;
  }
}

function resultUrl(record: KieRecord | null | undefined): string | undefined {
  return record?.response?.resultUrls?.[0];
}

function retryAfterOf(response: Response): number | undefined {
  return parseRetryAfter(response.headers.get('retry-after'));
}
