import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { MAX_IMAGE_BYTES } from '@veo3/contracts/generation-options';
import { SIGNATURE_BYTES } from '../video/image-check';
import { bareHost, fetchResult } from '../video/providers/provider-download';
import { ProviderError } from '../video/providers/video-provider';
import type { UploadedFile } from '../video/uploaded-file';
import { VideoErrorCode, VideoException } from '../video/video.exception';
import { PublicApiErrorCode, PublicApiException } from './public-api.exception';

/** The whole download (answer and body) ends by then. */
const DOWNLOAD_TIMEOUT_MS = 30_000;

const refused = (detail: string) =>
  new PublicApiException(PublicApiErrorCode.ImageUrlRefused, `image_url is refused: ${detail}`, [
    { location: 'body', pointer: '#/image_url', detail },
  ]);
const unreadable = (detail: string) =>
  new PublicApiException(PublicApiErrorCode.ImageUrlUnreadable, `image_url could not be read: ${detail}`);
const tooLarge = () =>
  new VideoException(VideoErrorCode.ImageTooLarge, 'The image is larger than 10 MB. Please choose a smaller image.');

/**
 * Downloads a create request's `image_url` into `dir` as an upload would arrive (checked afterwards
 * like one, by VideoGenerationService): https only, through the provider downloads' guard
 * (`fetchResult`: no private, loopback or link-local address, redirects only within the host) unless
 * the host is one of `trustedHosts`; at most MAX_IMAGE_BYTES.
 */
export async function downloadImageUrl(
  url: string,
  dir: string,
  trustedHosts: readonly string[],
): Promise<UploadedFile> {
  const trusted = trustedHosts.includes(bareHost(url));
  if (new URL(url).protocol !== 'https:' && !trusted) throw refused('it must be an https URL');
  let response: Response;
  try {
    const policy = { storageHosts: [], trustedHosts, maxBytes: MAX_IMAGE_BYTES };
    response = await fetchResult('image_url', url, policy, () => ({
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    }));
  } catch (error) {
    // Not retryable: a private address, or a redirect to another host; retryable: no answer.
    if (error instanceof ProviderError && !error.retryable)
      throw refused('its host is a private address, or it redirects to another host');
    throw unreadable('no answer from its host');
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw unreadable(`its host answered ${response.status}`);
  }
  if (Number(response.headers.get('content-length')) > MAX_IMAGE_BYTES) {
    await response.body.cancel();
    throw tooLarge();
  }
  return saveImage(response.body as NodeReadableStream<Uint8Array>, join(dir, 'image-url'));
}

/** Streams the body to `path`, hashing it and keeping its first bytes; more than MAX_IMAGE_BYTES is refused. */
async function saveImage(body: NodeReadableStream<Uint8Array>, path: string): Promise<UploadedFile> {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) return done(tooLarge());
      hash.update(chunk);
      if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SIGNATURE_BYTES);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(body), counter, createWriteStream(path));
  } catch (error) {
    if (error instanceof VideoException) throw error;
    throw unreadable('the download broke off');
  }
  return { path, size, head, sha256: hash.digest('hex') };
}
