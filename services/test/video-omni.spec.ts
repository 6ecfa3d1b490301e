import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { VideoProviders } from '../src/video/providers/video-providers';
import { VideoWorker } from '../src/video/video-worker';
import { VideoStorage } from '../src/video/video-storage';
import { FAKE_VIDEO, STALE_PARENT, ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient, type Upload } from './support/video-client';

jest.setTimeout(60_000);

type Task = {
  id: string;
  status: string;
  kind: string;
  parent_task_id: string | null;
  root_task_id: string;
  instruction: string | null;
  duration_s: number;
  result_url: string | null;
  reference_image_urls: string[];
};

describe.each(databaseKinds())('Gemini Omni Flash: generate, edit, extend on %s', (database) => {
  let t: TestApp;
  let provider: ScriptedProvider;
  let video: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    provider = new ScriptedProvider(1);
    t = await createTestApp(
      database,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
        CONTRACT_CHECK: '1',
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([provider]) }],
    );
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A finished task of `user` (its status reply) from a generate request that must be accepted. */
  async function make(user: SignedIn, fields: Record<string, string>, files: Record<string, Upload | Upload[]> = {}) {
    const res = await video.generate({ model: 'omni', ...fields }, user, files);
    expect(res.json()).toMatchObject({ success: true });
    return (await video.waitFor(user, res.json().data.taskId, ['completed', 'failed'])) as Task;
  }

  /** Edits or extends `parent`, which must be accepted; the new version once finished, and what the reply said. */
  async function revise(user: SignedIn, kind: 'edit' | 'extend', parent: Task, body: Record<string, unknown>) {
    const res = await video.revise(kind, user, parent.id, body);
    expect(res.json()).toMatchObject({ success: true });
    const task = (await video.waitFor(user, res.json().data.taskId, ['completed', 'failed'])) as Task;
    return { task, remaining: res.json().data.remainingCredits as number };
  }

  /** The ledger line of a task's debit or refund, or undefined; and how many there are. */
  async function lines(user: SignedIn, taskId: string) {
    const all = await video.ledger(user);
    return {
      debits: all.filter((l) => l.idempotency_key === `video:${taskId}:debit`).map((l) => l.amount),
      refunds: all.filter((l) => l.idempotency_key === `video:${taskId}:refund`).map((l) => l.amount),
    };
  }

  const fileOf = async (user: SignedIn, task: Task) =>
    (await t.app.inject({ method: 'GET', url: task.result_url!, headers: user.auth })).rawPayload;

  it('generates 6 s, edits twice, branches from version 1 and extends by 4 s: each charged once, History groups the versions', async () => {
    const user = await video.userWith('omni-flow@example.com', 1000);

    const first = await video.generate({ prompt: 'a lighthouse at dusk', model: 'omni', duration: '6' }, user);
    expect(first.json().data.remainingCredits).toBe(1000 - 24);
    const v1 = (await video.waitFor(user, first.json().data.taskId, ['completed'])) as Task;
    expect(v1).toMatchObject({
      kind: 'generate',
      parent_task_id: null,
      root_task_id: v1.id,
      instruction: null,
      duration_s: 6,
      reference_image_urls: [],
    });

    const { task: v2, remaining: afterV2 } = await revise(user, 'edit', v1, { instruction: '  make it night  ' });
    expect(afterV2).toBe(1000 - 24 * 2);
    expect(v2).toMatchObject({
      status: 'completed',
      kind: 'edit',
      parent_task_id: v1.id,
      root_task_id: v1.id,
      instruction: 'make it night',
      duration_s: 6,
    });
    const { task: v3 } = await revise(user, 'edit', v2, { instruction: 'add rain' });
    expect(v3).toMatchObject({ kind: 'edit', parent_task_id: v2.id, root_task_id: v1.id, duration_s: 6 });
    const { task: branch } = await revise(user, 'edit', v1, { instruction: 'a windmill instead' });
    expect(branch).toMatchObject({ parent_task_id: v1.id, root_task_id: v1.id, instruction: 'a windmill instead' });
    const { task: longer, remaining } = await revise(user, 'extend', v3, { seconds: 4 });
    expect(remaining).toBe(1000 - 24 * 4 - 16);
    expect(longer).toMatchObject({
      status: 'completed',
      kind: 'extend',
      parent_task_id: v3.id,
      root_task_id: v1.id,
      instruction: null,
      duration_s: 10,
    });

    // Each step charged once, at its price (an edit: its parent's seconds; an extension: the added ones).
    const charges = await Promise.all([v1, v2, v3, branch, longer].map((v) => lines(user, v.id)));
    expect(charges).toEqual([
      { debits: [-24], refunds: [] },
      { debits: [-24], refunds: [] },
      { debits: [-24], refunds: [] },
      { debits: [-24], refunds: [] },
      { debits: [-16], refunds: [] },
    ]);
    expect(await video.balance(user)).toBe(1000 - 24 * 4 - 16);

    // The provider was given each edit's instruction and parent (its own job, the parent's prompt and length).
    const input = (id: string) => provider.submits.find((s) => s.taskId === id)!;
    expect(input(v2.id)).toMatchObject({
      kind: 'edit',
      prompt: 'a lighthouse at dusk',
      instruction: 'make it night',
      durationSeconds: 6,
      parent: { jobId: `job-${v1.id}`, durationSeconds: 6, prompt: 'a lighthouse at dusk' },
    });
    expect(input(longer.id)).toMatchObject({
      kind: 'extend',
      instruction: null,
      durationSeconds: 10,
      parent: { jobId: `job-${v3.id}`, durationSeconds: 6 },
    });
    // Submitted with a copy of the parent's stored video.
    expect(provider.parentBytesAtSubmit.get(longer.id)?.equals(await fileOf(user, v3))).toBe(true);
    // Checked before charging with a readable copy of the parent's video; every copy is gone afterwards.
    const checked = provider.checkedParents.filter((p) => p.jobId === `job-${v3.id}`);
    expect(checked).toMatchObject([{ kind: 'extend', readable: true }]);
    const copies = [...provider.checkedParents, ...provider.submits.flatMap((s) => (s.parent ? [s.parent] : []))];
    expect(copies.filter((p) => existsSync(p.videoPath))).toEqual([]);

    // The stored files: an edit's is its own video; an extension's holds its parent's whole video, then the added seconds.
    expect((await fileOf(user, v3)).toString('latin1')).toBe(`${FAKE_VIDEO.toString('latin1')}edit: add rain`);
    expect((await fileOf(user, longer)).equals(Buffer.concat([await fileOf(user, v3), Buffer.from('+4s')]))).toBe(true);

    // History: one video, shown by its newest version, with every version newest first.
    const history = await video.history(user);
    expect(history).toMatchObject({ total: 1, pages: 1, in_progress: [] });
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ id: longer.id, root_task_id: v1.id });
    expect(history.items[0].versions.map((v: Task) => [v.id, v.kind, v.instruction, v.duration_s])).toEqual([
      [longer.id, 'extend', null, 10],
      [branch.id, 'edit', 'a windmill instead', 6],
      [v3.id, 'edit', 'add rain', 6],
      [v2.id, 'edit', 'make it night', 6],
      [v1.id, 'generate', null, 6],
    ]);
  });

  it('History pages and counts by video, leaving deleted and failed versions out', async () => {
    const user = await video.userWith('omni-history@example.com', 1000);
    const a = await make(user, { prompt: 'video a', duration: '4' });
    const b = await make(user, { prompt: 'video b', duration: '4' });
    const { task: a2 } = await revise(user, 'edit', a, { instruction: 'brighter' });
    const { task: failed } = await revise(user, 'edit', b, { instruction: '[fail] darker' });
    expect(failed.status).toBe('failed');
    const { task: b3 } = await revise(user, 'edit', b, { instruction: 'warmer' });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/video/tasks/${b3.id}`, headers: user.auth });
    expect(removed.statusCode).toBe(200);

    const page1 = await video.history(user, '?page=1&limit=1');
    expect(page1).toMatchObject({ total: 2, pages: 2, page: 1 });
    expect(page1.items.map((v: Task & { versions: Task[] }) => [v.id, v.versions.map((x) => x.id)])).toEqual([
      [a2.id, [a2.id, a.id]],
    ]);
    const page2 = await video.history(user, '?page=2&limit=1');
    expect(page2.items.map((v: Task & { versions: Task[] }) => [v.id, v.versions.map((x) => x.id)])).toEqual([
      [b.id, [b.id]],
    ]);
    expect(page2.in_progress).toEqual([]);
  });

  it('a failing edit is refunded once, exactly what it was charged', async () => {
    const user = await video.userWith('omni-fail@example.com', 100);
    const parent = await make(user, { prompt: 'a red kite' });
    expect(await video.balance(user)).toBe(100 - 32);
    const { task } = await revise(user, 'edit', parent, { instruction: '[fail] make it blue' });
    expect(task).toMatchObject({ status: 'failed', kind: 'edit', error_code: 'generation_failed' });
    // Another step of the finished task changes nothing.
    await t.app.get(VideoWorker).step(task.id);
    expect(await lines(user, task.id)).toEqual({ debits: [-32], refunds: [32] });
    expect(await video.balance(user)).toBe(100 - 32);
  });

  it("another user's video, a missing or deleted one cannot be edited or extended (404), and nothing is charged", async () => {
    const owner = await video.userWith('omni-owner@example.com', 100);
    const stranger = await video.userWith('omni-stranger@example.com', 100);
    const parent = await make(owner, { prompt: 'a private garden', duration: '4' });
    const before = await Promise.all([video.ledger(owner), video.ledger(stranger)]);
    const gone = await make(owner, { prompt: 'a deleted garden', duration: '4' });
    await t.app.inject({ method: 'DELETE', url: `/api/video/tasks/${gone.id}`, headers: owner.auth });
    const deleted = await video.ledger(owner);

    for (const [kind, body] of [
      ['edit', { instruction: 'make it mine' }],
      ['extend', { seconds: 4 }],
    ] as const) {
      const other = await video.revise(kind, stranger, parent.id, body);
      expect([other.statusCode, other.json().message]).toEqual([404, 'Video not found']);
      const missing = await video.revise(kind, owner, '00000000-0000-0000-0000-000000000000', body);
      expect(missing.statusCode).toBe(404);
      const removed = await video.revise(kind, owner, gone.id, body);
      expect(removed.statusCode).toBe(404);
      const anonymous = await video.revise(kind, undefined, parent.id, body);
      expect(anonymous.statusCode).toBe(401);
    }
    expect(await video.ledger(stranger)).toEqual(before[1]);
    expect(await video.ledger(owner)).toEqual(deleted);
  });

  it('refuses before charging: a bad value, a video that is not a finished Omni one, past 40 s, a parent the provider cannot use', async () => {
    const user = await video.userWith('omni-refusals@example.com', 1000);
    const omni = await make(user, { prompt: 'a harbour', duration: '10' });
    const veo = (await video.waitFor(
      user,
      (await video.generate({ prompt: 'a veo harbour', model: 'veo3' }, user)).json().data.taskId,
      ['completed'],
    )) as Task;
    const hanging = (await video.generate({ prompt: '[hang] a slow harbour', model: 'omni' }, user)).json().data
      .taskId as string;
    const stale = await make(user, { prompt: '[stale] an old harbour', duration: '4' });
    const lost = await make(user, { prompt: 'a lost harbour', duration: '4' });
    await rm(join(t.app.get(VideoStorage).videosDir, `${lost.id}.mp4`));
    const { task: longer } = await revise(user, 'extend', omni, { seconds: 10 });
    const { task: longest } = await revise(user, 'extend', longer, { seconds: 10 });
    const { task: at36 } = await revise(user, 'extend', longest, { seconds: 6 });
    expect(at36.duration_s).toBe(36);
    const balance = await video.balance(user);
    const ledger = await video.ledger(user);

    const refusals: [string, 'edit' | 'extend', string, Record<string, unknown>, number, string?][] = [
      ['empty instruction', 'edit', omni.id, { instruction: '   ' }, 400],
      ['instruction too long', 'edit', omni.id, { instruction: 'x'.repeat(2001) }, 400],
      ['3 seconds', 'extend', omni.id, { seconds: 3 }, 400],
      ['11 seconds', 'extend', omni.id, { seconds: 11 }, 400],
      ['seconds as text', 'extend', omni.id, { seconds: 'four' }, 400],
      ['a Veo video', 'edit', veo.id, { instruction: 'night' }, 400, 'Only Gemini Omni Flash videos can be edited.'],
      [
        'an unfinished video',
        'extend',
        hanging,
        { seconds: 4 },
        400,
        'Only a finished video can be extended. Please wait until it is ready.',
      ],
      [
        'past 40 s',
        'extend',
        at36.id,
        { seconds: 10 },
        400,
        'A video can be at most 40 seconds long and this one is 36 seconds: it can be extended by at most 4 seconds more.',
      ],
      ['a parent the provider cannot use', 'edit', stale.id, { instruction: 'night' }, 400, STALE_PARENT],
      [
        'a parent whose file is gone',
        'extend',
        lost.id,
        { seconds: 4 },
        400,
        "This video's file is no longer available, so it cannot be extended.",
      ],
    ];
    for (const [, kind, id, body, code, message] of refusals) {
      const res = await video.revise(kind, user, id, body);
      expect([res.statusCode, res.json().success]).toEqual([code, false]);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await video.balance(user)).toBe(balance);
    expect(await video.ledger(user)).toEqual(ledger);

    // 36 + 4 is exactly the longest a video may be.
    const { task: at40 } = await revise(user, 'extend', at36, { seconds: 4 });
    expect(at40.duration_s).toBe(40);
    const past = await video.revise('extend', user, at40.id, { seconds: 4 });
    expect(past.json().message).toBe(
      'A video can be at most 40 seconds long and this one is 40 seconds: it cannot be extended any further.',
    );
  });

  it('answers 402 with the price when credits are short, and 503 while the provider cannot edit', async () => {
    const user = await video.userWith('omni-short@example.com', 60);
    const parent = await make(user, { prompt: 'a snowy field', duration: '10' });
    expect(await video.balance(user)).toBe(20);
    // Refused before the parent video is copied or the provider looks at it (the local one runs ffmpeg).
    const copies = jest.spyOn(t.app.get(VideoStorage), 'videoCopy');
    const checked = provider.checkedParents.length;
    const edit = await video.revise('edit', user, parent.id, { instruction: 'spring' });
    expect([edit.statusCode, edit.json().message]).toEqual([
      402,
      'Not enough credits! Editing this video requires 40 credits, you currently have 20 credits',
    ]);
    const extend = await video.revise('extend', user, parent.id, { seconds: 6 });
    expect([extend.statusCode, extend.json().message]).toEqual([
      402,
      'Not enough credits! Extending this video by 6 seconds requires 24 credits, you currently have 20 credits',
    ]);
    expect(copies).not.toHaveBeenCalled();
    copies.mockRestore();
    expect(provider.checkedParents.length).toBe(checked);

    provider.editing = false;
    try {
      const options = (await t.app.inject({ method: 'GET', url: '/api/video/options' })).json().data;
      expect(options.models.omni).toMatchObject({ available: true, editable: false });
      const off = await video.revise('extend', user, parent.id, { seconds: 4 });
      expect([off.statusCode, off.json().message]).toEqual([
        503,
        'Video editing is unavailable right now. No credits were taken; please try again later.',
      ]);
    } finally {
      provider.editing = true;
    }
    expect(await video.balance(user)).toBe(20);
  });

  it('options carry per-second prices, lengths and whether videos can be edited', async () => {
    const options = (await t.app.inject({ method: 'GET', url: '/api/video/options' })).json().data;
    expect(options.models.omni).toMatchObject({
      available: true,
      per_second: 4,
      durations: [4, 6, 8, 10],
      editable: true,
      prices: { '720p': 32, '1080p': 32 },
    });
    expect(options.models.veo3).toMatchObject({ per_second: null, durations: [8], editable: false });
  });

  it('checks duration and reference images before charging', async () => {
    const user = await video.userWith('omni-form@example.com', 500);
    const png = async (r: number): Promise<Upload> => ({
      data: await sharp({ create: { width: 32, height: 32, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer(),
      filename: `ref${r}.png`,
      type: 'image/png',
    });
    const refs = await Promise.all([1, 2, 3, 4].map(png));
    const cases: [Record<string, string>, Record<string, Upload | Upload[]>, string][] = [
      [{ model: 'veo3', duration: '6' }, {}, 'VEO 3 Text makes 8-second videos only: leave duration out or send 8'],
      [{ model: 'omni', duration: '5' }, {}, 'duration must be 4, 6, 8 or 10 seconds for Gemini Omni Flash'],
      [{ model: 'omni', duration: 'ten' }, {}, 'duration must be 4, 6, 8 or 10 seconds for Gemini Omni Flash'],
      [{ model: 'omni' }, { reference_images: refs }, 'At most 3 reference images can be used; you sent 4'],
      [{ model: 'veo3' }, { reference_images: refs.slice(0, 1) }, 'Reference images need Gemini Omni Flash'],
      [
        { model: 'omni' },
        { reference_images: [refs[0]!, { data: Buffer.from('not an image'), filename: 'x.png', type: 'image/png' }] },
        'Please select a valid image file (JPEG, PNG, GIF, WebP)',
      ],
    ];
    for (const [fields, files, message] of cases) {
      const res = await video.generate({ prompt: 'a portrait', ...fields }, user, files);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    const veo8 = await video.generate({ prompt: 'a portrait', model: 'veo3', duration: '8' }, user);
    expect(veo8.statusCode).toBe(200);
    expect(await video.balance(user)).toBe(500 - 40);

    // Up to 3 are kept with the task, given to the provider in order, and linked for their owner.
    const task = await make(
      user,
      { prompt: 'my dog on a beach', duration: '4' },
      { reference_images: refs.slice(0, 2) },
    );
    expect(task.reference_image_urls).toHaveLength(2);
    const second = await t.app.inject({ method: 'GET', url: task.reference_image_urls[1]! });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(refs[1]!.data)).toBe(true);
    const submitted = provider.submits.find((s) => s.taskId === task.id)!;
    expect(submitted.referenceImages.map((r) => r.mimeType)).toEqual(['image/png', 'image/png']);
    expect(submitted.referenceImages[0]!.data.equals(refs[0]!.data)).toBe(true);
    expect(submitted).toMatchObject({ kind: 'generate', durationSeconds: 4, image: null, parent: null });
    // A link for one image does not open another.
    const forged = task.reference_image_urls[1]!.replace(`/${task.id}/1?`, `/${task.id}/0?`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    expect(await video.balance(user)).toBe(500 - 40 - 16);
  });

  it('the same Idempotency-Key sent twice at once makes one edit and charges once, even with the last credits', async () => {
    // Enough for the video and one edit: the second request finds the credits gone, and is answered as a replay.
    const user = await video.userWith('omni-twice@example.com', 32);
    const parent = await make(user, { prompt: 'a fountain', duration: '4' });
    const [a, b] = await Promise.all(
      [1, 2].map(() => video.revise('edit', user, parent.id, { instruction: 'at night' }, 'edit-key-1')),
    );
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json().data.taskId).toBe(b!.json().data.taskId);
    await video.waitFor(user, a!.json().data.taskId, ['completed']);
    expect(await lines(user, a!.json().data.taskId)).toEqual({ debits: [-16], refunds: [] });
    expect(await video.balance(user)).toBe(0);
    // The key with another instruction is another request.
    const reused = await video.revise('edit', user, parent.id, { instruction: 'at dawn' }, 'edit-key-1');
    expect(reused.statusCode).toBe(422);
  });
});
