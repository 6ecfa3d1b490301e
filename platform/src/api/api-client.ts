import type { z } from 'zod';
import type { ErrorReply } from '@veo3/contracts/envelope';
import type { ApiRouteEntry } from '@veo3/contracts/routes';
import { sessionStore } from '@veo3/platform/session/session-store';

export const REQUEST_TIMEOUT_MS = 30_000;
export const MAX_RETRIES = 3;
export const RETRY_DELAY_MS = 1_000;

/** A non-2xx reply: `code` and `body` are the contract's ErrorReply when the service wrote it. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: ErrorReply['code'],
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** A JSON route of the contract: one whose success reply is a schema (not a file, page or stream). */
type JsonRoute = ApiRouteEntry extends infer R
  ? R extends { path: infer P extends string; replies: infer Rep }
    ? string extends P
      ? never
      : Extract<Rep[Extract<keyof Rep, SuccessStatus>], z.ZodType> extends never
        ? never
        : R
    : never
  : never;

/** A route as "METHOD /path/:param", exactly as listed in API_ROUTES (contracts/src/routes.ts). */
export type ApiRouteKey = JsonRoute extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

type RouteOf<K extends ApiRouteKey> = JsonRoute extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}` extends K
      ? R
      : never
    : never
  : never;

/** The contract's reply for the route's success statuses (the whole JSON body, envelope included). */
export type ApiReplyOf<K extends ApiRouteKey> =
  RouteOf<K> extends { replies: infer Rep }
    ? { [S in Extract<keyof Rep, SuccessStatus>]: Rep[S] extends z.ZodType ? z.output<Rep[S]> : never }[Extract<
        keyof Rep,
        SuccessStatus
      >]
    : never;

type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type QueryValue = string | number | undefined;
type QueryOf<R> = R extends { query: infer Q extends z.ZodType }
  ? { query?: { [Key in keyof z.output<Q>]?: QueryValue } }
  : { query?: never };
type BodyOf<R> = R extends { multipart: true }
  ? { body: FormData }
  : R extends { body: infer B extends z.ZodType }
    ? { body: z.input<B> }
    : { body?: never };
type ParamsOf<R> = R extends { path: infer P extends string }
  ? [PathParamNames<P>] extends [never]
    ? { params?: never }
    : { params: Record<PathParamNames<P>, string | number> }
  : never;

interface BaseOptions {
  /** 'full' adds x-user-id / x-user-email (SPEC §7 general client); 'bearer' only the token (second client). */
  identity?: 'full' | 'bearer';
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * What a call to `route` sends: its path parameters, query and body, typed by the contract. Built
 * route by route (a distributive conditional): intersecting the three unions of every route instead
 * grows with the cube of the route count, past what TypeScript can represent (TS2590).
 */
type OptionsOfRoute<R> = R extends unknown ? BaseOptions & ParamsOf<R> & QueryOf<R> & BodyOf<R> : never;
export type RequestOptions<K extends ApiRouteKey> = OptionsOfRoute<RouteOf<K>>;

/** The options are optional where the route takes no parameters and no body. */
type OptionsArg<K extends ApiRouteKey> =
  {} extends RequestOptions<K> ? [options?: RequestOptions<K>] : [options: RequestOptions<K>];

interface WireOptions extends BaseOptions {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function randomKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** '/api/video/status/:taskId' with { taskId: 'a b' } → '/api/video/status/a%20b'. */
function fillPath(pattern: string, params: WireOptions['params'] = {}): string {
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

function buildUrl(path: string, query?: WireOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function buildHeaders(options: WireOptions, idempotencyKey: string | null): Headers {
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
    const b = body as Partial<ErrorReply> & { error?: unknown };
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.error === 'string' && b.error) return b.error;
  }
  return `HTTP error: ${status}`;
}

/**
 * Same-origin JSON client (SPEC §7) for the routes of the contract (API_ROUTES): `route` is
 * "METHOD /path/:param" as listed there, and the reply is typed by the route's success schema.
 * 30 s timeout, credentials sent, Bearer token, up to 3 retries 1 s apart on network errors and
 * aborted (timed-out) requests only. A non-2xx reply throws ApiError.
 */
export async function apiRequest<K extends ApiRouteKey>(route: K, ...[options]: OptionsArg<K>): Promise<ApiReplyOf<K>> {
  const opts: WireOptions = options ?? {};
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const path = fillPath(route.slice(space + 1), opts.params);
  const idempotencyKey = method === 'GET' ? null : randomKey();
  const body =
    opts.body === undefined || opts.body instanceof FormData
      ? (opts.body as FormData | undefined)
      : JSON.stringify(opts.body);

  for (let attempt = 0; ; attempt++) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
    let response: Response;
    try {
      response = await fetch(buildUrl(path, opts.query), {
        method,
        body,
        headers: buildHeaders(opts, idempotencyKey),
        credentials: 'include',
        signal,
      });
    } catch (error) {
      // The caller giving up is final; our own timeout or a network failure is retried.
      if (opts.signal?.aborted || attempt >= MAX_RETRIES) throw error;
      await sleep(RETRY_DELAY_MS);
      continue;
    } finally {
      clearTimeout(timer);
    }
    const data = await readBody(response);
    if (!response.ok) {
      if (response.status === 401 && sessionStore.getState().token) sessionStore.signOut();
      const code = data && typeof data === 'object' ? (data as Partial<ErrorReply>).code : undefined;
      throw new ApiError(errorMessage(data, response.status), response.status, code, data);
    }
    return data as ApiReplyOf<K>;
  }
}
