import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ProviderError } from './video-provider';

/** Seconds from a Retry-After header, which is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** An HTTP failure: 429 and 5xx are worth retrying, any other 4xx is a refusal or bad input. */
export function httpError(
  label: string,
  status: number,
  detail: string,
  retryAfterSeconds?: number,
  retryable = status === 429 || status >= 500,
): ProviderError {
  return new ProviderError(`${label} ${status}: ${detail}`, retryable, retryable ? retryAfterSeconds : undefined);
}

/** `fetch` that reports network failures and timeouts as retryable ProviderErrors. */
export async function providerFetch(
  label: string,
  input: Parameters<typeof fetch>[0],
  init?: RequestInit,
): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    throw new ProviderError(`${label}: network error (${describeError(error)})`, true);
  }
}

/** Streams a successful response body into `destination`; a connection lost midway is retryable. */
export async function saveResponseBody(label: string, response: Response, destination: string): Promise<void> {
  if (!response.body) throw new ProviderError(`${label}: the video download had no body`, true);
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), createWriteStream(destination));
  } catch (error) {
    throw new ProviderError(`${label}: video download failed (${describeError(error)})`, true);
  }
}

// undici hides the useful part ("ECONNREFUSED", "other side closed") in `cause`.
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
