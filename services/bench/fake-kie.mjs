// @ts-check
// A fake kie.ai for the benches (bench:video, bench:scale), served by a plain Node HTTP server.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// ---------------------------------------------------------------------------------------------
// A fake kie.ai: the protocol of services/test/providers/fake-kie.ts, but time-based.
//   POST /api/v1/veo/generate            (Bearer) {prompt, model, aspectRatio, callBackUrl} → {code: 200, data: {taskId}}
//   GET  /api/v1/veo/record-info?taskId=  (Bearer) → {code: 200, data: {successFlag 0|1, response: {resultUrls}}}
//   GET  /files/<taskId>.mp4              (public) → the MP4 bytes
// Every answer is HTTP 200; the real status is the body's `code`. A task is done `renderMs` after its
// submit; when `callBackWhen(prompt)` says so, kie.ai then POSTs its callBackUrl. A task whose prompt
// `failWhen(prompt)` picks then reports successFlag 3 (generation failed) instead, with no video.
// ---------------------------------------------------------------------------------------------
/** A real one-second MP4 (the worker checks each download with ffmpeg), padded with a `free` box to `size`. */
export function fakeVideo(size) {
  const { path: ffmpeg } = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg');
  const dir = mkdtempSync(join(tmpdir(), 'veo3-bench-mp4-'));
  let mp4;
  try {
    const file = join(dir, 'video.mp4');
    execFileSync(ffmpeg, [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x36:rate=8:duration=1'],
      ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
    ]);
    mp4 = readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const padding = Buffer.alloc(Math.max(8, size - mp4.length));
  for (let i = 8; i < padding.length; i++) padding[i] = (i * 31 + 7) % 251;
  padding.writeUInt32BE(padding.length, 0);
  padding.write('free', 4, 'latin1');
  return Buffer.concat([mp4, padding]);
}

/**
 * @param {string} apiKey
 * @param {{ renderMs?: number, videoBytes?: number, latencyMs?: number, callBackWhen?: (prompt: string) => boolean, failWhen?: (prompt: string) => boolean }} [options]
 */
export async function startFakeKie(
  apiKey,
  { renderMs = 2000, videoBytes = 64 * 1024, latencyMs = 0, callBackWhen = () => false, failWhen = () => false } = {},
) {
  const video = fakeVideo(videoBytes);
  const tasks = new Map(); // kie task id → { createdAt, prompt, model }
  const doneAtByPrompt = new Map(); // when kie.ai finished the task of each prompt
  const fetchedAtByPrompt = new Map(); // when our worker first downloaded its result
  const callbacks = { sent: 0, failed: 0 };
  const stats = { generate: 0, recordInfo: 0, downloads: 0, unauthorized: 0, notFound: 0, invalid: 0 };
  const generatesPerPrompt = new Map();
  let baseUrl = '';

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    // A real provider's API takes a while to answer each call (`latencyMs`).
    req.on('end', () => (latencyMs ? setTimeout(handle, latencyMs) : handle()));
    const handle = () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const answer = (code, msg, /** @type {unknown} */ data = null) => {
        const body = JSON.stringify({ code, msg, data });
        res.writeHead(200, {
          'Content-Type': 'application/json; charset=UTF-8',
          'Content-Length': String(Buffer.byteLength(body)),
        });
        res.end(body);
      };
      const done = (task) => Date.now() - task.createdAt >= renderMs;
      const failed = (task) => done(task) && failWhen(task.prompt);

      const file = /^\/files\/([a-f0-9]+)\.mp4$/.exec(url.pathname);
      if (req.method === 'GET' && file) {
        const task = tasks.get(file[1]);
        if (!task || !done(task) || failed(task)) {
          stats.notFound++;
          res.writeHead(404, { 'Content-Type': 'text/plain' });
          return res.end('Not found');
        }
        stats.downloads++;
        if (!fetchedAtByPrompt.has(task.prompt)) fetchedAtByPrompt.set(task.prompt, Date.now());
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(video.length) });
        return res.end(video);
      }
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        stats.unauthorized++;
        return answer(401, 'You do not have access permissions');
      }
      if (req.method === 'POST' && url.pathname === '/api/v1/veo/generate') {
        let params;
        try {
          params = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          stats.invalid++;
          return answer(422, 'Invalid JSON');
        }
        if (typeof params?.prompt !== 'string' || !params.prompt.trim()) {
          stats.invalid++;
          return answer(422, 'prompt is required');
        }
        if (!['veo3', 'veo3_fast'].includes(params.model)) {
          stats.invalid++;
          return answer(422, 'model is invalid');
        }
        const taskId = randomBytes(16).toString('hex');
        const createdAt = Date.now();
        tasks.set(taskId, { createdAt, prompt: params.prompt, model: params.model });
        doneAtByPrompt.set(params.prompt, createdAt + renderMs);
        if (typeof params.callBackUrl === 'string' && callBackWhen(params.prompt) && !failWhen(params.prompt)) {
          setTimeout(() => {
            const body = {
              code: 200,
              msg: 'Video generated successfully.',
              data: { taskId, info: { resultUrls: [`${baseUrl}/files/${taskId}.mp4`] } },
            };
            fetch(params.callBackUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
              signal: AbortSignal.timeout(15_000), // kie.ai's own callback timeout
            }).then(
              (reply) => (reply.ok ? callbacks.sent++ : callbacks.failed++),
              () => callbacks.failed++,
            );
          }, renderMs).unref();
        }
        stats.generate++;
        generatesPerPrompt.set(params.prompt, (generatesPerPrompt.get(params.prompt) ?? 0) + 1);
        return answer(200, 'success', { taskId });
      }
      if (req.method === 'GET' && url.pathname === '/api/v1/veo/record-info') {
        const taskId = url.searchParams.get('taskId') ?? '';
        const task = tasks.get(taskId);
        stats.recordInfo++;
        if (!task) {
          stats.notFound++;
          return answer(404, 'Task not found');
        }
        const finished = done(task);
        const succeeded = finished && !failed(task);
        return answer(200, 'success', {
          taskId,
          createTime: new Date(task.createdAt).toISOString(),
          completeTime: finished ? new Date(task.createdAt + renderMs).toISOString() : null,
          successFlag: succeeded ? 1 : finished ? 3 : 0,
          response: succeeded ? { taskId, resultUrls: [`${baseUrl}/files/${taskId}.mp4`] } : null,
          errorCode: succeeded || !finished ? null : 500,
          errorMessage: succeeded || !finished ? '' : 'Internal error: the video could not be generated',
          fallbackFlag: false,
        });
      }
      answer(404, `No route for ${req.method} ${url.pathname}`);
    };
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)));
  baseUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  return {
    baseUrl,
    stats,
    /** Every task kie.ai was given, by its task id: when and with which prompt. */
    tasks,
    callbacks,
    doneAtByPrompt,
    fetchedAtByPrompt,
    generatesPerPrompt,
    close: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        })
      ),
  };
}
