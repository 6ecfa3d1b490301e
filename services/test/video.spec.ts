import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { VideoProviders } from '../src/video/providers/video-providers';
import { VideoWorker } from '../src/video/video-worker';
import { VideoStorage } from '../src/video/video-storage';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { TASK_FAILURE_MESSAGES } from '../src/video/task-failure';
import { multipart } from './support/multipart';
import { FAKE_VIDEO, ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

jest.setTimeout(30_000);

const queues = process.env.TEST_REDIS_URL ? ['in-process', 'bullmq'] : ['in-process'];
const cases = databaseKinds().flatMap((db) => queues.map((queue) => [db, queue] as const));

describe.each(cases)('video generation on %s with the %s queue', (kind, queue) => {
  let t: TestApp;
  let provider: ScriptedProvider;
  let admin: SignedIn;

  beforeAll(async () => {
    provider = new ScriptedProvider();
    const env: Record<string, string> = {
      ADMIN_EMAILS: 'admin@example.com',
      SIGNIN_RATE_LIMIT: '1000',
      GENERATE_RATE_LIMIT: '1000',
      VIDEO_POLL_INTERVAL_MS: '20',
      // These cases are about credits: the per-user limit of videos in the making has its own suite.
      VIDEO_MAX_ACTIVE_PER_USER: '100',
    };
    if (queue === 'bullmq')
      Object.assign(env, { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `veo3test${Date.now()}${kind}` });
    t = await createTestApp(kind, env, [{ provide: VideoProviders, useValue: new VideoProviders([provider]) }]);
    admin = await devSignIn(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.get(DataSource);
  const tasks = () => db().getRepository(VideoTaskEntity);
  async function userWith(email: string, credits: number): Promise<SignedIn> {
    const user = await devSignIn(t.app, email);
    if (credits > 0) {
      await t.app.inject({
        method: 'POST',
        url: '/api/credits/add',
        headers: admin.auth,
        payload: { userId: user.user.id, amount: credits, reason: 'test credits', sourceId: `seed-${email}` },
      });
    }
    return user;
  }
  const generate = (fields: Record<string, string>, auth?: SignedIn, files = {}) => {
    const { payload, headers } = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/video/generate',
      payload,
      headers: { ...headers, ...(auth?.auth ?? {}) },
    });
  };
  const balance = async (user: SignedIn) =>
    (await t.app.inject({ method: 'GET', url: '/api/credits/balance', headers: user.auth })).json().data.total_credits;
  const status = (user: SignedIn, taskId: string) =>
    t.app.inject({ method: 'GET', url: `/api/video/status/${taskId}`, headers: user.auth });
  async function waitFor(user: SignedIn, taskId: string, states: string[]) {
    for (let i = 0; i < 200; i++) {
      const data = (await status(user, taskId)).json().data;
      if (states.includes(data.status)) return data;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`task ${taskId} never reached ${states}`);
  }
  const refunds = async (taskId: string) =>
    Number(
      (
        await db().query('SELECT COUNT(*) AS n FROM credit_transactions WHERE idempotency_key = ?', [
          `video:${taskId}:refund`,
        ])
      )[0].n,
    );

  describe('validation, in the order of the spec, charging nothing', () => {
    it.each([
      [{ prompt: '   ', model: 'veo3' }, false, 400, 'Please enter a prompt'],
      [
        { prompt: 'a cat', model: 'veo3-fast-frames' },
        false,
        400,
        'Image to Video mode requires an image. Please upload an image.',
      ],
      [{ prompt: 'a cat', model: 'veo3' }, false, 401, 'Please login before generating a video'],
      [{ prompt: 'a cat', model: 'sora' }, true, 400, 'Unknown model: sora'],
      [{ prompt: 'x'.repeat(2001), model: 'veo3' }, true, 400, 'The prompt is too long: at most 2000 characters'],
      [{ prompt: 'a cat', model: 'veo3', aspect_ratio: '4:3' }, true, 400, 'aspect_ratio must be 16:9 or 9:16'],
      [{ prompt: 'a cat', model: 'veo3', resolution: '4k' }, true, 400, 'resolution must be 720p or 1080p'],
      [
        { prompt: 'a cat', model: 'veo3', negative_prompt: 'x'.repeat(501) },
        true,
        400,
        'The negative prompt is too long: at most 500 characters',
      ],
    ])('%j (signed in: %s) → %i %s', async (fields, signedIn, code, message) => {
      const user = signedIn ? await userWith(`v${code}${message.length}@example.com`, 100) : undefined;
      const res = await generate(fields, user);
      expect(res.statusCode).toBe(code);
      expect(res.json()).toMatchObject({ success: false, message });
      if (user) expect(await balance(user)).toBe(100);
    });

    it('answers 402 with the spec text when credits are short', async () => {
      const poor = await userWith('poor@example.com', 39);
      const res = await generate({ prompt: 'a cat', model: 'veo3' }, poor);
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(
        'Not enough credits! Generating a VEO 3 Text video requires 40 credits, you currently have 39 credits',
      );
      expect(await balance(poor)).toBe(39);
    });

    it('answers 402 before storing an uploaded image', async () => {
      const poor = await userWith('poor-image@example.com', 39);
      const saves = jest.spyOn(t.app.get(VideoStorage), 'saveUpload');
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4a8' } })
        .png()
        .toBuffer();
      const res = await generate({ prompt: 'zoom', model: 'veo3-fast-frames' }, poor, {
        image: { data: png, filename: 'a.png', type: 'image/png' },
      });
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toMatch(/^Not enough credits! .* requires 40 credits, you currently have 39 credits$/);
      expect(saves).not.toHaveBeenCalled();
      saves.mockRestore();
      expect(await balance(poor)).toBe(39);
    });

    it('checks images by their bytes: wrong type 400, too large 413, undecodable 400', async () => {
      const user = await userWith('images@example.com', 400);
      const fake = await generate({ prompt: 'zoom', model: 'veo3-fast-frames' }, user, {
        image: { data: Buffer.from('this is not an image'), filename: 'photo.png', type: 'image/png' },
      });
      expect(fake.statusCode).toBe(400);
      expect(fake.json().message).toBe('Please select a valid image file (JPEG, PNG, GIF, WebP)');
      const huge = await generate({ prompt: 'zoom', model: 'veo3-fast-frames' }, user, {
        image: { data: Buffer.alloc(10 * 1024 * 1024 + 10, 0xff), filename: 'big.jpg', type: 'image/jpeg' },
      });
      expect(huge.statusCode).toBe(413);
      const broken = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(64, 1),
      ]);
      const undecodable = await generate({ prompt: 'zoom', model: 'veo3-fast-frames' }, user, {
        image: { data: broken, filename: 'x.png', type: 'image/png' },
      });
      expect(undecodable.statusCode).toBe(400);
      expect(await balance(user)).toBe(400);
    });

    it('refuses an image over 40 megapixels however small its file, and takes one of 40', async () => {
      const user = await userWith('megapixels@example.com', 400);
      const png = (width: number, height: number) =>
        sharp(Buffer.alloc(width * height), { raw: { width, height, channels: 1 } })
          .png()
          .toBuffer();
      const bomb = await png(16_000, 16_000);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const refused = await generate({ prompt: 'zoom', model: 'veo3-fast-frames' }, user, {
        image: { data: bomb, filename: 'bomb.png', type: 'image/png' },
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({
        code: 'VIDEO_IMAGE_TOO_MANY_PIXELS',
        message: 'The image has more than 40 megapixels (width × height). Please choose a smaller image.',
      });
      expect(await balance(user)).toBe(400);
      const taken = await generate({ prompt: 'zoom', model: 'veo3-fast-frames' }, user, {
        image: { data: await png(8000, 5000), filename: 'big.png', type: 'image/png' },
      });
      expect(taken.statusCode).toBe(200);
    });
  });

  it('text mode: debits 40, runs the task to completion, serves the video to its owner only', async () => {
    const user = await userWith('ann@example.com', 100);
    const res = await generate({ prompt: 'a red toy car', model: 'veo3' }, user);
    expect(res.statusCode).toBe(200);
    const { taskId, remainingCredits } = res.json().data;
    expect(remainingCredits).toBe(60);

    const done = await waitFor(user, taskId, ['completed', 'failed']);
    expect(done).toMatchObject({
      id: taskId,
      status: 'completed',
      model: 'veo3',
      prompt: 'a red toy car',
      error_message: null,
    });
    expect(done.result_url).toMatch(new RegExp(`^/api/video/file/${taskId}\\?exp=\\d+&sig=`));

    const file = await t.app.inject({ method: 'GET', url: done.result_url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(FAKE_VIDEO)).toBe(true);
    const range = await t.app.inject({ method: 'GET', url: done.result_url, headers: { range: 'bytes=0-11' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.subarray(4, 12).toString()).toBe('ftypmp42');
    const forged = await t.app.inject({ method: 'GET', url: done.result_url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).not.toBe(200);

    const other = await userWith('bob@example.com', 0);
    expect((await status(other, taskId)).statusCode).toBe(404);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/video/history?page=1&limit=10',
      headers: user.auth,
    });
    expect(history.json().data).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(history.json().data.items[0]).toMatchObject({ id: taskId, status: 'completed' });
    expect(await balance(user)).toBe(60);
  });

  it('the options reach the provider as given, and the status and history replies carry the format', async () => {
    const user = await userWith('shapes@example.com', 40);
    const res = await generate(
      { prompt: 'tall', model: 'veo3', aspect_ratio: '9:16', resolution: '1080p', negative_prompt: ' no rain ' },
      user,
    );
    expect(res.statusCode).toBe(200);
    const { taskId } = res.json().data;
    const done = await waitFor(user, taskId, ['completed']);
    expect(done).toMatchObject({
      aspect_ratio: '9:16',
      resolution: '1080p',
      negative_prompt: 'no rain',
      image_url: null,
    });
    const submitted = provider.submits.find((s) => s.taskId === taskId)!;
    expect(submitted).toMatchObject({
      shape: { aspectRatio: '9:16', resolution: '1080p' },
      negativePrompt: 'no rain',
      providerModel: 'scripted',
      lastFrame: null,
    });
    // SITE_URL is localhost here: no provider could call it, so the worker polls alone.
    expect(submitted.callbackUrl).toBeNull();
  });

  it.each<[Record<string, string>, boolean, string]>([
    [{ model: 'veo3-fast-frames', negative_prompt: 'rain' }, false, 'negative_prompt is only for Text to Video'],
    [{ model: 'veo3' }, true, 'last_frame is only for Image to Video'],
  ])('refuses an option of the other mode: %j (last frame: %s)', async (fields, lastFrame, message) => {
    const user = await userWith(`mode${message.length}@example.com`, 40);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = { data: png, filename: 'a.png', type: 'image/png' };
    const res = await generate({ prompt: 'a cat', ...fields }, user, {
      ...(fields.model === 'veo3-fast-frames' ? { image } : {}),
      ...(lastFrame ? { last_frame: image } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VIDEO_BAD_OPTION', message });
    expect(await balance(user)).toBe(40);
  });

  it('image mode: the uploaded image reaches the provider, and the status gives its owner the image back to reuse', async () => {
    const user = await userWith('img@example.com', 40);
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await generate({ prompt: 'slow zoom', model: 'veo3-fast-frames' }, user, {
      image: { data: png, filename: 'photo.bin', type: 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(200);
    const { taskId } = res.json().data;
    const done = await waitFor(user, taskId, ['completed']);
    const submitted = provider.submits.find((s) => s.taskId === taskId)!;
    expect(submitted.model).toBe('veo3-fast-frames');
    expect(submitted.image?.mimeType).toBe('image/png');
    expect(submitted.image?.data.equals(png)).toBe(true);

    expect(done).toMatchObject({ negative_prompt: null, last_frame_url: null });
    const image = await t.app.inject({ method: 'GET', url: done.image_url, headers: user.auth });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it.each([
    ['a provider failure', 'boom [fail]', 'generation_failed', 'The provider gave up'],
    ['a content-policy rejection', 'nope [reject]', 'safety_blocked', 'violates the content policy'],
  ] as const)('%s fails the task and refunds the 40 credits once', async (_case, prompt, code, providerText) => {
    const user = await userWith(`fail${prompt.length}@example.com`, 40);
    const { taskId } = (await generate({ prompt, model: 'veo3' }, user)).json().data;
    const failed = await waitFor(user, taskId, ['failed', 'completed']);
    // The user reads our message; the provider's words are kept for operators only.
    expect(failed).toMatchObject({
      status: 'failed',
      error_code: code,
      error_message: TASK_FAILURE_MESSAGES[code],
      result_url: null,
    });
    expect((await tasks().findOneByOrFail({ id: taskId })).errorMessage).toBe(providerText);
    expect(await balance(user)).toBe(40);
    // The job running again changes nothing.
    await t.app.get(VideoWorker).step(taskId);
    expect(await refunds(taskId)).toBe(1);
    expect(await balance(user)).toBe(40);
  });

  it('a task with no result within GENERATION_TIMEOUT_S fails and is refunded once', async () => {
    const user = await userWith('slow@example.com', 40);
    const { taskId } = (await generate({ prompt: 'forever [hang]', model: 'veo3' }, user)).json().data;
    await waitFor(user, taskId, ['processing']);
    await tasks().update(
      { id: taskId },
      { createdAt: new Date(Date.now() - 3600_000), lockedBy: null, lockedUntil: null },
    );
    await t.app.get(VideoWorker).step(taskId);
    await t.app.get(VideoWorker).step(taskId);
    const failed = await waitFor(user, taskId, ['failed']);
    expect(failed.error_message).toBe('Video generation timed out, please try again later');
    expect(await refunds(taskId)).toBe(1);
    expect(await balance(user)).toBe(40);
  });

  it('history: finished videos paged and counted; the first page also lists the tasks in progress', async () => {
    const user = await userWith('inprogress@example.com', 120);
    const done = (await generate({ prompt: 'finished', model: 'veo3' }, user)).json().data.taskId;
    await waitFor(user, done, ['completed']);
    const failed = (await generate({ prompt: 'broken [fail]', model: 'veo3' }, user)).json().data.taskId;
    await waitFor(user, failed, ['failed']);
    const slow = (await generate({ prompt: 'slow [hang]', model: 'veo3' }, user)).json().data.taskId;
    const running = await waitFor(user, slow, ['processing']);
    // The status reply says when the server gives up on the task (GENERATION_TIMEOUT_S, 900 s by default).
    expect(Date.parse(running.expires_at) - Date.parse(running.created_at)).toBe(900_000);

    const history = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/video/history?${query}`, headers: user.auth })).json().data;
    const first = await history('page=1&limit=10');
    expect(first).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(first.items.map((v: { id: string }) => v.id)).toEqual([done]);
    expect(first.in_progress).toHaveLength(1);
    expect(first.in_progress[0]).toMatchObject({
      id: slow,
      status: 'processing',
      prompt: 'slow [hang]',
      result_url: null,
      expires_at: running.expires_at,
    });
    const second = await history('page=2&limit=10');
    expect(second).toMatchObject({ items: [], total: 1, page: 2, pages: 1, in_progress: [] });

    // Timed out by the server: failed, refunded, and in neither list.
    await tasks().update(
      { id: slow },
      { createdAt: new Date(Date.now() - 3600_000), lockedBy: null, lockedUntil: null },
    );
    await t.app.get(VideoWorker).step(slow);
    await t.app.get(VideoWorker).step(slow);
    await waitFor(user, slow, ['failed']);
    expect(await history('page=1&limit=10')).toMatchObject({ total: 1, in_progress: [] });
  });

  it('retries a rate-limited provider and still charges once', async () => {
    const user = await userWith('busy@example.com', 40);
    const { taskId } = (await generate({ prompt: 'popular [429]', model: 'veo3' }, user)).json().data;
    const done = await waitFor(user, taskId, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(await balance(user)).toBe(0);
  });

  it('20 parallel generates with credits for 5: exactly 5 tasks, balance 0', async () => {
    const user = await userWith('rush@example.com', 200);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => generate({ prompt: 'rush', model: 'veo3' }, user)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(15);
    expect(await balance(user)).toBe(0);
    expect(await tasks().countBy({ userId: user.user.id })).toBe(5);
  });

  it('a request retried with the same Idempotency-Key makes one task and pays once, even in parallel', async () => {
    const user = await userWith('retry@example.com', 80);
    const { payload, headers } = multipart({ prompt: 'once only', model: 'veo3' });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/video/generate',
        payload,
        headers: { ...headers, ...user.auth, 'idempotency-key': 'k-123' },
      });
    const results = await Promise.all([send(), send(), send()]);
    const ids = new Set(results.map((r) => r.json().data.taskId));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balance(user)).toBe(40);
    expect(await tasks().countBy({ userId: user.user.id })).toBe(1);
  });

  it.each<[string, Record<string, string>]>([
    ['prompt', { prompt: 'another video' }],
    ['model', { model: 'veo3-fast-frames' }],
    ['aspect_ratio', { aspect_ratio: '9:16' }],
    ['resolution', { resolution: '1080p' }],
    ['negative_prompt', { negative_prompt: 'rain' }],
  ])('an Idempotency-Key reused with another %s is a 422 and takes nothing', async (field, change) => {
    const user = await userWith(`rekey-${field}@example.com`, 400);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = { data: png, filename: 'a.png', type: 'image/png' };
    const send = (fields: Record<string, string>) => {
      const { payload, headers } = multipart(fields, fields.model === 'veo3-fast-frames' ? { image } : {});
      return t.app.inject({
        method: 'POST',
        url: '/api/video/generate',
        payload,
        headers: { ...headers, ...user.auth, 'idempotency-key': `k-${field}` },
      });
    };
    const first = { prompt: 'a lighthouse', model: 'veo3' };
    expect((await send(first)).statusCode).toBe(200);
    // The same request with its defaults spelled out is still the same request.
    const same = await send({ ...first, aspect_ratio: '16:9', resolution: '720p', prompt: ' a lighthouse ' });
    expect(same.statusCode).toBe(200);
    const res = await send({ ...first, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VIDEO_IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining(
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      ),
    });
    expect(await balance(user)).toBe(360);
    expect(await tasks().countBy({ userId: user.user.id })).toBe(1);
  });

  it('an Idempotency-Key reused with another image is a 422', async () => {
    const user = await userWith('rekey-image@example.com', 400);
    const picture = async (background: string) => ({
      data: await sharp({ create: { width: 8, height: 8, channels: 3, background } })
        .png()
        .toBuffer(),
      filename: 'a.png',
      type: 'image/png',
    });
    const send = (files: Parameters<typeof multipart>[1]) => {
      const { payload, headers } = multipart({ prompt: 'a boat', model: 'veo3-fast-frames' }, files);
      return t.app.inject({
        method: 'POST',
        url: '/api/video/generate',
        payload,
        headers: { ...headers, ...user.auth, 'idempotency-key': 'k-image' },
      });
    };
    const white = await picture('#fff');
    expect((await send({ image: white })).statusCode).toBe(200);
    expect((await send({ image: white })).statusCode).toBe(200);
    expect((await send({ image: await picture('#000') })).statusCode).toBe(422);
    expect((await send({ image: white, last_frame: white })).statusCode).toBe(422);
    expect(await tasks().countBy({ userId: user.user.id })).toBe(1);
  });

  it('a crashed worker does not hold its tasks until the lease runs out', async () => {
    const user = await userWith('crash2@example.com', 40);
    const { taskId } = (await generate({ prompt: 'second life [hang]', model: 'veo3' }, user)).json().data;
    await waitFor(user, taskId, ['processing']);
    // A worker identity with no heartbeat row: the worker holding this live lease has died.
    const dead = randomUUID();
    await tasks().update({ id: taskId }, { lockedBy: dead, lockedUntil: new Date(Date.now() + 60_000) });
    await t.app.get(VideoWorker).releaseLeasesOfDeadWorkers();
    // Released: free, or already taken again by this process's own worker for its next poll.
    expect((await tasks().findOneByOrFail({ id: taskId })).lockedBy).not.toBe(dead);
    await tasks().update({ id: taskId }, { createdAt: new Date(Date.now() - 3600_000) });
    await t.app.get(VideoWorker).step(taskId);
    expect((await waitFor(user, taskId, ['failed'])).error_message).toMatch(/timed out/);
  });

  it('a task left mid-way by a crashed worker is finished after a restart, charged once', async () => {
    const user = await userWith('crash@example.com', 40);
    const { taskId } = (await generate({ prompt: 'survive', model: 'veo3' }, user)).json().data;
    await waitFor(user, taskId, ['processing', 'completed']);
    // A dead worker's lease, already expired, and the task not finished.
    await tasks().update(
      { id: taskId },
      {
        status: 'processing',
        resultPath: null,
        finishedAt: null,
        lockedBy: 'dead:1',
        lockedUntil: new Date(Date.now() - 1000),
      },
    );
    expect(await t.app.get(VideoWorker).resumeUnfinished()).toBeGreaterThanOrEqual(1);
    const done = await waitFor(user, taskId, ['completed']);
    expect(done.result_url).toBeTruthy();
    expect(await balance(user)).toBe(0);
    const debits = await db().query(
      'SELECT COUNT(*) AS n FROM credit_transactions WHERE source_id = ? AND amount < 0',
      [taskId],
    );
    expect(Number(debits[0].n)).toBe(1);
  });
});
