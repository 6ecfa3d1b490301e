import { sessionStore } from '@veo3/platform/session/session-store';

export const REQUEST_TIMEOUT_MS = 30_000;
export const MAX_RETRIES = 3;
export const RETRY_DELAY_MS = 1_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** 'full' adds x-user-id / x-user-email (SPEC §7 general client); 'bearer' only the token (second client). */
  identity?: 'full' | 'bearer';
  signal?: AbortSignal;
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function randomKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function buildHeaders(options: RequestOptions, idempotencyKey: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const { user, token } = sessionStore.getState();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if ((options.identity ?? 'full') === 'full' && user) {
    headers.set('x-user-id', user.id);
    headers.set('x-user-email', user.email);
  }
  if (options.body !== undefined && !(options.body instanceof FormData))
    headers.set('Content-Type', 'application/json');
  // One key for all attempts of a write, so a retried request can be recognised by the server.
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown };
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.error === 'string' && b.error) return b.error;
  }
  return `HTTP error: ${status}`;
}

/**
 * Same-origin JSON client (SPEC §7): 30 s timeout, credentials sent, Bearer token,
 * up to 3 retries 1 s apart on network errors and aborted (timed-out) requests only.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const idempotencyKey = method === 'GET' ? null : randomKey();
  const body =
    options.body === undefined || options.body instanceof FormData
      ? (options.body as FormData | undefined)
      : JSON.stringify(options.body);

  for (let attempt = 0; ; attempt++) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method,
        body,
        headers: buildHeaders(options, idempotencyKey),
        credentials: 'include',
        signal,
      });
    } catch (error) {
      // The caller giving up is final; our own timeout or a network failure is retried.
      if (options.signal?.aborted || attempt >= MAX_RETRIES) throw error;
      await sleep(RETRY_DELAY_MS);
      continue;
    } finally {
      clearTimeout(timer);
    }
    const data = await readBody(response);
    if (!response.ok) {
      if (response.status === 401 && sessionStore.getState().token) sessionStore.signOut();
      const code = data && typeof data === 'object' ? (data as { code?: string }).code : undefined;
      throw new ApiError(errorMessage(data, response.status), response.status, code, data);
    }
    return data as T;
  }
}
