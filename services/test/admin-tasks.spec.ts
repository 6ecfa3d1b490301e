import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { VideoProviders } from '../src/video/providers/video-providers';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

/** A datetime both databases take as text, `ms` ago. */
const ago = (ms: number) => new Date(Date.now() - ms).toISOString().replace('T', ' ').replace('Z', '');
const HOUR = 3_600_000;

describe.each(databaseKinds())('admin tasks: failed and stuck generations on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let v: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
        // The periodic sweep would pick up the stuck tasks this suite makes by hand.
        TASK_SWEEP_S: '3600',
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider()]) }],
    );
    admin = await devSignIn(t.app, 'admin@example.com');
    v = videoClient(t, admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.get(DataSource);
  const api = (method: 'GET' | 'POST', url: string, user?: SignedIn, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: user?.auth, ...(payload !== undefined && { payload }) });
  const audit = (taskId: string): Promise<{ action: string; actor_id: string; reason: string | null }[]> =>
    db().query('SELECT action, actor_id, reason FROM audit_log WHERE target_id = ? ORDER BY created_at', [taskId]);
  const listed = async (status: string) =>
    (await api('GET', `/api/admin/tasks?status=${status}&page_size=100`, admin)).json().data.items as {
      id: string;
      [key: string]: unknown;
    }[];

  /** A task a worker took and then lost track of an hour ago: charged, unfinished, untouched since. */
  async function stuckTask(user: SignedIn, prompt: string): Promise<string> {
    const id = randomUUID();
    await db().getRepository(VideoTaskEntity).insert({
      id,
      userId: user.user.id,
      model: 'veo3',
      prompt,
      status: 'processing',
      cost: 10,
      provider: 'kie',
    });
    const charged = await api('POST', '/api/credits/deduct', admin, {
      userId: user.user.id,
      amount: 10,
      reason: 'video charge',
      sourceId: id,
    });
    expect(charged.statusCode).toBe(200);
    await db().query('UPDATE video_tasks SET created_at = ?, updated_at = ? WHERE id = ?', [ago(HOUR), ago(HOUR), id]);
    return id;
  }

  async function failedTask(user: SignedIn): Promise<string> {
    const res = await v.generate({ prompt: 'a cat [fail]', model: 'veo3' }, user);
    expect(res.statusCode).toBe(200);
    const id = res.json().data.taskId as string;
    await v.waitFor(user, id, ['failed']);
    return id;
  }

  it('refuses anyone but an admin', async () => {
    const user = await v.userWith('tasks-nosy@example.com', 0);
    expect((await api('GET', '/api/admin/tasks')).statusCode).toBe(401);
    expect((await api('GET', '/api/admin/tasks', user)).statusCode).toBe(403);
    expect((await api('POST', `/api/admin/tasks/${randomUUID()}/refund`, user, { reason: 'please' })).statusCode).toBe(
      403,
    );
    expect((await api('POST', `/api/admin/tasks/${randomUUID()}/retry`, user, {})).statusCode).toBe(403);
    expect((await api('GET', '/api/admin/tasks?status=lost', admin)).statusCode).toBe(400);
  });

  it("lists failed tasks with the provider's reason and whether they were refunded; a refunded one cannot be refunded again", async () => {
    const user = await v.userWith('tasks-failed@example.com', 100);
    const id = await failedTask(user);
    expect(await v.balance(user)).toBe(100);

    expect((await listed('failed')).find((task) => task.id === id)).toMatchObject({
      user_id: user.user.id,
      user_email: 'tasks-failed@example.com',
      model: 'veo3',
      status: 'failed',
      prompt: 'a cat [fail]',
      error_code: 'generation_failed',
      error_detail: expect.stringContaining('The provider gave up'),
      refunded: true,
      stuck: false,
    });
    expect((await listed('stuck')).map((task) => task.id)).not.toContain(id);

    const again = await api('POST', `/api/admin/tasks/${id}/refund`, admin, { reason: 'Asked by the user' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'ADMIN_TASK_NOT_REFUNDABLE' });
    expect(await v.refunds(id)).toBe(1);
    expect(await v.balance(user)).toBe(100);
    expect(await audit(id)).toEqual([]);
  });

  it('a finished video is neither refunded nor retried; an unknown task is a 404; a refund needs a reason', async () => {
    const user = await v.userWith('tasks-done@example.com', 100);
    const res = await v.generate({ prompt: 'a dog', model: 'veo3' }, user);
    const id = res.json().data.taskId as string;
    await v.waitFor(user, id, ['completed']);
    const balance = await v.balance(user);

    const refund = await api('POST', `/api/admin/tasks/${id}/refund`, admin, { reason: 'Did not like it' });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().code).toBe('ADMIN_TASK_NOT_REFUNDABLE');
    const retry = await api('POST', `/api/admin/tasks/${id}/retry`, admin, {});
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('ADMIN_TASK_NOT_RETRYABLE');
    expect((await api('POST', `/api/admin/tasks/${randomUUID()}/refund`, admin, { reason: 'gone' })).json().code).toBe(
      'ADMIN_TASK_NOT_FOUND',
    );
    expect((await api('POST', `/api/admin/tasks/${id}/refund`, admin, {})).statusCode).toBe(400);
    expect(await v.balance(user)).toBe(balance);
    expect(await v.refunds(id)).toBe(0);
    expect(await audit(id)).toEqual([]);
  });

  it('a stuck task is listed, refunded once however many admins click at once, with one audit row', async () => {
    const user = await v.userWith('tasks-stuck@example.com', 100);
    const id = await stuckTask(user, 'a stuck cat [fail]');
    expect(await v.balance(user)).toBe(90);
    expect((await listed('stuck')).find((task) => task.id === id)).toMatchObject({
      status: 'processing',
      stuck: true,
      refunded: false,
    });
    expect((await listed('failed')).map((task) => task.id)).not.toContain(id);

    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        api('POST', `/api/admin/tasks/${id}/refund`, admin, { reason: 'Stuck for an hour' }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const ok = replies.find((r) => r.statusCode === 200)!;
    expect(ok.json().data).toMatchObject({ credits_refunded: 10, task: { id, refunded: true } });
    expect(await v.balance(user)).toBe(100);
    expect(await v.refunds(id)).toBe(1);
    expect(await audit(id)).toEqual([{ action: 'task.refund', actor_id: admin.user.id, reason: 'Stuck for an hour' }]);
    // The audit log names the task's owner (issue 32).
    const logged = (await api('GET', `/api/admin/audit?target_id=${id}`, admin)).json().data.items;
    expect(logged).toMatchObject([{ target_type: 'task', target_id: id, target_email: 'tasks-stuck@example.com' }]);
  });

  it("a refunded stuck task retried and failing again is not refunded twice (the worker's own key)", async () => {
    const user = await v.userWith('tasks-retry-refunded@example.com', 100);
    const id = await stuckTask(user, 'a retried cat [fail]');
    expect((await api('POST', `/api/admin/tasks/${id}/refund`, admin, { reason: 'Stuck' })).statusCode).toBe(200);

    const retry = await api('POST', `/api/admin/tasks/${id}/retry`, admin, { reason: 'Provider is back' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.task).toMatchObject({
      id,
      status: 'pending',
      error_code: null,
      stuck: false,
      refunded: true,
    });
    await v.waitFor(user, id, ['failed']);
    expect(await v.refunds(id)).toBe(1);
    expect(await v.balance(user)).toBe(100);
    expect((await audit(id)).map((a) => a.action)).toEqual(['task.refund', 'task.retry']);
  });

  it('an unrefunded stuck task retried keeps its charge: failing again refunds it once', async () => {
    const user = await v.userWith('tasks-retry-charged@example.com', 100);
    const id = await stuckTask(user, 'another stuck cat [fail]');
    expect(await v.balance(user)).toBe(90);

    const retry = await api('POST', `/api/admin/tasks/${id}/retry`, admin, {});
    expect(retry.statusCode).toBe(200);
    expect(await v.balance(user)).toBe(90);
    await v.waitFor(user, id, ['failed']);
    expect(await v.refunds(id)).toBe(1);
    expect(await v.balance(user)).toBe(100);
    expect(await audit(id)).toEqual([{ action: 'task.retry', actor_id: admin.user.id, reason: null }]);
  });

  it('a failed task retried (once, however many admins click) runs again, free, and a second failure refunds nothing more', async () => {
    const user = await v.userWith('tasks-retry-failed@example.com', 100);
    const id = await failedTask(user);
    const retries = await Promise.all(
      Array.from({ length: 3 }, () => api('POST', `/api/admin/tasks/${id}/retry`, admin, { reason: 'Try once more' })),
    );
    expect(retries.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const ledger = await v.ledger(user);
    await v.waitFor(user, id, ['failed']);
    expect(await v.ledger(user)).toEqual(ledger);
    expect(await v.refunds(id)).toBe(1);
    expect(await v.balance(user)).toBe(100);
    expect(await audit(id)).toEqual([{ action: 'task.retry', actor_id: admin.user.id, reason: 'Try once more' }]);
  });

  it('a task still running normally is not retried', async () => {
    const user = await v.userWith('tasks-running@example.com', 100);
    const res = await v.generate({ prompt: 'a slow cat [hang]', model: 'veo3' }, user);
    const id = res.json().data.taskId as string;
    const retry = await api('POST', `/api/admin/tasks/${id}/retry`, admin, {});
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('ADMIN_TASK_NOT_RETRYABLE');
    expect(await audit(id)).toEqual([]);
  });
});
