import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { probeVideo } from '../src/video/providers/local/video-probe';
import { VideoAvailability } from '../src/video/video-availability';
import { VideoStorage } from '../src/video/video-storage';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { FAL_FAIL_MARKER, startFakeFal, type FakeFal } from './providers/fake-fal';
import { startFakeKie, type FakeKie } from './providers/fake-kie';
import { devSignIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { freePort, videoClient } from './support/video-client';

jest.setTimeout(120_000);

const KLING_TEXT = 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video';
const KLING_MASTER_TEXT = 'fal-ai/kling-video/v2.1/master/text-to-video';
const SEEDANCE_IMAGE = 'fal-ai/bytedance/seedance/v1/pro/image-to-video';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

describe.each(databaseKinds())('several providers at once on %s: kie.ai, fal.ai and the local renderer', (kind) => {
  let kie: FakeKie;
  let fal: FakeFal;
  let t: TestApp;
  let api: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    kie = await startFakeKie();
    fal = await startFakeFal();
    fal.scenario = { queuedPolls: 1, runningPolls: 1 };
    const port = await freePort();
    // 127.0.0.2 is loopback, but not a local SITE_URL: the providers are given callback URLs.
    t = await createTestApp(kind, {
      ADMIN_EMAILS: 'admin@example.com',
      DEV_LOGIN: 'true',
      SIGNIN_RATE_LIMIT: '1000',
      GENERATE_RATE_LIMIT: '1000',
      VIDEO_POLL_INTERVAL_MS: '20',
      SITE_URL: `http://127.0.0.2:${port}`,
      VIDEO_PROVIDERS: 'kie,fal,local',
      KIE_API_KEY: kie.apiKey,
      KIE_BASE_URL: kie.baseUrl,
      FAL_KEY: fal.apiKey,
      FAL_BASE_URL: fal.baseUrl,
    });
    await t.app.listen(port, '127.0.0.2');
    await t.app.get(VideoAvailability).ready();
    api = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterAll(async () => {
    await t?.close();
    await kie?.close();
    await fal?.close();
  });

  const row = (taskId: string) => t.app.get(DataSource).getRepository(VideoTaskEntity).findOneByOrFail({ id: taskId });
  const debits = async (user: Parameters<typeof api.ledger>[0]) =>
    (await api.ledger(user)).filter((line) => line.source_type === 'video').map((line) => line.amount);
  async function storedVideo(taskId: string) {
    const copy = await t.app.get(VideoStorage).videoCopy((await row(taskId)).resultPath!);
    try {
      return await probeVideo(copy);
    } finally {
      await t.app.get(VideoStorage).discard(copy);
    }
  }
  const options = async () => (await t.app.inject({ method: 'GET', url: '/api/video/options' })).json().data;

  it('offers every catalogue model, each from the provider that serves it, and health names all three', async () => {
    const { catalogue } = await options();
    const ids = catalogue.map((model: { id: string }) => model.id);
    expect(ids.length).toBeGreaterThanOrEqual(15);
    expect(ids).toEqual(expect.arrayContaining(['veo3', 'omni', 'omni-1.2', 'kling-2.5-turbo', 'seedance-1-pro']));
    expect(new Set(catalogue.map((model: { vendor: string }) => model.vendor))).toEqual(
      new Set(['Google', 'Kuaishou', 'MiniMax', 'ByteDance', 'Alibaba', 'Luma', 'PixVerse']),
    );
    expect(catalogue.every((model: { available: boolean }) => model.available)).toBe(true);
    const health = await api.health();
    expect(health.video.status).toBe('ok');
    expect(health.video.providers.map((p: { name: string }) => p.name)).toEqual(['kie', 'fal', 'local']);
  });

  it('a Kling text-to-video through fal.ai: a real MP4, charged its catalogue price once, the webhook answered', async () => {
    const user = await api.userWith(`kling-${kind}@example.com`, 100);
    const reply = await api.generate(
      { prompt: 'a paper boat in the rain', model: 'kling-2.5-turbo', duration: '5', aspect_ratio: '9:16' },
      user,
    );
    expect(reply.statusCode).toBe(200);
    const { taskId } = reply.json().data;
    expect((await api.waitFor(user, taskId, ['completed', 'failed'], 30_000)).status).toBe('completed');
    expect((await row(taskId)).provider).toBe('fal');
    const sent = [...fal.submitted.values()].find((request) => request.input.prompt === 'a paper boat in the rain')!;
    expect(sent).toMatchObject({ endpoint: KLING_TEXT, input: { duration: '5', aspect_ratio: '9:16' } });
    expect(sent.webhookUrl).toContain(`/api/video/callback/${taskId}?token=`);
    expect(fal.webhooks.find((hook) => hook.url === sent.webhookUrl)?.status).toBe(200);
    const probe = await storedVideo(taskId);
    expect(probe?.video).toMatchObject({ width: 36, height: 64 });
    // 5 s at 1080p, 3 credits a second.
    expect(await debits(user)).toEqual([-15]);
    expect(await api.balance(user)).toBe(85);
  });

  it('a Seedance image-to-video: the picture goes to fal.ai, the video is stored, charged once', async () => {
    const user = await api.userWith(`seedance-${kind}@example.com`, 100);
    const picture = { data: await png(320, 180), filename: 'frame.png', type: 'image/png' };
    const reply = await api.generate(
      { prompt: 'the meadow comes alive', model: 'seedance-1-pro', duration: '5', resolution: '720p', seed: '42' },
      user,
      { image: picture },
    );
    expect(reply.statusCode).toBe(200);
    const { taskId } = reply.json().data;
    expect((await api.waitFor(user, taskId, ['completed', 'failed'], 30_000)).status).toBe('completed');
    const sent = [...fal.submitted.values()].find((request) => request.input.prompt === 'the meadow comes alive')!;
    expect(sent).toMatchObject({ endpoint: SEEDANCE_IMAGE, input: { resolution: '720p', seed: 42 } });
    expect([...fal.uploads.values()].some((file) => file.data.equals(picture.data))).toBe(true);
    expect((await storedVideo(taskId))?.seconds).toBeGreaterThan(0);
    // 5 s at 720p, 3 credits a second.
    expect(await debits(user)).toEqual([-15]);
  });

  it('a failure at fal.ai is refunded once', async () => {
    const user = await api.userWith(`fal-fail-${kind}@example.com`, 100);
    const { taskId } = (
      await api.generate({ prompt: `a storm ${FAL_FAIL_MARKER}`, model: 'kling-2.5-turbo', duration: '10' }, user)
    ).json().data;
    expect((await api.waitFor(user, taskId, ['completed', 'failed'], 30_000)).status).toBe('failed');
    expect(await api.refunds(taskId)).toBe(1);
    expect(await api.balance(user)).toBe(100);
  });

  it('in the same run Veo goes to kie.ai and Gemini Omni Flash to the local renderer', async () => {
    const user = await api.userWith(`mixed-${kind}@example.com`, 200);
    const veo = (await api.generate({ prompt: 'a lighthouse', model: 'veo3' }, user)).json().data.taskId;
    const omni = (await api.generate({ prompt: 'a lantern', model: 'omni', duration: '4' }, user)).json().data.taskId;
    for (const taskId of [veo, omni]) {
      expect((await api.waitFor(user, taskId, ['completed', 'failed'], 60_000)).status).toBe('completed');
    }
    expect([(await row(veo)).provider, (await row(omni)).provider]).toEqual(['kie', 'local']);
    expect(kie.requests.some((request) => request.body.includes('a lighthouse'))).toBe(true);
    expect(await debits(user)).toEqual([-40, -16]);
  });

  it('Compare models: one prompt to two models, each charged its own price, shown as one batch', async () => {
    const user = await api.userWith(`compare-${kind}@example.com`, 100);
    const reply = await api.generate(
      { prompt: 'a kite over the dunes', compare: 'kling-2.5-turbo,seedance-1-lite', duration: '5' },
      user,
    );
    expect([reply.statusCode, reply.json().message]).toEqual([200, undefined]);
    const { taskIds } = reply.json().data;
    expect(taskIds).toHaveLength(2);
    const tasks = [];
    for (const taskId of taskIds) tasks.push(await api.waitFor(user, taskId, ['completed', 'failed'], 30_000));
    expect(tasks.map((task) => [task.model, task.status, task.batch_id])).toEqual([
      ['kling-2.5-turbo', 'completed', taskIds[0]],
      ['seedance-1-lite', 'completed', taskIds[0]],
    ]);
    // Kling 3 credits a second at 1080p; Seedance Lite at its default 720p, 2.
    expect(await debits(user)).toEqual([-15, -10]);
  });

  it('a comparison that cannot be paid in full takes nothing', async () => {
    const user = await api.userWith(`compare-poor-${kind}@example.com`, 20);
    const reply = await api.generate(
      { prompt: 'two takes', compare: 'kling-2.5-turbo,seedance-1-lite', duration: '5' },
      user,
    );
    expect(reply.statusCode).toBe(402);
    expect(await debits(user)).toEqual([]);
    expect(await api.balance(user)).toBe(20);
  });

  it('a model fal.ai has withdrawn goes unavailable, refused before charging, naming the nearest one; health stays ok', async () => {
    fal.withdrawn.add(KLING_MASTER_TEXT);
    const user = await api.userWith(`withdrawn-${kind}@example.com`, 200);
    const first = (await api.generate({ prompt: 'a glacier', model: 'kling-2.1-master', duration: '5' }, user)).json();
    expect((await api.waitFor(user, first.data.taskId, ['completed', 'failed'], 30_000)).error_code).toBe(
      'model_unavailable',
    );
    expect(await api.refunds(first.data.taskId)).toBe(1);
    await t.app.get(VideoAvailability).refresh();

    const master = (await options()).catalogue.find((model: { id: string }) => model.id === 'kling-2.1-master');
    expect(master).toMatchObject({ available: false, alternative: 'kling-2.5-turbo' });
    const refused = await api.generate({ prompt: 'a glacier', model: 'kling-2.1-master', duration: '5' }, user);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(
      'Kling 2.1 Master is unavailable right now. No credits were taken. You can use Kling 2.5 Turbo Pro instead.',
    );
    expect(await api.balance(user)).toBe(200);
    expect((await api.health()).video.status).toBe('ok');
  });

  it('fal.ai failing every try of a job pauses its models (refused before charging); kie.ai and the renderer go on', async () => {
    // A 500 on submit, which the client does not retry itself (it does 429 and 502–504, with backoff): the worker's tries.
    for (let i = 0; i < 7; i++) fal.failNext({ status: 500, body: { detail: 'Internal error' } }, /pixverse/);
    const user = await api.userWith(`fal-down-${kind}@example.com`, 100);
    const sent = await api.generate({ prompt: 'neon rain', model: 'pixverse-5', duration: '5' }, user);
    expect(sent.statusCode).toBe(200);
    const { taskId } = sent.json().data;
    expect((await row(taskId)).provider).toBe('fal');
    expect((await api.waitFor(user, taskId, ['completed', 'failed'], 30_000)).status).toBe('failed');
    expect(await api.refunds(taskId)).toBe(1);

    const byId = new Map((await options()).catalogue.map((model: { id: string }) => [model.id, model]));
    expect(byId.get('seedance-1-pro')).toMatchObject({ available: false });
    expect(byId.get('veo3')).toMatchObject({ available: true });
    expect(byId.get('omni')).toMatchObject({ available: true });
    const refused = await api.generate({ prompt: 'neon rain', model: 'seedance-1-pro', duration: '5' }, user);
    expect(refused.statusCode).toBe(503);
    expect(await api.balance(user)).toBe(100);
    expect((await api.health()).video.status).toBe('ok');
  });
});
