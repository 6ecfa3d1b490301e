import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SessionEntity } from '../src/auth/session.entity';
import { CheckoutSessionEntity } from '../src/billing/checkout-session.entity';
import { RetentionService } from '../src/retention/retention.service';
import { OBJECT_STORAGE, type ObjectStorage } from '../src/storage/object-storage';
import { VideoStorage } from '../src/video/video-storage';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { startFakeS3, type FakeS3 } from './support/fake-s3';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

jest.setTimeout(60_000);

const DAY_MS = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

const cases = databaseKinds().flatMap((db) => (['local', 's3'] as const).map((storage) => [db, storage] as const));

describe.each(cases)('the retention purge on %s with %s storage', (kind, storageKind) => {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  let work: string;
  let user: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'veo3-retention-'));
    if (storageKind === 's3') s3 = await startFakeS3();
    t = await createTestApp(kind, { ADMIN_EMAILS: 'admin@example.com', ...s3?.env });
    user = await devSignIn(t.app, 'kept@example.com');
    admin = await devSignIn(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const rows = <T extends object>(entity: new () => T) => t.app.get(DataSource).getRepository(entity);
  const storage = () => t.app.get(VideoStorage);
  const purge = () => t.app.get(RetentionService).purge();
  const stored = (name: string) =>
    storage()
      .readUpload(name)
      .then(
        () => true,
        () => false,
      );

  async function session(fields: Partial<SessionEntity>): Promise<string> {
    const id = randomUUID();
    await rows(SessionEntity).insert({ id, userId: user.user.id, expiresAt: daysAgo(-30), revokedAt: null, ...fields });
    return id;
  }

  async function checkout(fields: Partial<CheckoutSessionEntity>): Promise<string> {
    const id = `cs_test_${randomUUID()}`;
    await rows(CheckoutSessionEntity).insert({
      id,
      userId: user.user.id,
      type: 'credits',
      itemId: 'starter',
      billingCycle: null,
      amountCents: 999,
      currency: 'usd',
      credits: 100,
      status: 'open',
      simulated: true,
      successUrl: 'http://localhost:3000/payment/success',
      cancelUrl: 'http://localhost:3000/pricing',
      createdAt: daysAgo(40),
      ...fields,
    });
    return id;
  }

  /** A task of `user` with a first frame, a last frame and two reference images stored; their names. */
  async function task(fields: Partial<VideoTaskEntity>): Promise<{ id: string; files: string[] }> {
    const id = randomUUID();
    const save = async (suffix: string) => {
      const path = join(work, `${id}${suffix}.png`);
      writeFileSync(path, `picture ${suffix}`);
      return storage().saveUpload(id, path, 'png', suffix);
    };
    const [image, last, ref0, ref1] = [await save(''), await save('-last'), await save('-ref0'), await save('-ref1')];
    await rows(VideoTaskEntity).insert({
      id,
      userId: user.user.id,
      model: 'veo3-fast-frames',
      prompt: 'a prompt',
      status: 'failed',
      cost: 10,
      provider: 'local',
      imagePath: image,
      imageMime: 'image/png',
      lastFramePath: last,
      lastFrameMime: 'image/png',
      referenceImages: JSON.stringify([ref0, ref1].map((path) => ({ path, mime: 'image/png' }))),
      finishedAt: daysAgo(40),
      ...fields,
    });
    return { id, files: [image, last, ref0, ref1] };
  }

  const uploadColumns = async (id: string) => {
    const row = await rows(VideoTaskEntity).findOneByOrFail({ id });
    return [row.imagePath, row.imageMime, row.lastFramePath, row.lastFrameMime, row.referenceImages];
  };

  it('reads what is due by an index on the date each purge compares', async () => {
    const runner = t.app.get(DataSource).createQueryRunner();
    try {
      const indexed = async (table: string) =>
        ((await runner.getTable(table))?.indices ?? []).map((index) => index.columnNames.join(','));
      expect(await indexed('sessions')).toEqual(expect.arrayContaining(['expires_at', 'revoked_at']));
      expect(await indexed('video_tasks')).toContain('deleted_at');
      expect(await indexed('checkout_sessions')).toContain('created_at');
    } finally {
      await runner.release();
    }
  });

  it('deletes sessions ended longer ago than the grace period and keeps live and recently ended ones', async () => {
    const expiredLongAgo = await session({ expiresAt: daysAgo(31) });
    const revokedLongAgo = await session({ revokedAt: daysAgo(31) });
    const expiredRecently = await session({ expiresAt: daysAgo(29) });
    const revokedRecently = await session({ revokedAt: daysAgo(1) });
    const live = await session({});

    expect((await purge()).sessions).toBe(2);

    const left = (await rows(SessionEntity).findBy({ userId: user.user.id })).map((s) => s.id);
    expect(left).toEqual(expect.arrayContaining([expiredRecently, revokedRecently, live]));
    expect(left).not.toContain(expiredLongAgo);
    expect(left).not.toContain(revokedLongAgo);
    // The signed-in browser's own session is untouched: its token still works.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: user.auth })).statusCode).toBe(200);
  });

  it("deletes the uploaded pictures of long-failed tasks, files and columns, and keeps the others'", async () => {
    const old = await task({});
    const retriable = await task({ finishedAt: daysAgo(29) });
    const completed = await task({ status: 'completed', finishedAt: daysAgo(400) });
    const pending = await task({ status: 'pending', finishedAt: null });

    expect((await purge()).failedUploads).toBe(1);

    for (const name of old.files) expect(await stored(name)).toBe(false);
    expect(await uploadColumns(old.id)).toEqual([null, null, null, null, null]);
    // The row itself stays: the owner's history still shows the failed generation.
    expect((await rows(VideoTaskEntity).findOneByOrFail({ id: old.id })).status).toBe('failed');
    for (const kept of [retriable, completed, pending]) {
      for (const name of kept.files) expect(await stored(name)).toBe(true);
      expect((await uploadColumns(kept.id)).every((value) => value !== null)).toBe(true);
    }
    // A second run finds nothing more to do.
    expect((await purge()).failedUploads).toBe(0);
  });

  it('deletes videos deleted from History past their 30 days of restore, files and row, and keeps the others', async () => {
    const withVideo = async (fields: Partial<VideoTaskEntity>) => {
      const made = await task({ status: 'completed', finishedAt: daysAgo(60), ...fields });
      const names = [`${made.id}.mp4`, `${made.id}.jpg`];
      for (const name of names) {
        const path = join(work, name);
        writeFileSync(path, `video ${name}`);
        await t.app.get<ObjectStorage>(OBJECT_STORAGE).putFile(`videos/${name}`, path, { move: true });
      }
      await rows(VideoTaskEntity).update({ id: made.id }, { resultPath: names[0], posterPath: names[1] });
      return { id: made.id, uploads: made.files, videos: names };
    };
    const videoStored = (name: string) => t.app.get<ObjectStorage>(OBJECT_STORAGE).exists(`videos/${name}`);
    const gone = await withVideo({ deletedAt: daysAgo(31) });
    const restorable = await withVideo({ deletedAt: daysAgo(29) });
    const live = await withVideo({});
    // The parent of an edit in the making stays until the edit is done.
    const parent = await withVideo({ deletedAt: daysAgo(31) });
    await task({ status: 'processing', kind: 'edit', parentTaskId: parent.id, finishedAt: null });

    expect((await purge()).deletedVideos).toBe(1);

    expect(await rows(VideoTaskEntity).findOneBy({ id: gone.id })).toBeNull();
    for (const name of gone.uploads) expect(await stored(name)).toBe(false);
    for (const name of gone.videos) expect(await videoStored(name)).toBe(false);
    for (const kept of [restorable, live, parent]) {
      expect(await rows(VideoTaskEntity).findOneBy({ id: kept.id })).not.toBeNull();
      for (const name of kept.uploads) expect(await stored(name)).toBe(true);
      for (const name of kept.videos) expect(await videoStored(name)).toBe(true);
    }
  });

  it('refuses to retry, in the admin console, a task failed longer ago than its pictures are kept', async () => {
    const old = await task({});
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tasks/${old.id}/retry`,
      headers: admin.auth,
      payload: {},
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ code: 'ADMIN_TASK_NOT_RETRYABLE' });
    expect((await rows(VideoTaskEntity).findOneByOrFail({ id: old.id })).status).toBe('failed');
  });

  it('deletes checkouts never paid past their period and keeps paid and recent ones', async () => {
    const abandoned = await checkout({});
    const expired = await checkout({ status: 'expired' });
    const recent = await checkout({ createdAt: daysAgo(29) });
    const paid = await checkout({ status: 'complete', fulfilledAt: daysAgo(39), creditsGranted: 100 });

    expect((await purge()).checkouts).toBe(2);

    const left = (await rows(CheckoutSessionEntity).findBy({ userId: user.user.id })).map((c) => c.id);
    expect(left.sort()).toEqual([recent, paid].sort());
    expect(left).not.toContain(abandoned);
    expect(left).not.toContain(expired);
  });
});
