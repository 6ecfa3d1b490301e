import { VIDEO_MODELS } from '@veo3/contracts/catalogue';
import { MAX_SEED } from '@veo3/contracts/video';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { VideoProviders } from '../src/video/providers/video-providers';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

jest.setTimeout(120_000);

/** Each database; on MySQL with the BullMQ queue when a Redis is given, as production runs. */
const cases = databaseKinds().map(
  (db) => [db, db === 'mysql' && process.env.TEST_REDIS_URL ? 'bullmq' : 'in-process'] as const,
);

const TOO_MANY = (n: number) =>
  `You already have ${n} videos being made. Please wait for one to finish before starting another. No credits were taken.`;

type Task = { id: string; status: string; kind: string; seed: number | null; batch_id: string | null };

function queueEnv(db: string, queue: string): Record<string, string> {
  return queue === 'bullmq' ? { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `veo3ws${Date.now()}${db}` } : {};
}

describe.each(cases)('the generator workspace on %s with the %s queue', (db, queue) => {
  let t: TestApp;
  let provider: ScriptedProvider;
  let video: ReturnType<typeof videoClient>;
  let n = 0;

  beforeAll(async () => {
    provider = new ScriptedProvider(1);
    t = await createTestApp(
      db,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
        ...queueEnv(db, queue),
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([provider]) }],
    );
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    provider.extendInstruction = true;
    provider.seeded = new Set(['veo3', 'veo3-fast-frames', 'omni']);
  });

  const user = (credits: number) => video.userWith(`ws${++n}@example.com`, credits);
  const recent = (u: SignedIn, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/video/recent${query}`, headers: u.auth });
  const taskCount = async (u: SignedIn) =>
    Number(
      (await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM video_tasks WHERE user_id = ?', [u.user.id]))[0].n,
    );
  /** A generation that must be accepted; its task ids. */
  async function started(u: SignedIn, fields: Record<string, string>, key?: string): Promise<string[]> {
    const res = await video.generate({ model: 'veo3', ...fields }, u, {}, key);
    expect(res.json()).toMatchObject({ success: true });
    return res.json().data.taskIds;
  }
  const finished = async (u: SignedIn, fields: Record<string, string>) =>
    (await video.waitFor(u, (await started(u, fields))[0]!, ['completed', 'failed'])) as Task;
  /** What a refused request must leave as it was: balance, ledger and tasks. */
  const snapshot = async (u: SignedIn) => ({
    balance: await video.balance(u),
    ledger: await video.ledger(u),
    tasks: await taskCount(u),
  });

  it('offers variations, the limit, seeds and extension instructions in the options', async () => {
    const data = (await t.app.inject({ method: 'GET', url: '/api/video/options' })).json().data;
    expect(data).toMatchObject({ variations: [1, 2, 4], max_active: 3 });
    expect(data.models.veo3).toMatchObject({ seed: true, extend_instruction: false });
    expect(data.models.omni).toMatchObject({ seed: true, extend_instruction: true, editable: true });

    provider.seeded = new Set(['omni']);
    provider.extendInstruction = false;
    const narrower = (await t.app.inject({ method: 'GET', url: '/api/video/options' })).json().data;
    expect(narrower.models.veo3.seed).toBe(false);
    expect(narrower.models.omni.extend_instruction).toBe(false);
  });

  describe('GET /api/video/recent', () => {
    it('lists the caller’s tasks of every status and kind, newest first, without deleted ones or anyone else’s', async () => {
      const me = await user(1000);
      const other = await user(1000);
      const parent = await finished(me, { prompt: 'a harbour', model: 'omni' });
      const failed = await finished(me, { prompt: 'a storm [fail]' });
      const gone = await finished(me, { prompt: 'to be deleted' });
      await t.app.inject({ method: 'DELETE', url: `/api/video/tasks/${gone.id}`, headers: me.auth });
      const extension = (await video.revise('extend', me, parent.id, { seconds: 4 })).json().data.taskId;
      await video.waitFor(me, extension, ['completed']);
      const [making] = await started(me, { prompt: 'a slow sunrise [hang]' });
      await started(other, { prompt: 'not mine [hang]' });

      const res = await recent(me);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.items.map((i: Task) => i.id)).toEqual([making, extension, failed.id, parent.id]);
      expect(data.items.map((i: Task) => i.status)).toEqual([
        expect.stringMatching(/^(pending|processing)$/),
        'completed',
        'failed',
        'completed',
      ]);
      expect(data.items.map((i: Task) => i.kind)).toEqual(['generate', 'extend', 'generate', 'generate']);
      expect(data).toMatchObject({ active: 1, max_active: 3 });
      expect((await recent(me, '?limit=2')).json().data.items.map((i: Task) => i.id)).toEqual([making, extension]);
    });

    it.each(['?limit=0', '?limit=51', '?limit=ten'])('refuses %s with a 400', async (query) => {
      const res = await recent(await user(0), query);
      expect(res.statusCode).toBe(400);
    });

    it('is for signed-in users only', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/video/recent' })).statusCode).toBe(401);
    });
  });

  describe('the limit of generations in the making', () => {
    it('refuses a 4th generation, edit or extension with a 409, charging nothing and creating nothing', async () => {
      const me = await user(1000);
      const parent = await finished(me, { prompt: 'a quiet bay', model: 'omni' });
      const keys = ['a', 'b', 'c'].map((k) => `limit-${n}-${k}`);
      const accepted = [];
      for (const key of keys)
        accepted.push(await video.generate({ prompt: 'waves [hang]', model: 'veo3' }, me, {}, key));
      const before = await snapshot(me);

      for (const res of [
        await video.generate({ prompt: 'one more', model: 'veo3' }, me),
        await video.revise('edit', me, parent.id, { instruction: 'make it night' }),
        await video.revise('extend', me, parent.id, { seconds: 4 }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ success: false, code: 'VIDEO_TOO_MANY_ACTIVE', message: TOO_MANY(3) });
      }
      expect(await snapshot(me)).toEqual(before);
      // A request already accepted is answered again, not refused.
      const replay = await video.generate({ prompt: 'waves [hang]', model: 'veo3' }, me, {}, keys[1]);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data.taskIds).toEqual(accepted[1]!.json().data.taskIds);
      expect((await recent(me)).json().data).toMatchObject({ active: 3, max_active: 3 });
    });

    it('counts a request of four variations as one generation', async () => {
      const me = await user(1000);
      expect(await started(me, { prompt: 'four at once [hang]', variations: '4' })).toHaveLength(4);
      await started(me, { prompt: 'second [hang]' });
      expect((await recent(me)).json().data.active).toBe(2);
      await started(me, { prompt: 'third [hang]', variations: '2' });
      const res = await video.generate({ prompt: 'fourth', model: 'veo3' }, me);
      expect(res.statusCode).toBe(409);
      expect(await taskCount(me)).toBe(7);
    });

    it('lets concurrent requests at the limit through only up to it', async () => {
      const me = await user(1000);
      await started(me, { prompt: 'already [hang]' });
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          video.generate({ prompt: `race ${i} [hang]`, model: 'veo3', variations: i % 2 ? '2' : '1' }, me),
        ),
      );
      const accepted = results.filter((r) => r.statusCode === 200);
      expect(accepted).toHaveLength(2);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
      const made = accepted.flatMap((r) => r.json().data.taskIds as string[]);
      expect(await taskCount(me)).toBe(1 + made.length);
      const debits = (await video.ledger(me)).filter((l) => l.source_type === 'video');
      expect(debits).toHaveLength(1 + made.length);
      expect(await video.balance(me)).toBe(1000 - 40 * (1 + made.length));
      expect((await recent(me)).json().data.active).toBe(3);
    });
  });

  describe('variations and seeds', () => {
    it('makes ×2 as two tasks of one batch, each with its own seed and debit; a replay returns the same ids', async () => {
      const me = await user(1000);
      const key = `twins-${n}`;
      const res = await video.generate({ prompt: 'twin kites', model: 'veo3', variations: '2' }, me, {}, key);
      const { taskId, taskIds, remainingCredits } = res.json().data;
      expect(taskIds).toHaveLength(2);
      expect(taskId).toBe(taskIds[0]);
      expect(remainingCredits).toBe(1000 - 80);
      const tasks = await Promise.all(taskIds.map((id: string) => video.waitFor(me, id, ['completed'])));
      expect(tasks.map((task: Task) => task.batch_id)).toEqual([taskId, taskId]);
      expect(tasks[0].seed).not.toBe(tasks[1].seed);
      for (const task of tasks) expect(task.seed).toEqual(expect.any(Number));
      const submitted = provider.submits.filter((s) => taskIds.includes(s.taskId));
      expect(submitted.map((s) => s.seed).sort()).toEqual(tasks.map((task: Task) => task.seed).sort());
      const debits = (await video.ledger(me)).filter((l) => l.source_type === 'video');
      expect(debits.map((l) => [l.amount, l.idempotency_key]).sort()).toEqual(
        taskIds.map((id: string) => [-40, `video:${id}:debit`]).sort(),
      );

      const replay = await video.generate({ prompt: 'twin kites', model: 'veo3', variations: '2' }, me, {}, key);
      expect(replay.json().data).toEqual({ taskId, taskIds, remainingCredits: 1000 - 80 });
      const other = await video.generate({ prompt: 'twin kites', model: 'veo3', variations: '4' }, me, {}, key);
      expect(other.statusCode).toBe(422);
      expect(await taskCount(me)).toBe(2);
    });

    it('gives each variation of an image-mode request its own copy of the picture', async () => {
      const me = await user(1000);
      const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#48a' } })
        .png()
        .toBuffer();
      const res = await video.generate(
        { prompt: 'the picture moves', model: 'veo3-fast-frames', variations: '2' },
        me,
        {
          image: { data: png, filename: 'frame.png', type: 'image/png' },
        },
      );
      expect(res.json()).toMatchObject({ success: true });
      const { taskIds } = res.json().data;
      expect(taskIds).toHaveLength(2);
      for (const id of taskIds) {
        const task = (await video.status(me, id)).json().data;
        const picture = await t.app.inject({ method: 'GET', url: task.image_url });
        expect(picture.statusCode).toBe(200);
        expect(picture.rawPayload.equals(png)).toBe(true);
        await video.waitFor(me, id, ['completed']);
        expect(provider.submits.find((s) => s.taskId === id)?.image?.data.equals(png)).toBe(true);
      }
    });

    it('counts seeds up from the one given, wrapping past the largest; a single video has no batch', async () => {
      const me = await user(1000);
      const ids = await started(me, { prompt: 'edge of seeds', seed: String(MAX_SEED), variations: '2' });
      const seeds = [];
      for (const id of ids) seeds.push(((await video.status(me, id)).json().data as Task).seed);
      expect(seeds).toEqual([MAX_SEED, 0]);
      const [single] = await started(me, { prompt: 'just one', seed: '12345' });
      expect((await video.status(me, single!)).json().data).toMatchObject({ seed: 12345, batch_id: null });
    });

    it('says what ×4 costs in all when credits are short', async () => {
      const me = await user(100);
      const res = await video.generate({ prompt: 'four', model: 'veo3', variations: '4' }, me);
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(
        `Not enough credits! Generating 4 ${VIDEO_MODELS.veo3.name} videos requires 160 credits, you currently have 100 credits`,
      );
      expect(await taskCount(me)).toBe(0);
    });

    it.each([
      [{ variations: '3' }, 'variations must be 1, 2 or 4'],
      [{ variations: 'many' }, 'variations must be 1, 2 or 4'],
      [{ seed: '-1' }, `seed must be a whole number from 0 to ${MAX_SEED}`],
      [{ seed: '1.5' }, `seed must be a whole number from 0 to ${MAX_SEED}`],
      [{ seed: String(MAX_SEED + 1) }, `seed must be a whole number from 0 to ${MAX_SEED}`],
    ])('refuses %j with a 400, data intact', async (fields, message) => {
      const me = await user(1000);
      const before = await snapshot(me);
      const res = await video.generate({ prompt: 'a cat', model: 'veo3', ...fields }, me);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VIDEO_BAD_OPTION', message });
      expect(await snapshot(me)).toEqual(before);
    });

    it('refuses a seed for a model that takes none, and keeps none for its tasks', async () => {
      provider.seeded = new Set(['omni']);
      const me = await user(1000);
      const res = await video.generate({ prompt: 'a cat', model: 'veo3', seed: '5' }, me);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VIDEO_BAD_OPTION',
        message: `${VIDEO_MODELS.veo3.name} does not take a seed`,
      });
      expect(await taskCount(me)).toBe(0);
      const [id] = await started(me, { prompt: 'a cat' });
      expect((await video.status(me, id!)).json().data.seed).toBeNull();
      expect(provider.submits.find((s) => s.taskId === id)?.seed ?? null).toBeNull();
    });
  });

  describe('extending with an instruction', () => {
    it('keeps the instruction with the task and passes it on; the key covers it', async () => {
      const me = await user(1000);
      const parent = await finished(me, { prompt: 'a ship at anchor', model: 'omni' });
      const key = `next-${n}`;
      const res = await video.revise(
        'extend',
        me,
        parent.id,
        { seconds: 4, instruction: '  the ship sails away  ' },
        key,
      );
      const { taskId } = res.json().data;
      const task = await video.waitFor(me, taskId, ['completed']);
      expect(task).toMatchObject({ kind: 'extend', instruction: 'the ship sails away', duration_s: 12 });
      expect(provider.submits.find((s) => s.taskId === taskId)?.instruction).toBe('the ship sails away');
      const changed = await video.revise('extend', me, parent.id, { seconds: 4, instruction: 'it sinks' }, key);
      expect(changed.statusCode).toBe(422);
    });

    it('refuses an instruction where the provider extends without one, before any charge', async () => {
      const me = await user(1000);
      const parent = await finished(me, { prompt: 'a field of wheat', model: 'omni' });
      provider.extendInstruction = false;
      const before = await snapshot(me);
      const res = await video.revise('extend', me, parent.id, { seconds: 4, instruction: 'a tractor arrives' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VIDEO_BAD_OPTION',
        message: `An extension of a ${VIDEO_MODELS.omni.name} video cannot take an instruction here: leave it out to continue the shot as it is.`,
      });
      expect(await snapshot(me)).toEqual(before);
    });
  });
});

describe.each(cases)('variations on the local renderer on %s with the %s queue', (db, queue) => {
  let t: TestApp;
  let video: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    t = await createTestApp(db, {
      ADMIN_EMAILS: 'admin@example.com',
      GENERATE_RATE_LIMIT: '1000',
      VIDEO_POLL_INTERVAL_MS: '50',
      ...queueEnv(db, queue),
    });
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders ×2 from one seed into two finished videos with their own seeds and pictures', async () => {
    const me = await video.userWith('local-twins@example.com', 1000);
    const res = await video.generate(
      { prompt: 'lanterns over a river', model: 'veo3', variations: '2', seed: '41' },
      me,
    );
    const { taskIds } = res.json().data;
    const tasks = [];
    for (const id of taskIds) tasks.push(await video.waitFor(me, id, ['completed', 'failed'], 110_000));
    expect(tasks.map((task) => [task.status, task.seed, task.batch_id])).toEqual([
      ['completed', 41, taskIds[0]],
      ['completed', 42, taskIds[0]],
    ]);
    const files = [];
    for (const task of tasks) files.push((await t.app.inject({ method: 'GET', url: task.result_url })).rawPayload);
    expect(files[0]!.length).toBeGreaterThan(10_000);
    expect(files[0]!.equals(files[1]!)).toBe(false);
  });
});
