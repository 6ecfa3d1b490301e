// @ts-check
// A fake fal.ai queue API for bench:video, served by a plain Node HTTP server.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fakeVideo } from './fake-kie.mjs';

/** A prompt holding this fails at fal.ai: the status says COMPLETED with an error, the result answers 500. */
export const FAL_FAIL_MARKER = '[fal-fail]';

// ---------------------------------------------------------------------------------------------
// The protocol of services/test/providers/fake-fal.ts, as @fal-ai/client calls it once FAL_BASE_URL
// rebases queue.fal.run onto this server, but time-based and text-to-video only (no storage uploads):
//   POST /{endpoint id}                         (Key) {prompt, …} → {request_id, status: IN_QUEUE, status_url, response_url}
//   GET  /{owner}/{alias}/requests/{id}/status  (Key) → IN_QUEUE for `queuedMs`, IN_PROGRESS until `renderMs`, then COMPLETED
//   GET  /{owner}/{alias}/requests/{id}         (Key) → {video: {url, content_type, file_size}}, or 500 for a failing prompt
//   GET  /videos/{id}.mp4                       (public) → the MP4 bytes
// No webhooks: the bench's SITE_URL is local, so the worker gives none.
// ---------------------------------------------------------------------------------------------
/**
 * @param {string} apiKey
 * @param {{ renderMs?: number, queuedMs?: number, videoBytes?: number }} [options]
 */
export async function startFakeFal(apiKey, { renderMs = 3000, queuedMs = renderMs / 3, videoBytes = 64 * 1024 } = {}) {
  const video = fakeVideo(videoBytes);
  /** @type {Map<string, { endpoint: string, prompt: string, createdAt: number }>} */
  const requests = new Map();
  const stats = { submit: 0, status: 0, result: 0, downloads: 0, unauthorized: 0, notFound: 0, invalid: 0 };
  const submitsPerPrompt = new Map(); // `${endpoint} ${prompt}` → submits
  let baseUrl = '';

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname.replace(/^\//, '');
      const send = (status, /** @type {unknown} */ body) => {
        const text = JSON.stringify(body);
        res.writeHead(status, {
          'Content-Type': 'application/json; charset=UTF-8',
          'Content-Length': String(Buffer.byteLength(text)),
        });
        res.end(text);
      };
      const notFound = (detail) => {
        stats.notFound++;
        send(404, { detail });
      };
      const age = (request) => Date.now() - request.createdAt;
      const failing = (request) => request.prompt.includes(FAL_FAIL_MARKER);

      const file = /^videos\/([\w-]+)\.mp4$/.exec(path);
      if (req.method === 'GET' && file) {
        const request = requests.get(file[1]);
        if (!request || age(request) < renderMs || failing(request)) return notFound('Not found');
        stats.downloads++;
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(video.length) });
        return res.end(video);
      }
      if (req.headers.authorization !== `Key ${apiKey}`) {
        stats.unauthorized++;
        return send(401, { detail: 'Invalid API key' });
      }
      const asked = /^([^/]+\/[^/]+)\/requests\/([\w-]+)(\/status)?$/.exec(path);
      if (req.method === 'GET' && asked) {
        const request = requests.get(asked[2]);
        if (!request || !request.endpoint.startsWith(`${asked[1]}/`)) return notFound('Request not found');
        const done = age(request) >= renderMs;
        if (asked[3]) {
          stats.status++;
          const status = done ? 'COMPLETED' : age(request) < queuedMs ? 'IN_QUEUE' : 'IN_PROGRESS';
          return send(200, {
            status,
            request_id: asked[2],
            ...(status === 'IN_QUEUE' ? { queue_position: 0 } : { logs: [] }),
            ...(done && failing(request)
              ? { error: 'The model crashed while generating the video', error_type: 'internal_server_error' }
              : {}),
          });
        }
        stats.result++;
        if (!done) return send(400, { detail: 'Request is still in progress' });
        if (failing(request)) return send(500, { detail: 'The model crashed while generating the video' });
        return send(200, {
          video: { url: `${baseUrl}/videos/${asked[2]}.mp4`, content_type: 'video/mp4', file_size: video.length },
          seed: 42,
        });
      }
      if (req.method === 'POST' && path) {
        let input;
        try {
          input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          input = null;
        }
        if (typeof input?.prompt !== 'string' || !input.prompt.trim()) {
          stats.invalid++;
          return send(422, { detail: [{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' }] });
        }
        const requestId = randomUUID();
        requests.set(requestId, { endpoint: path, prompt: input.prompt, createdAt: Date.now() });
        stats.submit++;
        const key = `${path} ${input.prompt}`;
        submitsPerPrompt.set(key, (submitsPerPrompt.get(key) ?? 0) + 1);
        const requestUrl = `${baseUrl}/${path.split('/').slice(0, 2).join('/')}/requests/${requestId}`;
        return send(200, {
          request_id: requestId,
          gateway_request_id: requestId,
          status: 'IN_QUEUE',
          queue_position: 0,
          response_url: requestUrl,
          status_url: `${requestUrl}/status`,
          cancel_url: `${requestUrl}/cancel`,
        });
      }
      notFound(`No route for ${req.method} ${url.pathname}`);
    });
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)));
  baseUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  return {
    baseUrl,
    stats,
    /** Every request fal.ai was given, by its request id: the endpoint, the prompt, when. */
    requests,
    submitsPerPrompt,
    close: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        })
      ),
  };
}
