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
  /** When set, the task ends this long after it is submitted (however often it is polled), and kie.ai calls its callBackUrl. */
  doneAfterMs?: number;
  /** How many get-1080p-video calls after success answer "not ready" before the 1080p file is there. */
  fullHdCallsBeforeReady?: number;
}

export interface FakeKie extends FakeServer {
  apiKey: string;
  video: Buffer;
  /** The bytes of every task's 1080p version. */
  video1080: Buffer;
  /** Taken by each task when it is created. */
  scenario: FakeKieScenario;
  /** kie.ai model names it no longer serves: new tasks on them are refused. */
  withdrawn: Set<string>;
  /** Every callback kie.ai made: where, and the HTTP status our side answered (0 if unreachable). */
  callbacks: { url: string; status: number }[];
  /** The generate request of each task, by kie.ai task id. */
  params: Map<string, Record<string, unknown>>;
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
const GENERATION_TYPES = ['TEXT_2_VIDEO', 'FIRST_AND_LAST_FRAMES_2_VIDEO', 'REFERENCE_2_VIDEO'];

interface FakeTask {
  polls: number;
  fullHdCalls: number;
  scenario: FakeKieScenario;
  params: Record<string, unknown>;
  created: number;
}

/**
 * kie.ai's Veo 3 API. Every answer is HTTP 200 with the real status in the body's `code`:
 *   POST /api/v1/veo/generate   (Bearer)  {prompt, model: veo3|veo3_fast, aspectRatio, imageUrls?, generationType?, callBackUrl?}
 *        → {code: 200, msg, data: {taskId}}; 401 bad key, 422 invalid body
 *        When the task ends, POST callBackUrl {code, msg, data: {taskId, info: {resultUrls}}}.
 *   GET  /api/v1/veo/get-1080p-video?taskId=&index=  (Bearer), 16:9 tasks that succeeded
 *        → {code: 200, data: {resultUrl}} once made; until then a non-200 code
 *   GET  /api/v1/veo/record-info?taskId=  (Bearer)
 *        → {code: 200, data: {taskId, successFlag: 0|1|2|3, response: {resultUrls} | null, errorCode, errorMessage}}
 *   GET  /files/{taskId}.mp4, /files/{taskId}-1080p.mp4    the result links (public, no key) → the MP4 bytes
 */
export async function startFakeKie(apiKey = 'test-kie-key', video = fakeVideoBytes()): Promise<FakeKie> {
  const tasks = new Map<string, FakeTask>();
  const fake = {} as FakeKie;
  const running = (task: FakeTask) =>
    task.scenario.outcome.kind === 'never' ||
    (task.scenario.doneAfterMs !== undefined
      ? Date.now() - task.created < task.scenario.doneAfterMs
      : task.polls <= task.scenario.pollsBeforeDone);
  const callBack = async (taskId: string, task: FakeTask) => {
    const url = task.params.callBackUrl;
    if (typeof url !== 'string') return;
    const failed = task.scenario.outcome.kind === 'failed';
    let status = 0;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          code: failed ? 501 : 200,
          msg: failed ? 'Video generation failed.' : 'Video generated successfully.',
          data: { taskId, info: failed ? null : { resultUrls: [`${server.baseUrl}/files/${taskId}.mp4`] } },
        }),
      });
      status = res.status;
    } catch {
      // Our side did not answer: kie.ai gives up on the callback, the poll still finds the task.
    }
    fake.callbacks.push({ url, status });
  };

  const server = await startFakeServer(
    (request, res) => {
      const url = new URL(request.url, 'http://fake');
      if (request.method === 'GET' && /^\/files\/[a-f0-9]+-1080p\.mp4$/.test(url.pathname)) {
        return sendVideo(res, fake.video1080);
      }
      if (request.method === 'GET' && /^\/files\/[a-f0-9]+\.mp4$/.test(url.pathname)) return sendVideo(res, video);
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return kieAnswer(res, 401, 'You do not have access permissions');
      }

      if (request.method === 'POST' && url.pathname === '/api/v1/veo/generate') {
        let params: GenerateParams;
        try {
          params = JSON.parse(request.body);
        } catch {
          return kieAnswer(res, 422, 'Invalid JSON');
        }
        const problem = invalidGenerate(params);
        if (problem) return kieAnswer(res, 422, problem);
        if (fake.withdrawn.has(String(params.model))) {
          return kieAnswer(res, 422, `The model ${String(params.model)} is no longer available`);
        }
        const taskId = randomBytes(16).toString('hex');
        const task: FakeTask = {
          polls: 0,
          fullHdCalls: 0,
          scenario: structuredClone(fake.scenario),
          params: params as Record<string, unknown>,
          created: Date.now(),
        };
        tasks.set(taskId, task);
        fake.params.set(taskId, task.params);
        if (task.scenario.doneAfterMs !== undefined && task.scenario.outcome.kind !== 'never') {
          setTimeout(() => void callBack(taskId, task), task.scenario.doneAfterMs).unref();
        }
        return kieAnswer(res, 200, 'success', { taskId });
      }

      if (request.method === 'GET' && url.pathname === '/api/v1/veo/record-info') {
        const taskId = url.searchParams.get('taskId') ?? '';
        const task = tasks.get(taskId);
        if (!task) return kieAnswer(res, 404, 'Task not found');
        task.polls += 1;
        const { outcome } = task.scenario;
        const isRunning = running(task);
        const failed = !isRunning && outcome.kind === 'failed' ? outcome : undefined;
        return kieAnswer(res, 200, 'success', {
          taskId,
          paramJson: JSON.stringify(task.params),
          createTime: new Date(task.created).toISOString(),
          completeTime: isRunning ? null : new Date().toISOString(),
          successFlag: isRunning ? 0 : (failed?.successFlag ?? 1),
          response: isRunning || failed ? null : { taskId, resultUrls: [`${server.baseUrl}/files/${taskId}.mp4`] },
          errorCode: failed?.errorCode ?? null,
          errorMessage: failed?.errorMessage ?? '',
          fallbackFlag: false,
        });
      }
      if (request.method === 'GET' && url.pathname === '/api/v1/veo/get-1080p-video') {
        const taskId = url.searchParams.get('taskId') ?? '';
        const task = tasks.get(taskId);
        if (!task) return kieAnswer(res, 404, 'Task not found');
        if (task.params.aspectRatio !== '16:9') return kieAnswer(res, 422, '1080P is only available for 16:9 videos');
        if (running(task) || task.scenario.outcome.kind !== 'video') {
          return kieAnswer(res, 422, 'The task has not succeeded');
        }
        task.fullHdCalls += 1;
        if (task.fullHdCalls <= (task.scenario.fullHdCallsBeforeReady ?? 1)) {
          return kieAnswer(res, 404, 'The 1080P video is being generated, please try again later');
        }
        return kieAnswer(res, 200, 'success', { resultUrl: `${server.baseUrl}/files/${taskId}-1080p.mp4` });
      }
      kieAnswer(res, 404, `No route for ${request.method} ${url.pathname}`);
    },
    video.subarray(0, 64 * 1024),
  );

  return Object.assign(fake, server, {
    apiKey,
    video,
    video1080: Buffer.concat([video, Buffer.from('1080p')]),
    scenario: { pollsBeforeDone: 2, outcome: { kind: 'video' } },
    withdrawn: new Set<string>(),
    callbacks: [],
    params: new Map(),
  } satisfies Omit<FakeKie, keyof FakeServer>);
}

interface GenerateParams {
  prompt?: unknown;
  model?: unknown;
  aspectRatio?: unknown;
  imageUrls?: unknown;
  generationType?: unknown;
  callBackUrl?: unknown;
}

function invalidGenerate(params: GenerateParams) {
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
  const type = params.generationType;
  if (type !== undefined && !GENERATION_TYPES.includes(String(type))) return 'generationType is invalid';
  if (type === 'FIRST_AND_LAST_FRAMES_2_VIDEO' && urls === undefined) return 'imageUrls is required for this type';
  if (type === 'TEXT_2_VIDEO' && urls !== undefined) return 'imageUrls is not allowed for TEXT_2_VIDEO';
  const callBack = params.callBackUrl;
  if (callBack !== undefined && (typeof callBack !== 'string' || !/^https?:\/\//.test(callBack))) {
    return 'callBackUrl must be a URL';
  }
  return undefined;
}

function kieAnswer(res: ServerResponse, code: number, msg: string, data: unknown = null): void {
  sendJson(res, 200, { code, msg, data });
}
