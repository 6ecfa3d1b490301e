import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegBinary } from '../../src/video/ffmpeg.runner';
import type { DownloadPolicy } from '../../src/video/providers/provider-download';
import { ProviderError } from '../../src/video/providers/video-provider';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A canned answer that replaces the fake's normal one for a single request:
 * an HTTP status with a body, a dropped connection, or a body cut off halfway.
 */
export type CannedAnswer =
  { status: number; body?: unknown; headers?: Record<string, string> } | 'disconnect' | 'truncate';

export interface FakeServer {
  baseUrl: string;
  /** Every request, in order, canned answers included. */
  requests: RecordedRequest[];
  /** The next request whose path matches `path` (any request when omitted) gets `answer` instead. */
  failNext(answer: CannedAnswer, path?: RegExp): void;
  close(): Promise<void>;
}

export type FakeHandler = (request: RecordedRequest, res: ServerResponse) => void;

/** A local HTTP server on a free port that records requests and can be told to misbehave once. */
export async function startFakeServer(
  handler: FakeHandler,
  truncatedBody: Buffer = Buffer.alloc(64 * 1024),
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const canned: { answer: CannedAnswer; path?: RegExp }[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const index = canned.findIndex((c) => !c.path || c.path.test(request.url.split('?')[0] ?? ''));
      if (index === -1) return handler(request, res);
      const [{ answer }] = canned.splice(index, 1) as [{ answer: CannedAnswer }];
      if (answer === 'disconnect') return void req.socket.destroy();
      if (answer === 'truncate') {
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(truncatedBody.length * 2) });
        return void res.write(truncatedBody, () => res.destroy());
      }
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
      const type = typeof answer.body === 'string' ? 'text/html' : 'application/json; charset=UTF-8';
      res.writeHead(answer.status, { 'Content-Type': type, ...answer.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext: (answer, path) => void canned.push({ answer, path }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

export function sendVideo(res: ServerResponse, video: Buffer): void {
  res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(video.length) });
  res.end(video);
}

let smallMp4: Buffer | undefined;

/** A real one-second MP4 with a video stream (made once per test process with the bundled ffmpeg). */
export function realMp4(): Buffer {
  if (smallMp4) return smallMp4;
  const dir = mkdtempSync(join(tmpdir(), 'fake-mp4-'));
  try {
    const file = join(dir, 'video.mp4');
    const args = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x36:rate=8:duration=1'];
    execFileSync(ffmpegBinary(), [...args, '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]);
    smallMp4 = readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return smallMp4;
}

/**
 * A real MP4 padded with a `free` box to `size` bytes, large enough to arrive in several chunks
 * (providers' downloads are checked to be MP4 videos).
 */
export function fakeVideoBytes(size = 512 * 1024): Buffer {
  const mp4 = realMp4();
  const padding = Buffer.alloc(Math.max(8, size - mp4.length));
  for (let i = 8; i < padding.length; i++) padding[i] = (i * 31 + 7) % 251;
  padding.writeUInt32BE(padding.length, 0);
  padding.write('free', 4, 'latin1');
  return Buffer.concat([mp4, padding]);
}

/** What a provider may download in these tests: the fakes listen on 127.0.0.1, as a configured base URL would. */
export const TEST_DOWNLOAD_POLICY: DownloadPolicy = {
  storageHosts: [],
  trustedHosts: ['127.0.0.1'],
  maxBytes: 8 * 1024 * 1024,
};

/** Resolves with the ProviderError a provider call rejects with; fails the test if it resolves or throws anything else. */
export function providerRejection(promise: Promise<unknown>): Promise<ProviderError> {
  return promise.then(
    () => Promise.reject(new Error('expected a ProviderError')),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ProviderError);
      return error as ProviderError;
    },
  );
}
