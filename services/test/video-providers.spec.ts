import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { VideoAvailability } from '../src/video/video-availability';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { VideoWorker } from '../src/video/video-worker';
import { TASK_FAILURE_MESSAGES } from '../src/video/task-failure';
import { startFakeServer } from './providers/fake-http';
import { startFakeKie, type FakeKie } from './providers/fake-kie';
import { KEY_MODELS, startFakeVeo, type FakeVeo } from './providers/fake-veo';
import { devSignIn } from './support/sign-in';
import { databaseKinds, type DatabaseKind } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { freePort, videoClient } from './support/video-client';

jest.setTimeout(60_000);

const MODEL_GONE_MESSAGE = TASK_FAILURE_MESSAGES.model_unavailable;
const UNAVAILABLE = 'Video generation is unavailable right now. No credits were taken; please try again later.';
const queues = process.env.TEST_REDIS_URL ? ['in-process', 'bullmq'] : ['in-process'];
const cases = databaseKinds().flatMap((db) => queues.map((queue) => [db, queue] as const));

/** The whole app on `provider`'s fake, reachable over HTTP at SITE_URL (kie.ai calls back). */
/** `host`: the address the site is served at; one outside localhost makes SITE_URL public, so providers get callback URLs. */
async function appOn(kind: DatabaseKind, queue: string, env: Record<string, string>, host = '127.0.0.1') {
  const port = await freePort();
  const t = await createTestApp(kind, {
    ADMIN_EMAILS: 'admin@example.com',
    SIGNIN_RATE_LIMIT: '1000',
    GENERATE_RATE_LIMIT: '1000',
    VIDEO_POLL_INTERVAL_MS: '20',
    SITE_URL: `http://${host}:${port}`,
    ...(host === '127.0.0.1' ? {} : { DEV_LOGIN: 'true' }),
    ...(queue === 'bullmq'
      ? { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `veo3prov${Date.now()}${kind}` }
      : {}),
    ...env,
  });
  await t.app.listen(port, host);
  await t.app.get(VideoAvailability).ready();
  const admin = await devSignIn(t.app, 'admin@example.com');
  return { t, api: videoClient(t, admin) };
}

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(cases)('the veo provider against a fake Gemini API, on %s with the %s queue', (kind, queue) => {
  let fake: FakeVeo;
  let t: TestApp;
  let api: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    fake = await startFakeVeo();
    fake.scenario = { pollsBeforeDone: 1, outcome: { kind: 'video' } };
    ({ t, api } = await appOn(kind, queue, {
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: fake.apiKey,
      GEMINI_BASE_URL: fake.baseUrl,
    }));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const submitsTo = (model: string) =>
    fake.requests.filter((r) => r.method === 'POST' && r.url === `/v1beta/models/${model}:predictLongRunning`);

  it("auto picks a current model from the key's list, which holds retired and current ones", async () => {
    const health = await api.health();
    expect(health).toMatchObject({
      status: 'ok',
      video: {
        provider: 'veo',
        status: 'ok',
        models: {
          veo3: { available: true, providerModel: 'veo-3.1-generate-001' },
          'veo3-fast-frames': { available: true, providerModel: 'veo-3.1-fast-generate-001' },
        },
      },
    });
    const options = (await t.app.inject({ method: 'GET', url: '/api/video/options' })).json().data;
    expect(options.models.veo3).toEqual({
      available: true,
      message: null,
      prices: { '720p': 40, '1080p': 40 },
      per_second: null,
      durations: [8],
      editable: false,
      // Veo's seed is Vertex AI's only: the Gemini API (and so this provider) cannot pass one.
      seed: false,
      extend_instruction: false,
    });
    expect(options.models.omni).toMatchObject({ seed: true, extend_instruction: true });
    // This key lists no Gemini Omni model: only Omni is missing, and Veo serves both tabs, so video is not degraded.
    expect(options.models.omni).toMatchObject({ available: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().video.status).toBe('ok');
    expect(options.shapes).toHaveLength(4);
  });

  it('9:16, 1080p and the negative prompt reach Veo exactly, and every reply carries the format', async () => {
    const user = await api.userWith('portrait@example.com', 40);
    const res = await api.generate(
      {
        prompt: 'a dancer on a rooftop',
        model: 'veo3',
        aspect_ratio: '9:16',
        resolution: '1080p',
        negative_prompt: 'text',
      },
      user,
    );
    expect(res.statusCode).toBe(200);
    const { taskId } = res.json().data;

    const done = await api.waitFor(user, taskId, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', aspect_ratio: '9:16', resolution: '1080p' });
    const [submit] = submitsTo('veo-3.1-generate-001');
    expect(JSON.parse(submit!.body)).toEqual({
      instances: [{ prompt: 'a dancer on a rooftop' }],
      parameters: { aspectRatio: '9:16', resolution: '1080p', negativePrompt: 'text' },
    });
    const history = await t.app.inject({ method: 'GET', url: '/api/video/history', headers: user.auth });
    expect(history.json().data.items[0]).toMatchObject({ id: taskId, aspect_ratio: '9:16', resolution: '1080p' });
    const row = await t.app.get(DataSource).getRepository(VideoTaskEntity).findOneByOrFail({ id: taskId });
    expect(row.providerModel).toBe('veo-3.1-generate-001');
  });

  it('image mode: the first and the last frame reach the fast model exactly', async () => {
    const user = await api.userWith('frames@example.com', 40);
    const [first, last] = await Promise.all([png(64, 36, '#336699'), png(64, 36, '#993366')]);
    const res = await api.generate({ prompt: 'from blue to red', model: 'veo3-fast-frames' }, user, {
      image: { data: first, filename: 'first.png', type: 'image/png' },
      last_frame: { data: last, filename: 'last.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(200);
    await api.waitFor(user, res.json().data.taskId, ['completed']);

    const [submit] = submitsTo('veo-3.1-fast-generate-001');
    expect(JSON.parse(submit!.body)).toEqual({
      instances: [
        {
          prompt: 'from blue to red',
          image: { bytesBase64Encoded: first.toString('base64'), mimeType: 'image/png' },
          lastFrame: { bytesBase64Encoded: last.toString('base64'), mimeType: 'image/png' },
        },
      ],
      parameters: { aspectRatio: '16:9', resolution: '720p' },
    });
  });

  it('a model withdrawn while tasks run: each task fails with a message for the user, is refunded once, health degrades', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error');
    const user = await api.userWith('withdrawn@example.com', 80);
    fake.scenario = { pollsBeforeDone: 1000, outcome: { kind: 'video' } };
    const taskIds: string[] = [];
    for (const prompt of ['first', 'second']) {
      taskIds.push((await api.generate({ prompt, model: 'veo3' }, user)).json().data.taskId);
    }
    for (const taskId of taskIds) await api.waitFor(user, taskId, ['processing']);
    expect(await api.balance(user)).toBe(0);

    // Google retires every Veo 3 model this key had.
    for (const model of KEY_MODELS.filter((id) => id.startsWith('veo-3'))) fake.withdraw(model);

    for (const taskId of taskIds) {
      const failed = await api.waitFor(user, taskId, ['failed', 'completed']);
      expect(failed).toMatchObject({ status: 'failed', error_message: MODEL_GONE_MESSAGE });
      expect(await api.refunds(taskId)).toBe(1);
    }
    expect(await api.balance(user)).toBe(80);
    expect(
      errors.mock.calls.some(([line]) => /veo model veo-3\.1-generate-001 is no longer available/.test(String(line))),
    ).toBe(true);

    // The 404s made the provider be asked again at once: with every Veo 3 model gone, none is left.
    // That check runs beside the failing tasks, so it may finish a moment after them.
    let health = await api.health();
    for (let i = 0; i < 100 && !/no Veo 3 model/.test(String(health.video?.reason)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      health = await api.health();
    }
    expect(health).toMatchObject({ status: 'degraded', video: { status: 'degraded' } });
    expect(health.video.reason).toMatch(/no Veo 3 model/);

    const refused = await api.generate({ prompt: 'third', model: 'veo3' }, user);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ success: false, code: 'VIDEO_UNAVAILABLE', message: UNAVAILABLE });
    expect(await api.balance(user)).toBe(80);
    errors.mockRestore();
  });
});

describe.each(databaseKinds())('the veo provider with models that cannot be used, on %s', (kind) => {
  let fake: FakeVeo;
  beforeAll(async () => {
    fake = await startFakeVeo();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('an explicit retired id is reported, and generation answers 503 without a charge', async () => {
    const { t, api } = await appOn(kind, 'in-process', {
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: fake.apiKey,
      GEMINI_BASE_URL: fake.baseUrl,
      VEO_MODEL: 'veo-3.0-generate-001',
    });
    try {
      const health = await api.health();
      expect(health).toMatchObject({
        status: 'degraded',
        video: {
          reason:
            "VEO_MODEL=veo-3.0-generate-001 is not in this key's model list (retired, or not enabled for this key)",
          models: { veo3: { available: false }, 'veo3-fast-frames': { available: true } },
        },
      });
      const options = (await t.app.inject({ method: 'GET', url: '/api/video/options' })).json().data;
      expect(options.models.veo3).toMatchObject({ available: false, message: expect.stringMatching(/unavailable/) });

      const user = await api.userWith('pinned@example.com', 40);
      const res = await api.generate({ prompt: 'a cat', model: 'veo3' }, user);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(UNAVAILABLE);
      expect(await api.balance(user)).toBe(40);
      expect(await t.app.get(DataSource).getRepository(VideoTaskEntity).countBy({ userId: user.user.id })).toBe(0);
      expect(fake.requests.some((r) => r.url.includes(':predictLongRunning'))).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('a provider that cannot be reached does not stop boot: health is degraded, generation refused for free', async () => {
    const { t, api } = await appOn(kind, 'in-process', {
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: fake.apiKey,
      GEMINI_BASE_URL: 'http://127.0.0.1:9',
    });
    try {
      const health = await api.health();
      expect(health.status).toBe('degraded');
      expect(health.video.reason).toMatch(/could not ask the veo provider/);
      const user = await api.userWith('offline@example.com', 40);
      expect((await api.generate({ prompt: 'a cat', model: 'veo3' }, user)).statusCode).toBe(503);
      expect(await api.balance(user)).toBe(40);
      const home = await t.app.inject({ method: 'GET', url: '/api/credits/balance', headers: user.auth });
      expect(home.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe.each(cases)('the kie provider against a fake kie.ai API, on %s with the %s queue', (kind, queue) => {
  let fake: FakeKie;
  let t: TestApp;
  let api: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    fake = await startFakeKie();
    // A slow first poll, so that only a callback can finish a task quickly. Callback URLs go only to
    // a site the internet can reach: 127.0.0.2 is loopback all the same, but not a local SITE_URL.
    ({ t, api } = await appOn(
      kind,
      queue,
      {
        VIDEO_PROVIDER: 'kie',
        KIE_API_KEY: fake.apiKey,
        KIE_BASE_URL: fake.baseUrl,
        VIDEO_POLL_INTERVAL_MS: '10000',
        PROVIDER_DOWNLOAD_MAX_MB: '1',
      },
      '127.0.0.2',
    ));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.callbacks.length = 0;
  });

  const task = (taskId: string) => t.app.get(DataSource).getRepository(VideoTaskEntity).findOneByOrFail({ id: taskId });
  const recordReads = (jobId: string) =>
    fake.requests.filter((r) => r.url === `/api/v1/veo/record-info?taskId=${jobId}`);

  it('a callback completes the task at once, without waiting for the poll', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' }, doneAfterMs: 300 };
    const user = await api.userWith('pushed@example.com', 40);
    const startedAt = Date.now();
    const { taskId } = (await api.generate({ prompt: 'a fox', model: 'veo3' }, user)).json().data;

    const done = await api.waitFor(user, taskId, ['completed', 'failed'], 8_000);
    expect(done.status).toBe('completed');
    // The first poll would have come 10 s after the submit.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    const row = await task(taskId);
    expect(fake.callbacks).toEqual([
      { url: `${t.config.siteUrl}/api/video/callback/${taskId}?token=${row.callbackToken}`, status: 200 },
    ]);
    expect(row.callbackToken).toMatch(/^[\w-]{32}$/);
  });

  it('a forged or replayed callback changes nothing: the worker believes only kie.ai', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'never' } };
    const user = await api.userWith('forged@example.com', 40);
    const { taskId } = (await api.generate({ prompt: 'never ends', model: 'veo3' }, user)).json().data;
    await api.waitFor(user, taskId, ['processing']);
    const row = await task(taskId);
    const success = {
      code: 200,
      msg: 'Video generated successfully.',
      data: { taskId: row.providerJobId, info: { resultUrls: ['http://evil.example/x.mp4'] } },
    };
    const callback = (query: string) =>
      t.app.inject({ method: 'POST', url: `/api/video/callback/${taskId}${query}`, payload: success });

    const readsBefore = recordReads(row.providerJobId!).length;
    const token = row.callbackToken!;
    const oneCharOff = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    for (const query of ['', '?token=wrong', `?token=${oneCharOff}`]) {
      const res = await callback(query);
      expect(res.statusCode).toBe(404);
    }
    expect(recordReads(row.providerJobId!).length).toBe(readsBefore);

    // With the right token it only wakes the task: kie.ai still says "generating", so it stays processing.
    expect((await callback(`?token=${row.callbackToken}`)).statusCode).toBe(200);
    for (let i = 0; i < 100 && recordReads(row.providerJobId!).length === readsBefore; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(recordReads(row.providerJobId!).length).toBeGreaterThan(readsBefore);
    expect((await api.status(user, taskId)).json().data).toMatchObject({ status: 'processing', result_url: null });
    expect(await api.balance(user)).toBe(0);
  });

  it('1080p: the video comes from the 1080p endpoint once it is ready', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' }, doneAfterMs: 100, fullHdCallsBeforeReady: 0 };
    const user = await api.userWith('fullhd@example.com', 40);
    const res = await api.generate({ prompt: 'wide shot', model: 'veo3', resolution: '1080p' }, user);
    expect(res.statusCode).toBe(200);
    const done = await api.waitFor(user, res.json().data.taskId, ['completed', 'failed'], 30_000);
    expect(done).toMatchObject({ status: 'completed', aspect_ratio: '16:9', resolution: '1080p' });
    const file = await t.app.inject({ method: 'GET', url: done.result_url });
    expect(file.rawPayload.equals(fake.video1080)).toBe(true);
  });

  it.each([
    [
      { aspect_ratio: '9:16', resolution: '1080p' },
      'Videos at 9:16 cannot be made in 1080p right now. Please choose another format.',
    ],
    [{ negative_prompt: 'blur' }, 'A negative prompt cannot be used right now.'],
  ])('refuses %j up front, with no charge', async (fields, message) => {
    const user = await api.userWith(`refused${Object.keys(fields).length}@example.com`, 40);
    const res = await api.generate({ prompt: 'a cat', model: 'veo3', ...fields }, user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VIDEO_UNSUPPORTED_OPTION', message });
    expect(await api.balance(user)).toBe(40);
  });

  describe('a result download that cannot be trusted fails the task with our message and refunds it once', () => {
    let inside: Awaited<ReturnType<typeof startFakeServer>>;
    beforeAll(async () => {
      // Something reachable only from inside: its text must never become a user's video.
      inside = await startFakeServer((_request, res) => res.end('internal admin page'));
    });
    afterAll(async () => {
      await inside?.close();
    });

    it.each([
      ['a redirect to a loopback host', () => ({ status: 302, headers: { Location: `${insideUrl()}/secret` } })],
      ['a body larger than PROVIDER_DOWNLOAD_MAX_MB', () => ({ status: 200, body: 'x'.repeat(1_200_000) })],
      ['bytes that are not an MP4 video', () => ({ status: 200, body: 'internal admin page' })],
    ])('%s', async (_case, answer) => {
      fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' }, doneAfterMs: 50 };
      fake.failNext(answer(), /^\/files\//);
      const user = await api.userWith(`untrusted${inside.requests.length}${Date.now()}@example.com`, 40);
      const { taskId } = (await api.generate({ prompt: 'a fox', model: 'veo3' }, user)).json().data;
      const failed = await api.waitFor(user, taskId, ['failed', 'completed'], 15_000);
      expect(failed).toMatchObject({
        status: 'failed',
        error_code: 'download_failed',
        error_message: TASK_FAILURE_MESSAGES.download_failed,
        result_url: null,
      });
      expect(await api.refunds(taskId)).toBe(1);
      expect(await api.balance(user)).toBe(40);
      await t.app.get(VideoWorker).step(taskId);
      expect(await api.refunds(taskId)).toBe(1);
      expect(inside.requests).toHaveLength(0);
    });

    // Another host name for the same loopback address as the fakes'.
    const insideUrl = () => inside.baseUrl.replace('127.0.0.1', 'localhost');
  });

  it('a model kie.ai no longer serves fails the task with the user message and refunds it once', async () => {
    fake.withdrawn.add('veo3_fast');
    try {
      const user = await api.userWith('kiegone@example.com', 40);
      const image = await png(64, 36, '#123456');
      const { taskId } = (
        await api.generate({ prompt: 'zoom', model: 'veo3-fast-frames' }, user, {
          image: { data: image, filename: 'a.png', type: 'image/png' },
        })
      ).json().data;
      const failed = await api.waitFor(user, taskId, ['failed', 'completed']);
      expect(failed.error_message).toBe(MODEL_GONE_MESSAGE);
      expect(await api.refunds(taskId)).toBe(1);
      expect(await api.balance(user)).toBe(40);
      expect((await api.health()).video.models['veo3-fast-frames']).toMatchObject({ available: false });
    } finally {
      fake.withdrawn.clear();
    }
  });
});

describe.each(databaseKinds())("a provider's error text never reaches a public reply, on %s", (kind) => {
  const key = 'AIzaSyLeAkEdKeY_0123456789abcdefghijkl';
  const suspended = {
    error: {
      code: 403,
      message: `Permission denied: Consumer 'api_key:${key}' has been suspended.`,
      status: 'PERMISSION_DENIED',
    },
  };
  let fake: FakeVeo;
  beforeAll(async () => {
    fake = await startFakeVeo(key);
  });
  afterAll(async () => {
    await fake?.close();
  });

  const logged = (spies: jest.SpyInstance[]) => spies.flatMap((spy) => spy.mock.calls.map(([line]) => String(line)));

  it('a 403 quoting the key: /api/health and the task status carry our code and message, the log the masked text', async () => {
    const spies = [jest.spyOn(Logger.prototype, 'warn'), jest.spyOn(Logger.prototype, 'error')];
    const { t, api } = await appOn(kind, 'in-process', {
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: key,
      GEMINI_BASE_URL: fake.baseUrl,
    });
    try {
      fake.failNext({ status: 403, body: suspended }, /^\/v1beta\/models$/);
      await t.app.get(VideoAvailability).refresh();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.body).not.toContain(key);
      expect(health.body).not.toContain('suspended');
      expect(health.json().video.lastError).toEqual({
        code: 'provider_refused',
        message:
          'could not ask the veo provider for its models: the provider refused the request (check the API key and its permissions; details in the server log)',
      });

      // The next check works; the submit is then refused with the same text.
      await t.app.get(VideoAvailability).refresh();
      expect((await api.health()).video.lastError).toBeNull();
      fake.failNext({ status: 403, body: suspended }, /:predictLongRunning$/);
      const user = await api.userWith('suspended@example.com', 40);
      const { taskId } = (await api.generate({ prompt: 'a cat', model: 'veo3' }, user)).json().data;
      await api.waitFor(user, taskId, ['failed', 'completed']);
      const status = await api.status(user, taskId);
      expect(status.body).not.toContain(key);
      expect(status.json().data).toMatchObject({
        status: 'failed',
        error_code: 'provider_refused',
        error_message: TASK_FAILURE_MESSAGES.provider_refused,
      });
      expect(await api.refunds(taskId)).toBe(1);
      const row = await t.app.get(DataSource).getRepository(VideoTaskEntity).findOneByOrFail({ id: taskId });
      expect(row.errorMessage).toContain("Consumer 'api_key:[masked]' has been suspended");

      const lines = logged(spies);
      expect(lines.some((line) => line.includes(key))).toBe(false);
      expect(lines.filter((line) => line.includes("'api_key:[masked]' has been suspended"))).toHaveLength(2);
    } finally {
      for (const spy of spies) spy.mockRestore();
      await t.close();
    }
  });
});
