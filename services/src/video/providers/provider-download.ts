import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { BlockList, isIP } from 'node:net';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { runFfmpeg } from '../ffmpeg.runner';
import { describeError, providerFetch } from './provider-http';
import { ProviderError } from './video-provider';

/** Where a provider's result may come from, and how much of it we take. */
export interface DownloadPolicy {
  /** Hosts (and their subdomains) a redirect may lead to besides the current URL's own host: the providers' storage. */
  storageHosts: readonly string[];
  /** Hosts allowed to be private addresses: those of the configured provider base URLs (a proxy, or a local fake in tests). */
  trustedHosts: readonly string[];
  maxBytes: number;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CHECK_TIMEOUT_MS = 30_000;

/** Loopback, private, link-local, shared, reserved and multicast ranges (IPv4-mapped IPv6 addresses match the IPv4 ones). */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** The download was refused or cannot be used: never retried, the task fails and is refunded. */
const refused = (message: string) => new ProviderError(message, false, undefined, 'download_failed');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * GET `url`, following at most MAX_REDIRECTS redirects ourselves: each to the same host or to a
 * storage host, and none to a private address. fetch would follow any redirect anywhere (and carry
 * custom headers such as the API key along to another origin).
 */
export async function fetchResult(
  label: string,
  url: string,
  policy: DownloadPolicy,
  init: (url: URL) => RequestInit,
): Promise<Response> {
  let current = new URL(url);
  for (let redirects = 0; ; redirects++) {
    await checkTarget(label, current, policy);
    const response = await providerFetch(label, current, { ...init(current), redirect: 'manual' });
    if (!REDIRECTS.has(response.status)) return response;
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (!location) throw refused(`${label}: the video download redirected without a Location`);
    if (redirects === MAX_REDIRECTS)
      throw refused(`${label}: the video download redirected more than ${MAX_REDIRECTS} times`);
    const next = new URL(location, current);
    if (next.hostname !== current.hostname && !isStorageHost(bareHost(next), policy)) {
      throw refused(
        `${label}: the video download redirected from ${current.host} to ${next.host}, not a provider storage host`,
      );
    }
    current = next;
  }
}

/**
 * Streams a successful response into `destination`, at most `maxBytes` of it, then checks it is
 * an MP4 with a video stream. A connection lost midway is retryable; too large or not a video is not.
 */
export async function saveVideo(
  label: string,
  response: Response,
  destination: string,
  maxBytes: number,
): Promise<void> {
  if (!response.body)
    throw new ProviderError(`${label}: the video download had no body`, true, undefined, 'download_failed');
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body.cancel();
    throw refused(`${label}: the video is ${declared} bytes, more than the ${maxBytes} allowed`);
  }
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > maxBytes) done(refused(`${label}: the video is more than the ${maxBytes} bytes allowed`));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
      counter,
      createWriteStream(destination),
    );
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(
      `${label}: video download failed (${describeError(error)})`,
      true,
      undefined,
      'download_failed',
    );
  }
  await checkMp4(label, destination);
}

/** An MP4 (an `ftyp` box first) whose container ffmpeg can read and which holds a video stream. */
async function checkMp4(label: string, path: string): Promise<void> {
  const head = Buffer.alloc(12);
  const file = await open(path, 'r');
  try {
    await file.read(head, 0, 12, 0);
  } finally {
    await file.close();
  }
  if (head.toString('latin1', 4, 8) !== 'ftyp') throw refused(`${label}: the download is not an MP4 file`);
  try {
    // Copies one packet of the first video stream, decoding nothing (so any codec passes).
    await runFfmpeg(['-f', 'mp4', '-i', path, '-map', '0:v:0', '-c', 'copy', '-frames:v', '1', '-f', 'null', '-'], {
      durationSeconds: 1,
      timeoutMs: CHECK_TIMEOUT_MS,
    });
  } catch (error) {
    throw refused(`${label}: the download is not a playable MP4 video (${describeError(error)})`);
  }
}

/** Refuses a host that is, or resolves to, a private address, unless it is a configured provider's own. */
async function checkTarget(label: string, url: URL, policy: DownloadPolicy): Promise<void> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused(`${label}: the video link is not HTTP(S)`);
  const host = bareHost(url);
  if (policy.trustedHosts.includes(host)) return;
  let resolved: ResolvedHost;
  try {
    resolved = await resolveHost(host);
  } catch (error) {
    throw new ProviderError(
      `${label}: could not resolve ${host} (${describeError(error)})`,
      true,
      undefined,
      'download_failed',
    );
  }
  const inside = resolved.privateAddress;
  if (inside) throw refused(`${label}: the video link's host ${host} is a private address (${inside})`);
}

/** What a host name stands for: every address, and the first in a private range (null when none). */
export interface ResolvedHost {
  addresses: LookupAddress[];
  privateAddress: string | null;
}

/**
 * Resolves `host` (a name, or an IP literal without brackets, which is its own address) for a
 * server-side request to a URL a user or provider gave; a name that does not resolve throws as
 * dns.lookup does. Connect to the addresses returned, not to the name again: DNS may answer otherwise.
 */
export async function resolveHost(host: string): Promise<ResolvedHost> {
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await lookup(host, { all: true, verbatim: true });
  return { addresses, privateAddress: addresses.find((a) => isPrivateAddress(a.address))?.address ?? null };
}

function isStorageHost(host: string, policy: DownloadPolicy): boolean {
  return policy.storageHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** The host name without an IPv6 address's brackets (URL has already lowercased and normalized it). */
export function bareHost(url: URL | string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
}
