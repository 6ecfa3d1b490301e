import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegBinary } from '../../src/video/ffmpeg.runner';
import { sendJson, sendVideo, startFakeServer, type FakeServer } from './fake-http';

/** A prompt holding this fails: the status says COMPLETED with an error, the result answers 500. */
export const FAL_FAIL_MARKER = '[fal-fail]';
/** A prompt holding this is refused by the content checker: the result answers 422 content_policy_violation. */
export const FAL_REFUSE_MARKER = '[fal-refuse]';

export interface FakeFalScenario {
  /** Status polls answering IN_QUEUE, then IN_PROGRESS, before COMPLETED. */
  queuedPolls: number;
  runningPolls: number;
  /** When set, the request completes this long after it is submitted (however often it is polled). */
  doneAfterMs?: number;
}

export interface FakeFalRequest {
  endpoint: string;
  input: Record<string, unknown>;
  webhookUrl: string | null;
}

export interface FakeFal extends FakeServer {
  apiKey: string;
  /** Taken by each request when it is submitted. */
  scenario: FakeFalScenario;
  /** Endpoint ids fal.ai no longer serves: a submit answers 404. */
  withdrawn: Set<string>;
  /** Each submitted request, by request id. */
  submitted: Map<string, FakeFalRequest>;
  /** Every file uploaded to the fake storage: its bytes and declared type, by file URL. */
  uploads: Map<string, { data: Buffer; contentType: string }>;
  /** Every webhook call fal.ai made: where, what, and the HTTP status our side answered (0: unreachable). */
  webhooks: { url: string; body: Record<string, unknown>; status: number }[];
  /** The MP4 served for a request made at this aspect ratio. */
  videoFor(aspectRatio: string): Buffer;
}

interface FakeTask extends FakeFalRequest {
  polls: number;
  scenario: FakeFalScenario;
  created: number;
  hooked: boolean;
}

/** The input names each endpoint's schema documents (fal.ai model pages, November 2026); others answer 422. */
const SCHEMAS: { endpoints: RegExp; names: string[]; durations: string[] }[] = [
  {
    endpoints: /^fal-ai\/kling-video\/[^/]+\/[^/]+\/text-to-video$/,
    names: ['prompt', 'duration', 'aspect_ratio', 'negative_prompt', 'cfg_scale'],
    durations: ['5', '10'],
  },
  {
    endpoints: /^fal-ai\/kling-video\/[^/]+\/[^/]+\/image-to-video$/,
    names: ['prompt', 'image_url', 'duration', 'negative_prompt', 'cfg_scale', 'tail_image_url'],
    durations: ['5', '10'],
  },
  {
    endpoints: /^fal-ai\/bytedance\/seedance\/v1\/[^/]+\/text-to-video$/,
    names: [
      'prompt',
      'aspect_ratio',
      'resolution',
      'duration',
      'camera_fixed',
      'seed',
      'enable_safety_checker',
      'num_frames',
    ],
    durations: ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
  },
  {
    endpoints: /^fal-ai\/bytedance\/seedance\/v1\/[^/]+\/image-to-video$/,
    names: [
      'prompt',
      'image_url',
      'end_image_url',
      'aspect_ratio',
      'resolution',
      'duration',
      'camera_fixed',
      'seed',
      'enable_safety_checker',
      'num_frames',
    ],
    durations: ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
  },
];

/**
 * fal.ai's queue API and storage, as @fal-ai/client calls them once its requestMiddleware has moved
 * queue.fal.run and rest.fal.ai onto this server (every call but the public files needs `Authorization: Key …`):
 *   POST /{endpoint id}[?fal_webhook=URL]         → {request_id, status: IN_QUEUE, status_url, response_url, cancel_url}
 *        404 for a withdrawn endpoint, 422 {detail: [{loc, msg, type}]} for input its schema does not document
 *   GET  /{owner}/{alias}/requests/{id}/status    → {status: IN_QUEUE | IN_PROGRESS | COMPLETED, …}; 404 unknown id
 *   GET  /{owner}/{alias}/requests/{id}           → the output {video: {url, content_type, …}, seed}, or the error
 *   POST /storage/upload/initiate                 → {upload_url, file_url}; PUT upload_url stores the bytes
 *   GET  /files/{id}, /videos/{id}.mp4            → the uploaded file, the made video (public)
 * When a request completes, it POSTs the webhook URL {request_id, gateway_request_id, status: OK | ERROR, payload, error}.
 */
export async function startFakeFal(apiKey = 'fal-test-key-id:fal-test-key-secret'): Promise<FakeFal> {
  const tasks = new Map<string, FakeTask>();
  const fake = {} as FakeFal;
  const videos = new Map<string, Buffer>();
  const videoFor = (ratio: string) => {
    const size = ratio === '9:16' ? '36x64' : '64x36';
    if (!videos.has(size)) videos.set(size, makeMp4(size));
    return videos.get(size)!;
  };
  const done = (task: FakeTask) =>
    task.scenario.doneAfterMs !== undefined
      ? Date.now() - task.created >= task.scenario.doneAfterMs
      : task.polls > task.scenario.queuedPolls + task.scenario.runningPolls;
  const phase = (task: FakeTask) =>
    done(task) ? 'COMPLETED' : task.polls <= task.scenario.queuedPolls ? 'IN_QUEUE' : 'IN_PROGRESS';

  const storage = await startStorage(fake);
  const server = await startFakeServer((request, res) => {
    const url = new URL(request.url, 'http://fake');
    const path = url.pathname.replace(/^\//, '');
    if (request.method === 'GET' && /^videos\/[\w-]+\.mp4$/.test(path)) {
      const task = tasks.get(path.slice('videos/'.length, -'.mp4'.length));
      return task ? sendVideo(res, videoFor(String(task.input.aspect_ratio ?? '16:9'))) : fail(res, 404, 'Not found');
    }
    if (request.headers.authorization !== `Key ${apiKey}`) return fail(res, 401, 'Invalid API key');
    if (request.method === 'POST' && path === 'storage/upload/initiate') {
      const id = randomUUID();
      return sendJson(res, 200, {
        upload_url: `${storage.baseUrl}/upload/${id}`,
        file_url: `${storage.baseUrl}/files/${id}`,
      });
    }
    const status = /^([^/]+\/[^/]+)\/requests\/([\w-]+)(\/status)?$/.exec(path);
    if (request.method === 'GET' && status) {
      const task = tasks.get(status[2]!);
      if (!task || !task.endpoint.startsWith(`${status[1]}/`)) return fail(res, 404, 'Request not found');
      return status[3] ? answerStatus(res, status[2]!, task) : answerResult(res, status[2]!, task);
    }
    if (request.method === 'POST') return submit(res, path, url.searchParams.get('fal_webhook'), request.body);
    fail(res, 404, `No route for ${request.method} ${url.pathname}`);
  });

  function submit(res: ServerResponse, endpoint: string, webhookUrl: string | null, body: string): void {
    if (fake.withdrawn.has(endpoint)) return fail(res, 404, `Application '${endpoint}' not found`);
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return fail(res, 422, 'Invalid JSON');
    }
    const problems = invalidInput(endpoint, input);
    if (problems.length) return sendJson(res, 422, { detail: problems });
    const requestId = randomUUID();
    const task: FakeTask = {
      endpoint,
      input,
      webhookUrl,
      polls: 0,
      scenario: structuredClone(fake.scenario),
      created: Date.now(),
      hooked: false,
    };
    tasks.set(requestId, task);
    fake.submitted.set(requestId, { endpoint, input, webhookUrl });
    if (task.scenario.doneAfterMs !== undefined) {
      setTimeout(() => void callWebhook(requestId, task), task.scenario.doneAfterMs).unref();
    }
    const app = endpoint.split('/').slice(0, 2).join('/');
    const requestUrl = `${server.baseUrl}/${app}/requests/${requestId}`;
    sendJson(res, 200, {
      request_id: requestId,
      gateway_request_id: requestId,
      status: 'IN_QUEUE',
      queue_position: 0,
      response_url: requestUrl,
      status_url: `${requestUrl}/status`,
      cancel_url: `${requestUrl}/cancel`,
    });
  }

  function answerStatus(res: ServerResponse, requestId: string, task: FakeTask): void {
    task.polls += 1;
    const now = phase(task);
    if (now === 'COMPLETED') void callWebhook(requestId, task);
    const failed = now === 'COMPLETED' && prompt(task).includes(FAL_FAIL_MARKER);
    sendJson(res, 200, {
      status: now,
      request_id: requestId,
      ...(now === 'IN_QUEUE' ? { queue_position: 0 } : { logs: [] }),
      ...(failed ? { error: 'The model crashed while generating the video', error_type: 'internal_server_error' } : {}),
    });
  }

  function answerResult(res: ServerResponse, requestId: string, task: FakeTask): void {
    if (!done(task)) return fail(res, 400, 'Request is still in progress');
    const outcome = outcomeOf(requestId, task);
    sendJson(res, outcome.status, outcome.body);
  }

  function outcomeOf(requestId: string, task: FakeTask): { status: number; body: Record<string, unknown> } {
    if (prompt(task).includes(FAL_FAIL_MARKER)) {
      return { status: 500, body: { detail: 'The model crashed while generating the video' } };
    }
    if (prompt(task).includes(FAL_REFUSE_MARKER)) {
      const detail = [
        {
          loc: ['body', 'prompt'],
          msg: 'The content was flagged by a content checker.',
          type: 'content_policy_violation',
          input: prompt(task),
        },
      ];
      return { status: 422, body: { detail } };
    }
    const video = videoFor(String(task.input.aspect_ratio ?? '16:9'));
    const file = {
      url: `${server.baseUrl}/videos/${requestId}.mp4`,
      content_type: 'video/mp4',
      file_size: video.length,
    };
    return { status: 200, body: { video: file, seed: task.input.seed ?? 42 } };
  }

  async function callWebhook(requestId: string, task: FakeTask): Promise<void> {
    if (!task.webhookUrl || task.hooked) return;
    task.hooked = true;
    const outcome = outcomeOf(requestId, task);
    const ok = outcome.status === 200;
    const body = {
      request_id: requestId,
      gateway_request_id: requestId,
      status: ok ? 'OK' : 'ERROR',
      payload: outcome.body,
      error: ok ? null : `Request failed with status ${outcome.status}`,
    };
    let status = 0;
    try {
      status = (
        await fetch(task.webhookUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;
    } catch {
      // Our side did not answer: fal.ai retries later, the status poll still finds the request.
    }
    fake.webhooks.push({ url: task.webhookUrl, body, status });
  }

  const close = async () => {
    await storage.close();
    await server.close();
  };
  return Object.assign(fake, server, {
    close,
    apiKey,
    scenario: { queuedPolls: 1, runningPolls: 1 },
    withdrawn: new Set<string>(),
    submitted: new Map(),
    uploads: new Map(),
    webhooks: [],
    videoFor,
  } satisfies Omit<FakeFal, Exclude<keyof FakeServer, 'close'>>);
}

/**
 * fal.ai's storage: the client PUTs the bytes to the upload URL itself (no middleware, no key), so
 * this listens apart, keeping the bytes whole.
 */
async function startStorage(fake: FakeFal): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method === 'PUT' && path.startsWith('/upload/')) {
        const contentType = String(req.headers['content-type'] ?? '');
        fake.uploads.set(`${baseUrl}/files/${path.slice('/upload/'.length)}`, {
          data: Buffer.concat(chunks),
          contentType,
        });
        return sendJson(res, 200, {});
      }
      const file = req.method === 'GET' ? fake.uploads.get(`${baseUrl}${path}`) : undefined;
      if (!file) return fail(res, 404, 'Not found');
      res.writeHead(200, { 'Content-Type': file.contentType });
      res.end(file.data);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    baseUrl,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function prompt(task: FakeTask): string {
  return String(task.input.prompt ?? '');
}

/** What the endpoint's schema refuses in `input`, as fal.ai's 422 lists it. */
function invalidInput(endpoint: string, input: Record<string, unknown>) {
  const problems: { loc: string[]; msg: string; type: string }[] = [];
  if (typeof input.prompt !== 'string' || !input.prompt.trim()) {
    problems.push({ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' });
  }
  const schema = SCHEMAS.find((s) => s.endpoints.test(endpoint));
  if (!schema) return problems;
  if (schema.names.includes('image_url') && typeof input.image_url !== 'string') {
    problems.push({ loc: ['body', 'image_url'], msg: 'Field required', type: 'missing' });
  }
  for (const name of Object.keys(input).filter((key) => !schema.names.includes(key))) {
    problems.push({ loc: ['body', name], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
  }
  if (input.duration !== undefined && !schema.durations.includes(String(input.duration))) {
    const allowed = schema.durations.map((d) => `'${d}'`).join(' or ');
    problems.push({ loc: ['body', 'duration'], msg: `Input should be ${allowed}`, type: 'enum' });
  }
  return problems;
}

function fail(res: ServerResponse, status: number, detail: string): void {
  sendJson(res, status, { detail });
}

/** A real one-second H.264 MP4 of `size` (e.g. 64x36), made with the bundled ffmpeg. */
function makeMp4(size: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'fake-fal-'));
  try {
    const file = join(dir, 'video.mp4');
    const args = ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=8:duration=1`];
    execFileSync(ffmpegBinary(), [...args, '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
