import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { bareHost, resolveHost } from '../video/providers/provider-download';

/** One try's result: the receiver's HTTP status, or why there was none. */
export interface SendResult {
  status: number | null;
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  /** The host may be a private address (WEBHOOK_ALLOW_PRIVATE_HOSTS). */
  allowPrivate: boolean;
  timeoutMs: number;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** A lookup answering with the addresses already checked, so the connection goes where the check looked. */
function fixedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

/**
 * POSTs `body` with `headers` to `url` (a webhook, or a Web Push message: notifications/push-sender.ts): the
 * host resolved and refused if private (unless allowed), the connection made to those addresses, no redirect followed, the whole try bounded by `timeoutMs`.
 * The status is known once the response's head arrives; its body is not read.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string | Buffer,
  options: SendOptions,
): Promise<SendResult> {
  const started = Date.now();
  const done = (status: number | null, error: string | null): SendResult => ({
    status,
    error,
    durationMs: Date.now() - started,
  });
  const target = new URL(url);
  const host = bareHost(target);
  let addresses: LookupAddress[];
  try {
    const resolved = await resolveHost(host);
    if (resolved.privateAddress && !options.allowPrivate)
      return done(null, `refused: ${host} is a private address (${resolved.privateAddress})`);
    addresses = resolved.addresses;
  } catch (error) {
    return done(null, `could not resolve ${host}: ${describe(error)}`);
  }
  try {
    return done(await send(target, addresses, headers, body, options.timeoutMs), null);
  } catch (error) {
    return done(null, describe(error));
  }
}

function send(
  target: URL,
  addresses: LookupAddress[],
  headers: Record<string, string>,
  body: string | Buffer,
  timeoutMs: number,
): Promise<number> {
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: fixedLookup(addresses),
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.on('error', (error) =>
      reject(error.name === 'AbortError' ? new Error(`no response within ${timeoutMs / 1000} s`) : error),
    );
    req.end(body);
  });
}
