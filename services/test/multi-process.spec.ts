import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { startFakeKie, type FakeKie } from './providers/fake-kie';
import { startFakeS3, type FakeS3 } from './support/fake-s3';
import { buildServices, runServicesScript, startServiceProcess, type ServiceProcess } from './support/service-process';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { dropRedisPrefix, testRedisPrefix } from './support/test-redis';
import { call } from './support/http-call';
import { freePort } from './support/video-client';

/**
 * The scale-out shape on one machine: two ROLE=api and two ROLE=worker processes from
 * services/dist on one fresh MySQL database, one Redis prefix and one S3 bucket (s3rver), with a
 * fake kie.ai that finishes each video 1.5 s after it is submitted (as bench:video does: the local
 * renderer's real ffmpeg encodes would take minutes for 100 videos on this machine).
 */
const mysqlUrl = process.env.TEST_MYSQL_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const describeScale = mysqlUrl && redisUrl ? describe : describe.skip;
if (!mysqlUrl || !redisUrl) {
  console.log('multi-process suite skipped: it needs TEST_MYSQL_URL and TEST_REDIS_URL (MySQL and Redis are shared)');
}

jest.setTimeout(240_000);

const USERS = 10;
const TASKS_PER_USER = 10;
const COST = 40;
/** Each user can pay for their tasks and keeps this much. */
const LEFT = 40;
const KILL_AFTER_COMPLETED = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` over `items` with at most `concurrency` calls in flight. */
async function pool<T>(items: T[], concurrency: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await fn(items[index]!, index);
      }
    }),
  );
}

describeScale('two API and two worker processes on one MySQL, Redis and S3', () => {
  let db: TestDatabase;
  let sql: Connection;
  let s3: FakeS3;
  let kie: FakeKie;
  const prefix = testRedisPrefix('multi');
  const dataDirs: string[] = [];
  const processes: ServiceProcess[] = [];
  let api1: ServiceProcess;
  let api2: ServiceProcess;
  let worker1: ServiceProcess;
  let worker2: ServiceProcess;
  let admin: string;

  beforeAll(async () => {
    buildServices();
    [db, s3, kie] = await Promise.all([createTestDatabase('mysql'), startFakeS3(), startFakeKie()]);
    kie.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' }, doneAfterMs: 1_500 };
    sql = await createConnection({ uri: db.env.DATABASE_URL! });
    const [p1, p2, p3, p4] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // One secret for all: a token signed by one API process is checked by the other.
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEV_LOGIN: 'true',
      SITE_URL: `http://127.0.0.1:${p1}`,
      ADMIN_EMAILS: 'admin@example.com',
      ...db.env,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      ...s3.env,
      VIDEO_PROVIDER: 'kie',
      KIE_API_KEY: kie.apiKey,
      KIE_BASE_URL: kie.baseUrl,
      VIDEO_POLL_INTERVAL_MS: '100',
      TASK_SWEEP_S: '2',
      SIGNIN_RATE_LIMIT: '100000',
      GENERATE_RATE_LIMIT: '100000',
      // Each user starts TASKS_PER_USER videos at once: the per-user limit would refuse most of them.
      VIDEO_MAX_ACTIVE_PER_USER: '100',
      MIGRATE_ON_BOOT: 'false',
    };
    const dataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'veo3-proc-'));
      dataDirs.push(dir);
      return dir;
    };
    // The one-shot migration job, then the fleet (as docker-compose and Kubernetes run them).
    runServicesScript('migrate.js', { ...env, DATA_DIR: dataDir() });
    api1 = startServiceProcess('api-1', 'main.js', p1, { ...env, ROLE: 'api', DATA_DIR: dataDir() });
    api2 = startServiceProcess('api-2', 'main.js', p2, { ...env, ROLE: 'api', DATA_DIR: dataDir() });
    worker1 = startServiceProcess('worker-1', 'worker.js', p3, { ...env, DATA_DIR: dataDir() });
    worker2 = startServiceProcess('worker-2', 'main.js', p4, { ...env, ROLE: 'worker', DATA_DIR: dataDir() });
    processes.push(api1, api2, worker1, worker2);
    await Promise.all(processes.map((p) => p.ready()));
    admin = (await call(api1.baseUrl, 'POST', '/api/auth/dev', { json: { email: 'admin@example.com' } })).body.token;
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await sql?.end();
    await Promise.all([db?.drop(), s3?.close(), kie?.close(), dropRedisPrefix(redisUrl!, prefix)]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Shows the processes' output when a check fails, since the failure is usually in there. */
  async function explained(check: () => Promise<void>): Promise<void> {
    try {
      await check();
    } catch (error) {
      for (const p of processes) console.log(`---- ${p.name} ----\n${p.output().slice(-4000)}`);
      throw error;
    }
  }

  async function signIn(api: ServiceProcess, email: string) {
    const res = await call(api.baseUrl, 'POST', '/api/auth/dev', { json: { email } });
    expect(res.status).toBe(200);
    return res.body as { token: string; user: { id: string } };
  }

  async function grant(api: ServiceProcess, userId: string, amount: number) {
    const res = await call(api.baseUrl, 'POST', '/api/credits/add', {
      token: admin,
      json: { userId, amount, reason: 'test credits', sourceId: `seed-${userId}` },
    });
    expect(res.status).toBe(200);
  }

  async function count(query: string, params: unknown[] = []): Promise<number> {
    const [rows] = await sql.query(query, params);
    return Number((rows as { n: number }[])[0]!.n);
  }

  it('runs each role as asked: the API on the API processes, /api/health alone on the workers', async () => {
    for (const p of processes) {
      const health = await call(p.baseUrl, 'GET', '/api/health');
      expect([p.name, health.status, Object.keys(health.body).sort()]).toEqual([p.name, 200, ['status', 'video']]);
    }
    for (const worker of [worker1, worker2]) {
      const balance = await call(worker.baseUrl, 'GET', '/api/credits/balance', { token: admin });
      expect(balance.status).toBe(404);
      expect(balance.body).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' });
    }
    expect((await call(api1.baseUrl, 'GET', '/pricing')).status).toBe(404);
    expect((await call(api2.baseUrl, 'GET', '/api/credits/balance', { token: admin })).status).toBe(200);
  });

  it('serves a user signed in through API 1 from API 2: balance and history', async () => {
    const user = await signIn(api1, 'traveller@example.com');
    await grant(api1, user.user.id, 120);
    const balance = await call(api2.baseUrl, 'GET', '/api/credits/balance', { token: user.token });
    expect(balance.status).toBe(200);
    expect(balance.body.data.total_credits).toBe(120);

    const made = await call(api1.baseUrl, 'POST', '/api/video/generate', {
      token: user.token,
      form: { prompt: 'a paper boat crossing a puddle', model: 'veo3' },
    });
    expect(made.status).toBe(200);
    const history = await call(api2.baseUrl, 'GET', '/api/video/history', { token: user.token });
    expect(history.status).toBe(200);
    const seen = [...history.body.data.in_progress, ...history.body.data.items].map((t: { id: string }) => t.id);
    expect(seen).toContain(made.body.data.taskId);
    expect(
      (await call(api2.baseUrl, 'GET', '/api/credits/balance', { token: user.token })).body.data.total_credits,
    ).toBe(80);
  });

  it('finishes 100 generations across both workers once each, charged once, and loses none when a worker is killed', async () => {
    await explained(async () => {
      const apis = [api1, api2];
      const users = [];
      for (let i = 0; i < USERS; i++) {
        const user = await signIn(apis[i % 2]!, `maker${i}@example.com`);
        await grant(apis[(i + 1) % 2]!, user.user.id, TASKS_PER_USER * COST + LEFT);
        users.push(user);
      }
      const jobs = users.flatMap((user, u) =>
        Array.from({ length: TASKS_PER_USER }, (_, n) => ({ user, prompt: `lantern ${u}-${n} drifting at dusk` })),
      );
      const taskIds: string[] = [];
      const owners = new Map<string, string>();
      const started = Date.now();
      await pool(jobs, 10, async (job, index) => {
        const res = await call(apis[index % 2]!.baseUrl, 'POST', '/api/video/generate', {
          token: job.user.token,
          form: { prompt: job.prompt, model: 'veo3' },
        });
        expect(res.status).toBe(200);
        taskIds.push(res.body.data.taskId);
        owners.set(res.body.data.taskId, job.user.token);
      });
      expect(taskIds).toHaveLength(USERS * TASKS_PER_USER);
      const placeholders = taskIds.map(() => '?').join(',');
      const completed = () =>
        count(`SELECT COUNT(*) AS n FROM video_tasks WHERE status = 'completed' AND id IN (${placeholders})`, taskIds);

      // Half-way, worker 1 dies without a word (no shutdown hook, its leases still held).
      const killDeadline = Date.now() + 60_000;
      while ((await completed()) < KILL_AFTER_COMPLETED) {
        expect(Date.now()).toBeLessThan(killDeadline);
        await sleep(100);
      }
      const [identities] = await sql.query('SELECT id, pid FROM workers');
      const workerOf = new Map(
        (identities as { id: string; pid: number }[]).map((row) => [
          row.id,
          row.pid === worker1.child.pid ? 'worker-1' : row.pid === worker2.child.pid ? 'worker-2' : `pid ${row.pid}`,
        ]),
      );
      const worker1Id = [...workerOf].find(([, name]) => name === 'worker-1')![0];
      await worker1.kill();
      const heldAtKill = await count('SELECT COUNT(*) AS n FROM video_tasks WHERE locked_by = ?', [worker1Id]);
      const [beforeKill] = await sql.query(
        `SELECT finished_by AS worker, COUNT(*) AS n FROM video_tasks WHERE status = 'completed' GROUP BY finished_by`,
      );
      const killedAt = Date.now();

      const doneDeadline = Date.now() + 90_000;
      while ((await completed()) < taskIds.length) {
        const failed = await count(
          `SELECT COUNT(*) AS n FROM video_tasks WHERE status = 'failed' AND id IN (${placeholders})`,
          taskIds,
        );
        expect(failed).toBe(0);
        expect(Date.now()).toBeLessThan(doneDeadline);
        await sleep(200);
      }
      const finishedAt = Date.now();

      // Spread: both workers finished a fair share before the kill; worker 2 finished the rest.
      const [rows] = await sql.query(
        `SELECT finished_by AS worker, COUNT(*) AS n FROM video_tasks WHERE id IN (${placeholders}) GROUP BY finished_by`,
        taskIds,
      );
      const perWorker = Object.fromEntries(
        (rows as { worker: string; n: number }[]).map((r) => [workerOf.get(r.worker) ?? r.worker, Number(r.n)]),
      );
      const shareBeforeKill = Object.fromEntries(
        (beforeKill as { worker: string; n: number }[]).map((r) => [workerOf.get(r.worker) ?? r.worker, Number(r.n)]),
      );
      console.log(
        `100 generations: all submitted and ${KILL_AFTER_COMPLETED}+ done in ${((killedAt - started) / 1000).toFixed(1)} s ` +
          `(${JSON.stringify(shareBeforeKill)}); worker-1 killed holding ${heldAtKill} lease(s); ` +
          `the rest done ${((finishedAt - killedAt) / 1000).toFixed(1)} s later; finished per worker ${JSON.stringify(perWorker)}`,
      );
      expect(Object.keys(perWorker).sort()).toEqual(['worker-1', 'worker-2']);
      expect(shareBeforeKill['worker-1']).toBeGreaterThanOrEqual(KILL_AFTER_COMPLETED / 4);
      expect(shareBeforeKill['worker-2']).toBeGreaterThanOrEqual(KILL_AFTER_COMPLETED / 4);
      expect(perWorker['worker-1']! + perWorker['worker-2']!).toBe(taskIds.length);

      // Money: one debit per task, no refund, every balance equal to its ledger and to what was expected.
      expect(
        await count(
          `SELECT COUNT(*) AS n FROM credit_transactions WHERE amount = ? AND source_id IN (${placeholders})`,
          [-COST, ...taskIds],
        ),
      ).toBe(taskIds.length);
      expect(
        await count(
          `SELECT COUNT(*) AS n FROM (SELECT source_id FROM credit_transactions WHERE amount < 0 GROUP BY source_id HAVING COUNT(*) > 1) twice`,
        ),
      ).toBe(0);
      expect(
        await count(`SELECT COUNT(*) AS n FROM credit_transactions WHERE idempotency_key LIKE 'video:%:refund'`),
      ).toBe(0);
      expect(
        await count(
          `SELECT COUNT(*) AS n FROM users u WHERE u.credits <> (SELECT COALESCE(SUM(t.amount), 0) FROM credit_transactions t WHERE t.user_id = u.id)`,
        ),
      ).toBe(0);
      for (const [i, user] of users.entries()) {
        const balance = await call(apis[i % 2]!.baseUrl, 'GET', '/api/credits/balance', { token: user.token });
        expect(balance.body.data.total_credits).toBe(LEFT);
      }

      // Every task reads as completed through either API, and its video is in the bucket.
      await pool(taskIds, 10, async (taskId, index) => {
        const status = await call(apis[index % 2]!.baseUrl, 'GET', `/api/video/status/${taskId}`, {
          token: owners.get(taskId),
        });
        expect(status.body.data).toMatchObject({ status: 'completed', result_url: expect.any(String) });
      });
      for (const taskId of [taskIds[0]!, taskIds[taskIds.length - 1]!]) {
        const file = await call(api2.baseUrl, 'GET', `/api/video/file/${taskId}`, { token: owners.get(taskId) });
        expect(file.status).toBe(302);
        const location = file.headers.get('location')!;
        expect(location.startsWith(s3.endpoint)).toBe(true);
        const video = await fetch(location);
        expect(video.status).toBe(200);
        expect(Buffer.from(await video.arrayBuffer()).equals(kie.video)).toBe(true);
      }
    });
  });
});
