import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { fakeVideoBytes, sendJson, sendVideo, startFakeServer, type FakeServer } from './fake-http';

/** How a task ends once `pollsBeforeDone` polls have answered successFlag 0. */
export type FakeKieOutcome =
  | { kind: 'video' }
  | { kind: 'failed'; successFlag: 2 | 3; errorCode: number; errorMessage: string }
  | { kind: 'never' };

export interface FakeKieScenario {
  pollsBeforeDone: number;
  outcome: FakeKieOutcome;
}

export interface FakeKie extends FakeServer {
  apiKey: string;
  video: Buffer;
  /** Taken by each task when it is created. */
  scenario: FakeKieScenario;
}

/** A task refused by the content policy, as kie.ai reports it. */
export const KIE_CONTENT_POLICY: FakeKieOutcome = {
  kind: 'failed',
  successFlag: 2,
  errorCode: 400,
  errorMessage: 'Your prompt was flagged by Website as violating content policies.',
};

const MODELS = ['veo3', 'veo3_fast'];
const ASPECT_RATIOS = ['16:9', '9:16', 'Auto'];

/**
 * kie.ai's Veo 3 API. Every answer is HTTP 200 with the real status in the body's `code`:
 *   POST /api/v1/veo/generate   (Bearer)  {prompt, model: veo3|veo3_fast, aspectRatio, imageUrls?}
 *        → {code: 200, msg, data: {taskId}}; 401 bad key, 422 invalid body
 *   GET  /api/v1/veo/record-info?taskId=  (Bearer)
 *        → {code: 200, data: {taskId, successFlag: 0|1|2|3, response: {resultUrls} | null, errorCode, errorMessage}}
 *   GET  /files/{taskId}.mp4    the result link (public, no key) → the MP4 bytes
 */
export async function startFakeKie(apiKey = 'test-kie-key', video = fakeVideoBytes()): Promise<FakeKie> {
  const tasks = new Map<string, { polls: number; scenario: FakeKieScenario; params: unknown; created: string }>();
  const fake = {} as FakeKie;

  const server = await startFakeServer(
    (request, res) => {
      const url = new URL(request.url, 'http://fake');
      if (request.method === 'GET' && /^\/files\/[a-f0-9]+\.mp4$/.test(url.pathname)) return sendVideo(res, video);
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return kieAnswer(res, 401, 'You do not have access permissions');
      }

      if (request.method === 'POST' && url.pathname === '/api/v1/veo/generate') {
        let params: { prompt?: unknown; model?: unknown; aspectRatio?: unknown; imageUrls?: unknown };
        try {
          params = JSON.parse(request.body);
        } catch {
          return kieAnswer(res, 422, 'Invalid JSON');
        }
        const problem = invalidGenerate(params);
        if (problem) return kieAnswer(res, 422, problem);
        const taskId = randomBytes(16).toString('hex');
        tasks.set(taskId, {
          polls: 0,
          scenario: structuredClone(fake.scenario),
          params,
          created: new Date().toISOString(),
        });
        return kieAnswer(res, 200, 'success', { taskId });
      }

      if (request.method === 'GET' && url.pathname === '/api/v1/veo/record-info') {
        const taskId = url.searchParams.get('taskId') ?? '';
        const task = tasks.get(taskId);
        if (!task) return kieAnswer(res, 404, 'Task not found');
        task.polls += 1;
        const { outcome, pollsBeforeDone } = task.scenario;
        const running = outcome.kind === 'never' || task.polls <= pollsBeforeDone;
        const failed = !running && outcome.kind === 'failed' ? outcome : undefined;
        return kieAnswer(res, 200, 'success', {
          taskId,
          paramJson: JSON.stringify(task.params),
          createTime: task.created,
          completeTime: running ? null : new Date().toISOString(),
          successFlag: running ? 0 : (failed?.successFlag ?? 1),
          response: running || failed ? null : { taskId, resultUrls: [`${server.baseUrl}/files/${taskId}.mp4`] },
          errorCode: failed?.errorCode ?? null,
          errorMessage: failed?.errorMessage ?? '',
          fallbackFlag: false,
        });
      }
      kieAnswer(res, 404, `No route for ${request.method} ${url.pathname}`);
    },
    video.subarray(0, 64 * 1024),
  );

  return Object.assign(fake, server, {
    apiKey,
    video,
    scenario: { pollsBeforeDone: 2, outcome: { kind: 'video' } },
  } satisfies Omit<FakeKie, keyof FakeServer>);
}

function invalidGenerate(params: { prompt?: unknown; model?: unknown; aspectRatio?: unknown; imageUrls?: unknown }) {
  if (typeof params.prompt !== 'string' || !params.prompt.trim()) return 'prompt is required';
  if (typeof params.model !== 'string' || !MODELS.includes(params.model)) return 'model is invalid';
  if (params.aspectRatio !== undefined && !ASPECT_RATIOS.includes(String(params.aspectRatio))) return 'Ratio error';
  const urls = params.imageUrls;
  const validUrls =
    Array.isArray(urls) &&
    urls.length >= 1 &&
    urls.length <= 2 &&
    urls.every((u) => typeof u === 'string' && /^https?:\/\//.test(u));
  if (urls !== undefined && !validUrls) return 'imageUrls must hold one or two image URLs';
  return undefined;
}

function kieAnswer(res: ServerResponse, code: number, msg: string, data: unknown = null): void {
  sendJson(res, 200, { code, msg, data });
}
