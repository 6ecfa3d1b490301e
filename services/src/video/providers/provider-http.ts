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
  const failure = status === 429 ? 'rate_limited' : retryable ? 'provider_unavailable' : 'provider_refused';
  return new ProviderError(
    `${label} ${status}: ${detail}`,
    retryable,
    retryable ? retryAfterSeconds : undefined,
    failure,
  );
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
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new ProviderError(
      `${label}: ${timedOut ? 'no answer in time' : 'network error'} (${describeError(error)})`,
      true,
      undefined,
      timedOut ? 'timeout' : 'provider_unavailable',
    );
  }
}

// undici hides the useful part ("ECONNREFUSED", "other side closed") in `cause`.
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
