import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { VideoProviders } from '../src/video/providers/video-providers';
import { ScriptedProvider } from './support/scripted-provider';
import { EventStreamClient } from './support/event-stream-client';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

jest.setTimeout(60_000);

const DAY_MS = 24 * 3600 * 1000;

describe.each(databaseKinds())('deleting and restoring videos on %s', (kind) => {
  let t: TestApp;
  let video: ReturnType<typeof videoClient>;
  let owner: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider(1)]) }],
    );
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
    owner = await video.userWith('owner@example.com', 4000);
    other = await video.userWith('other@example.com', 0);
  });
  afterAll(async () => {
    await t?.close();
  });

  const remove = (user: SignedIn | null, taskId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/video/tasks/${taskId}`, headers: user?.auth ?? {} });
  const restore = (user: SignedIn | null, taskId: string) =>
    t.app.inject({ method: 'POST', url: `/api/video/tasks/${taskId}/restore`, headers: user?.auth ?? {} });
  const history = async (user: SignedIn, limit = 50) =>
    (await t.app.inject({ method: 'GET', url: `/api/video/history?limit=${limit}`, headers: user.auth })).json().data;
  const historyIds = async (user: SignedIn) => (await history(user)).items.map((v: { id: string }) => v.id);
  const get = (url: string, user?: SignedIn) => t.app.inject({ method: 'GET', url, headers: user?.auth ?? {} });
  const deletedAt = async (taskId: string): Promise<unknown> =>
    (await t.app.get(DataSource).query('SELECT deleted_at FROM video_tasks WHERE id = ?', [taskId]))[0].deleted_at;

  /** A finished task of `user`: its status reply. */
  async function make(prompt: string, user = owner, files = {}, model = 'veo3') {
    const res = await video.generate({ prompt, model }, user, files);
    expect(res.statusCode).toBe(200);
    return video.waitFor(user, res.json().data.taskId, ['completed', 'failed']);
  }

  it('a deleted video is gone from status, history and every file link until it is restored', async () => {
    const kept = await make('a kept video');
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const image = { data: png, filename: 'first.png', type: 'image/png' };
    const task = await make('a video to delete', owner, { image, last_frame: image }, 'veo3-fast-frames');
    expect(task.status).toBe('completed');
    const links = [task.result_url, task.image_url, task.last_frame_url];
    for (const link of links) expect((await get(link)).statusCode).toBe(200);
    expect((await historyIds(owner)).sort()).toEqual([task.id, kept.id].sort());

    const deleted = await remove(owner, task.id);
    expect(deleted.statusCode).toBe(200);
    const { data } = deleted.json();
    expect(data.id).toBe(task.id);
    expect(Date.parse(data.restorable_until) - Date.parse(data.deleted_at)).toBe(30 * DAY_MS);
    expect(Math.abs(Date.parse(data.deleted_at) - Date.now())).toBeLessThan(60_000);

    const status = await video.status(owner, task.id);
    expect(status.statusCode).toBe(404);
    expect(status.json()).toMatchObject({ success: false, code: 'VIDEO_NOT_FOUND', message: 'Video not found' });
    expect(await history(owner)).toMatchObject({ items: [{ id: kept.id }], total: 1, pages: 1, in_progress: [] });
    // Signed links (without a session) and the owner's own unsigned ones: 404, never "link expired".
    for (const link of links) {
      const signed = await get(link);
      expect(signed.statusCode).toBe(404);
      expect(signed.json().message).toBe('Video not found');
      expect((await get(link.split('?')[0]!, owner)).statusCode).toBe(404);
    }
    expect((await get(`/api/video/poster/${task.id}`, owner)).statusCode).toBe(404);

    // Deleting again answers the same; nothing changes.
    const again = await remove(owner, task.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(data);

    const restored = await restore(owner, task.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ id: task.id, status: 'completed', prompt: 'a video to delete' });
    expect((await video.status(owner, task.id)).statusCode).toBe(200);
    expect(await history(owner)).toMatchObject({ total: 2, pages: 1 });
    expect((await historyIds(owner)).sort()).toEqual([task.id, kept.id].sort());
    for (const link of links) expect((await get(link)).statusCode).toBe(200);

    // Restoring a task that is not deleted changes nothing.
    const noop = await restore(owner, task.id);
    expect(noop.statusCode).toBe(200);
    expect(noop.json().data).toMatchObject({ id: task.id, status: 'completed' });
    expect(await deletedAt(task.id)).toBeNull();
  });

  it('history pages and counts leave deleted videos out', async () => {
    const user = await video.userWith('pages@example.com', 200);
    const made = [];
    for (const n of [1, 2, 3]) made.push(await make(`page video ${n}`, user));
    expect(await remove(user, made[1]!.id)).toMatchObject({ statusCode: 200 });
    const page = async (n: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/video/history?page=${n}&limit=1`, headers: user.auth })).json()
        .data;
    const [page1, page2] = [await page(1), await page(2)];
    expect(page1).toMatchObject({ total: 2, pages: 2 });
    expect(page2).toMatchObject({ total: 2, pages: 2 });
    expect([...page1.items, ...page2.items].map((v: { id: string }) => v.id).sort()).toEqual(
      [made[0]!.id, made[2]!.id].sort(),
    );
  });

  it('a failed task can be deleted; an unfinished one is refused with 409 and stays', async () => {
    const failed = await make('this one [fail]s');
    expect(failed.status).toBe('failed');
    expect((await remove(owner, failed.id)).statusCode).toBe(200);
    expect((await video.status(owner, failed.id)).statusCode).toBe(404);

    const res = await video.generate({ prompt: 'still going [hang]', model: 'veo3' }, owner);
    const taskId = res.json().data.taskId;
    await video.waitFor(owner, taskId, ['processing']);
    const refused = await remove(owner, taskId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'VIDEO_TASK_UNFINISHED',
      message: 'This video is still being made and cannot be deleted yet. Please try again once it is finished.',
    });
    expect((await history(owner)).in_progress.map((v: { id: string }) => v.id)).toContain(taskId);
    expect(await deletedAt(taskId)).toBeNull();
    // Restoring it is a no-op that answers the task.
    const noop = await restore(owner, taskId);
    expect(noop.statusCode).toBe(200);
    expect(noop.json().data).toMatchObject({ id: taskId, status: 'processing' });
  });

  it("another user's task, an unknown one and a visitor get nothing, and change nothing", async () => {
    const task = await make('mine alone');
    for (const res of [await remove(other, task.id), await restore(other, task.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'VIDEO_NOT_FOUND', message: 'Video not found' });
    }
    expect((await remove(owner, 'no-such-task')).statusCode).toBe(404);
    expect((await restore(owner, 'no-such-task')).statusCode).toBe(404);
    expect((await remove(null, task.id)).statusCode).toBe(401);
    expect((await restore(null, task.id)).statusCode).toBe(401);
    expect(await deletedAt(task.id)).toBeNull();

    // Deleted by its owner: still a plain 404 to the other user, and not theirs to restore.
    await remove(owner, task.id);
    expect((await restore(other, task.id)).statusCode).toBe(404);
    expect((await video.status(owner, task.id)).statusCode).toBe(404);
  });

  it('a task deleted longer ago than the restore window cannot be restored', async () => {
    const task = await make('long gone');
    await remove(owner, task.id);
    await t.app
      .get(DataSource)
      .getRepository(VideoTaskEntity)
      .update(task.id, { deletedAt: new Date(Date.now() - 31 * DAY_MS) });
    const res = await restore(owner, task.id);
    expect(res.statusCode).toBe(404);
    expect(await historyIds(owner)).not.toContain(task.id);
    // A delete of it still answers when it stopped being restorable.
    const again = (await remove(owner, task.id)).json().data;
    expect(Date.parse(again.restorable_until)).toBeLessThan(Date.now());
  });

  it("a restore tells the owner's other tabs with a completed event", async () => {
    const task = await make('seen from another tab');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.getHttpServer().address() as { port: number };
    const stream = await EventStreamClient.open(`http://127.0.0.1:${port}`, owner.auth);
    try {
      const ready = await stream.waitFor((m) => m.event === 'ready');
      const from = stream.messages.indexOf(ready) + 1;
      await remove(owner, task.id);
      await restore(owner, task.id);
      // The first event about this task (the hanging task of another test may send its own progress).
      const event = await stream.waitFor((m) => Boolean(m.data?.includes(task.id)), 10_000, from);
      expect(event.event).toBe('completed');
      expect(JSON.parse(event.data!)).toMatchObject({ id: task.id, status: 'completed' });
    } finally {
      stream.close();
    }
  });

  it('concurrent deletes agree, and a delete racing a restore leaves one consistent state', async () => {
    const task = await make('raced');
    const deletes = await Promise.all([1, 2, 3, 4].map(() => remove(owner, task.id)));
    expect(deletes.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(deletes.map((r) => r.json().data.deleted_at)).size).toBe(1);

    for (let round = 0; round < 8; round++) {
      const [del, res] = await Promise.all([remove(owner, task.id), restore(owner, task.id)]);
      expect(del.statusCode).toBe(200);
      expect(res.statusCode).toBe(200);
      const isDeleted = (await deletedAt(task.id)) !== null;
      expect((await video.status(owner, task.id)).statusCode).toBe(isDeleted ? 404 : 200);
      expect((await historyIds(owner)).includes(task.id)).toBe(!isDeleted);
      expect((await get(task.result_url)).statusCode).toBe(isDeleted ? 404 : 200);
    }
  });
});
