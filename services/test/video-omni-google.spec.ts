import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeVideo } from '../src/video/providers/local/video-probe';
import { OMNI_12_KEY_MODELS, startFakeInteractions, type FakeInteractions } from './providers/fake-interactions';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { freePort, videoClient } from './support/video-client';

jest.setTimeout(90_000);

type Task = {
  id: string;
  status: string;
  kind: string;
  parent_task_id: string | null;
  duration_s: number;
  result_url: string | null;
  error_code?: string | null;
};

describe.each(databaseKinds())(
  'Gemini Omni Flash through the veo provider and a fake Interactions API, on %s',
  (database) => {
    let fake: FakeInteractions;
    let t: TestApp;
    let video: ReturnType<typeof videoClient>;
    let dir: string;

    beforeAll(async () => {
      fake = await startFakeInteractions();
      dir = await mkdtemp(join(tmpdir(), 'omni-google-'));
      t = await createTestApp(database, {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
        VIDEO_PROVIDER: 'veo',
        GEMINI_API_KEY: fake.apiKey,
        GEMINI_BASE_URL: fake.baseUrl,
      });
      video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
      await rm(dir, { recursive: true, force: true });
    });
    beforeEach(() => {
      fake.scenario = { pollsBeforeDone: 1, outcome: { kind: 'video' } };
    });

    /** The task once finished; the request must have been accepted. */
    async function finished(user: SignedIn, reply: { json(): { success: boolean; data: { taskId: string } } }) {
      expect(reply.json()).toMatchObject({ success: true });
      return (await video.waitFor(user, reply.json().data.taskId, ['completed', 'failed'], 30_000)) as Task;
    }

    async function charges(user: SignedIn, taskId: string) {
      const all = await video.ledger(user);
      return {
        debits: all.filter((l) => l.idempotency_key === `video:${taskId}:debit`).map((l) => l.amount),
        refunds: all.filter((l) => l.idempotency_key === `video:${taskId}:refund`).map((l) => l.amount),
      };
    }

    /** The stored file as ffmpeg reads it. */
    async function stored(user: SignedIn, task: Task) {
      const res = await t.app.inject({ method: 'GET', url: task.result_url!, headers: user.auth });
      expect(res.statusCode).toBe(200);
      const file = join(dir, `${task.id}.mp4`);
      await writeFile(file, res.rawPayload);
      return probeVideo(file);
    }

    /** The interaction the provider created for the n-th create request (0-based), with what it was sent. */
    const interaction = (n: number) => [...fake.interactions.values()][n]!;

    it('a key that lists only Omni serves omni and not the Veo models', async () => {
      const options = (await t.app.inject({ method: 'GET', url: '/api/video/options' })).json().data;
      expect(options.models.omni).toMatchObject({ available: true, editable: true });
      expect(options.models.veo3).toMatchObject({ available: false });
      expect(options.models['veo3-fast-frames']).toMatchObject({ available: false });
      // Gemini Omni 1.2 Flash needs the 1.2 model, which this key does not list: Omni is offered instead.
      expect(options.catalogue.find((model: { id: string }) => model.id === 'omni-1.2')).toMatchObject({
        available: false,
        alternative: 'omni',
        message: expect.stringMatching(/^Gemini Omni 1\.2 Flash is unavailable right now\./),
      });
    });

    it('generates, edits twice, branches from version 1 and extends: each charged once, each file a real MP4 of its length', async () => {
      const user = await video.userWith('google-omni@example.com', 1000);
      const before = fake.interactions.size;

      const v1 = await finished(
        user,
        await video.generate({ prompt: 'a lighthouse at dusk', model: 'omni', duration: '6' }, user),
      );
      expect(v1).toMatchObject({ status: 'completed', kind: 'generate', duration_s: 6 });
      const v2 = await finished(user, await video.revise('edit', user, v1.id, { instruction: 'make it night' }));
      const v3 = await finished(user, await video.revise('edit', user, v2.id, { instruction: 'add rain' }));
      const branch = await finished(
        user,
        await video.revise('edit', user, v1.id, { instruction: 'a windmill instead' }),
      );
      const longer = await finished(user, await video.revise('extend', user, v3.id, { seconds: 4 }));
      for (const task of [v2, v3, branch])
        expect(task).toMatchObject({ status: 'completed', kind: 'edit', duration_s: 6 });
      expect(longer).toMatchObject({ status: 'completed', kind: 'extend', parent_task_id: v3.id, duration_s: 10 });

      // What Google was asked: edits continue their parent's interaction; the extension sends the video.
      const [gen, edit1, edit2, edit3, extend] = [0, 1, 2, 3, 4].map((i) => interaction(before + i));
      expect(gen!.body).toMatchObject({
        model: 'gemini-omni-1.1-flash',
        input: 'a lighthouse at dusk',
        background: true,
      });
      expect(gen!.body.response_format).toMatchObject({ duration: '6s', aspect_ratio: '16:9' });
      expect(edit1!.body).toMatchObject({ input: 'make it night', previous_interaction_id: gen!.id });
      expect(edit2!.body).toMatchObject({ input: 'add rain', previous_interaction_id: edit1!.id });
      expect(edit3!.body).toMatchObject({ input: 'a windmill instead', previous_interaction_id: gen!.id });
      expect(extend!.body.response_format).toMatchObject({ duration: '4s' });
      expect((extend!.body.input as { type: string }[])[0]?.type).toBe('video');
      // Without a public SITE_URL there is no webhook to ask for.
      expect(gen!.body).not.toHaveProperty('webhook_config');

      expect(await Promise.all([v1, v2, v3, branch, longer].map((v) => charges(user, v.id)))).toEqual([
        { debits: [-24], refunds: [] },
        { debits: [-24], refunds: [] },
        { debits: [-24], refunds: [] },
        { debits: [-24], refunds: [] },
        { debits: [-16], refunds: [] },
      ]);
      expect(await video.balance(user)).toBe(1000 - 24 * 4 - 16);

      for (const [task, seconds] of [
        [v1, 6],
        [v2, 6],
        [branch, 6],
        [longer, 10],
      ] as const) {
        const probe = await stored(user, task);
        expect(probe).toMatchObject({ video: { width: 128, height: 72 }, audio: 'aac' });
        expect(Math.abs(probe!.seconds - seconds)).toBeLessThan(0.5);
      }

      // The interaction ids stay on the server.
      const status = await video.status(user, longer.id);
      const history = await t.app.inject({ method: 'GET', url: '/api/video/history', headers: user.auth });
      for (const body of [status.body, history.body]) {
        for (const id of [gen!.id, edit1!.id, extend!.id]) expect(body).not.toContain(id);
      }
    });

    it('an edit whose parent interaction Google dropped sends the video itself; a refused edit is refunded once', async () => {
      const user = await video.userWith('google-omni-expired@example.com', 200);
      const parent = await finished(
        user,
        await video.generate({ prompt: 'a red kite', model: 'omni', duration: '4' }, user),
      );
      fake.expire(interaction(fake.interactions.size - 1).id);

      const edited = await finished(user, await video.revise('edit', user, parent.id, { instruction: 'make it blue' }));
      expect(edited.status).toBe('completed');
      const sent = interaction(fake.interactions.size - 1).body;
      expect(sent).not.toHaveProperty('previous_interaction_id');
      expect((sent.input as { type: string }[]).map((b) => b.type)).toEqual(['video', 'text']);
      expect(Math.abs((await stored(user, edited))!.seconds - 4)).toBeLessThan(0.5);

      fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'refused', message: 'Blocked by safety filters.' } };
      const refused = await finished(
        user,
        await video.revise('edit', user, edited.id, { instruction: 'something unsafe' }),
      );
      expect(refused).toMatchObject({ status: 'failed', error_code: 'safety_blocked' });
      expect(await charges(user, refused.id)).toEqual({ debits: [-16], refunds: [16] });
      expect(await video.balance(user)).toBe(200 - 16 * 2);
    });

    it("another user's video cannot be edited or extended (404), and nothing is charged", async () => {
      const owner = await video.userWith('google-omni-owner@example.com', 100);
      const stranger = await video.userWith('google-omni-stranger@example.com', 100);
      const parent = await finished(
        owner,
        await video.generate({ prompt: 'a private garden', model: 'omni', duration: '4' }, owner),
      );
      const created = fake.interactions.size;

      for (const [kind, body] of [
        ['edit', { instruction: 'make it mine' }],
        ['extend', { seconds: 4 }],
      ] as const) {
        expect((await video.revise(kind, stranger, parent.id, body)).statusCode).toBe(404);
      }
      expect(await video.balance(stranger)).toBe(100);
      expect(await video.balance(owner)).toBe(100 - 16);
      expect(fake.interactions.size).toBe(created);
    });
  },
);

describe('Gemini Omni Flash on a site Google can call back', () => {
  let fake: FakeInteractions;
  let t: TestApp;
  let video: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    fake = await startFakeInteractions();
    const port = await freePort();
    // 127.0.0.2 is loopback all the same, but not a local SITE_URL: the provider asks for a webhook.
    t = await createTestApp(databaseKinds()[0]!, {
      ADMIN_EMAILS: 'admin@example.com',
      SIGNIN_RATE_LIMIT: '1000',
      GENERATE_RATE_LIMIT: '1000',
      DEV_LOGIN: 'true',
      SITE_URL: `http://127.0.0.2:${port}`,
      // The first poll comes 10 s after the submit: only the webhook can finish a task sooner.
      VIDEO_POLL_INTERVAL_MS: '10000',
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: fake.apiKey,
      GEMINI_BASE_URL: fake.baseUrl,
    });
    await t.app.listen(port, '127.0.0.2');
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('the webhook Google calls when the interaction ends wakes the task, which is then read from Google', async () => {
    fake.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' }, doneAfterMs: 300 };
    const user = await video.userWith('google-omni-webhook@example.com', 100);
    const { taskId } = (await video.generate({ prompt: 'a kite at noon', model: 'omni', duration: '4' }, user)).json()
      .data;

    const done = await video.waitFor(user, taskId, ['completed', 'failed'], 8_000);
    expect(done.status).toBe('completed');
    const [sent] = fake.created().slice(-1);
    const callbackUrl = sent!.webhook_config?.uris?.[0];
    expect(callbackUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.2:\\d+/api/video/callback/${taskId}\\?token=[\\w-]+$`),
    );
    expect(fake.webhooks).toEqual([{ url: callbackUrl, status: 200 }]);
  });
});

describe('Gemini Omni 1.2 Flash on a key that lists it', () => {
  let fake: FakeInteractions;
  let t: TestApp;
  let video: ReturnType<typeof videoClient>;
  let dir: string;

  beforeAll(async () => {
    fake = await startFakeInteractions();
    fake.models = [...OMNI_12_KEY_MODELS];
    dir = await mkdtemp(join(tmpdir(), 'omni-12-google-'));
    t = await createTestApp(databaseKinds()[0]!, {
      ADMIN_EMAILS: 'admin@example.com',
      SIGNIN_RATE_LIMIT: '1000',
      GENERATE_RATE_LIMIT: '1000',
      VIDEO_POLL_INTERVAL_MS: '20',
      VIDEO_PROVIDER: 'veo',
      GEMINI_API_KEY: fake.apiKey,
      GEMINI_BASE_URL: fake.baseUrl,
    });
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('offers omni-1.2 with its 360p draft beside omni', async () => {
    const options = (await t.app.inject({ method: 'GET', url: '/api/video/options' })).json().data;
    const omni12 = options.catalogue.find((model: { id: string }) => model.id === 'omni-1.2');
    expect(omni12).toMatchObject({ available: true, outputs: { resolutions: ['360p', '720p', '1080p'] } });
    expect(options.models.omni).toMatchObject({ available: true });
  });

  it('makes a draft as Google names it (360p) and charges the draft price, 2 credits a second', async () => {
    const user = await video.userWith('google-omni-12-draft@example.com', 100);
    const reply = await video.generate(
      { prompt: 'a tram at dawn', model: 'omni-1.2', duration: '4', resolution: '360p' },
      user,
    );
    const task = await video.waitFor(user, reply.json().data.taskId, ['completed', 'failed'], 30_000);

    expect(task).toMatchObject({ status: 'completed', resolution: '360p', duration_s: 4 });
    expect(fake.created().at(-1)?.response_format).toMatchObject({ resolution: '360p', duration: '4s' });
    expect(await video.balance(user)).toBe(100 - 8);
  });

  it('makes a 12 s omni-1.2 video with gemini-omni-1.2-flash, stores all 12 s and charges 48 credits once', async () => {
    const user = await video.userWith('google-omni-12@example.com', 100);
    const reply = await video.generate({ prompt: 'a tram through fog', model: 'omni-1.2', duration: '12' }, user);
    expect(reply.json()).toMatchObject({ success: true });
    const task = await video.waitFor(user, reply.json().data.taskId, ['completed', 'failed'], 30_000);

    expect(task).toMatchObject({ status: 'completed', duration_s: 12 });
    expect(fake.created().at(-1)).toMatchObject({
      model: 'gemini-omni-1.2-flash',
      response_format: { duration: '12s', resolution: '720p' },
    });
    const res = await t.app.inject({ method: 'GET', url: task.result_url!, headers: user.auth });
    const file = join(dir, `${task.id}.mp4`);
    await writeFile(file, res.rawPayload);
    expect(Math.abs((await probeVideo(file))!.seconds - 12)).toBeLessThan(0.5);
    const debits = (await video.ledger(user)).filter((l) => l.idempotency_key.startsWith(`video:${task.id}:`));
    expect(debits.map((l) => [l.idempotency_key.split(':')[2], l.amount])).toEqual([['debit', -48]]);
    expect(await video.balance(user)).toBe(100 - 48);
  });
});
