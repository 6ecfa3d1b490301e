import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { SchemaGate } from '../src/database/schema-gate';
import { ReadinessService } from '../src/health/readiness.service';
import { startFakeKie, type FakeKie } from './providers/fake-kie';
import { createFakeWebBuild } from './support/fake-web-build';
import { call } from './support/http-call';
import { buildServices, runServicesScript, startServiceProcess, type ServiceProcess } from './support/service-process';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database';
import { createTestApp } from './support/test-app';
import { freePort } from './support/video-client';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds())('probes by role on %s', (kind) => {
  it.each(['all', 'api', 'worker'] as const)(
    'ROLE=%s: live and ready answer 200; ready is 503 once draining',
    async (role) => {
      const t = await createTestApp(kind, { ROLE: role });
      try {
        const live = await t.app.inject({ url: '/api/health/live' });
        expect([live.statusCode, live.json()]).toEqual([200, { status: 'alive' }]);
        expect(live.headers['cache-control']).toBe('no-store');
        const ready = await t.app.inject({ url: '/api/health/ready' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toMatchObject({ status: 'ready', role, checks: expect.arrayContaining(['database']) });

        t.app.get(ReadinessService).beginDrain();
        const draining = await t.app.inject({ url: '/api/health/ready' });
        expect(draining.statusCode).toBe(503);
        expect(draining.json()).toEqual({ success: false, code: 'HEALTH_NOT_READY', message: 'Not ready: draining' });
        expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
  );

  it('ROLE=api is not ready while a migration this code needs is pending, and ready once it ran', async () => {
    const t = await createTestApp(kind, { ROLE: 'api', MIGRATE_ON_BOOT: 'false' });
    try {
      const pending = await t.app.inject({ url: '/api/health/ready' });
      expect([pending.statusCode, pending.json().message]).toEqual([503, 'Not ready: schema']);
      await t.app.get(DataSource).runMigrations();
      await t.app.get(SchemaGate).check();
      expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('ROLE=web is ready on its built files alone, never on the database', async () => {
    const unbuilt = await createTestApp(kind, { ROLE: 'web' });
    try {
      const ready = await unbuilt.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toBe('Not ready: static-files');
    } finally {
      await unbuilt.close();
    }
    const web = createFakeWebBuild();
    const built = await createTestApp(kind, { ROLE: 'web', WEB_DIR: web });
    try {
      const ready = await built.app.inject({ url: '/api/health/ready' });
      expect([ready.statusCode, ready.json().checks]).toEqual([200, ['draining', 'static-files']]);
    } finally {
      await built.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});

const mysqlUrl = process.env.TEST_MYSQL_URL;
const describeMysql = mysqlUrl ? describe : describe.skip;

/**
 * An API and a worker process reach MySQL through a TCP proxy inside the test, which cuts the
 * database off for a while: liveness stays 200 and nothing restarts; readiness follows the
 * database within 5 s both ways; generations queued before the cut finish once each.
 */
describeMysql('a database outage, API and worker processes on MySQL', () => {
  let db: TestDatabase;
  let sql: Connection;
  let proxy: TcpProxy;
  let kie: FakeKie;
  let api: ServiceProcess;
  let worker: ServiceProcess;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    buildServices();
    [db, kie] = await Promise.all([createTestDatabase('mysql'), startFakeKie()]);
    kie.scenario = { pollsBeforeDone: 0, outcome: { kind: 'video' }, doneAfterMs: 4_000 };
    sql = await createConnection({ uri: db.env.DATABASE_URL! });
    const direct = new URL(db.env.DATABASE_URL!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 3306) });
    const viaProxy = new URL(direct.toString());
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const [apiPort, workerPort] = await Promise.all([freePort(), freePort()]);
    const dataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'veo3-probe-'));
      dataDirs.push(dir);
      return dir;
    };
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEV_LOGIN: 'true',
      SITE_URL: `http://127.0.0.1:${apiPort}`,
      ADMIN_EMAILS: 'admin@example.com',
      DATABASE_URL: viaProxy.toString(),
      VIDEO_PROVIDER: 'kie',
      KIE_API_KEY: kie.apiKey,
      KIE_BASE_URL: kie.baseUrl,
      VIDEO_POLL_INTERVAL_MS: '200',
      TASK_SWEEP_S: '1',
      MIGRATE_ON_BOOT: 'false',
    };
    runServicesScript('migrate.js', { ...env, DATABASE_URL: db.env.DATABASE_URL!, DATA_DIR: dataDir() });
    api = startServiceProcess('api', 'main.js', apiPort, { ...env, ROLE: 'api', DATA_DIR: dataDir() });
    worker = startServiceProcess('worker', 'main.js', workerPort, { ...env, ROLE: 'worker', DATA_DIR: dataDir() });
    await Promise.all([api.ready(), worker.ready()]);
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await sql?.end();
    await proxy?.close();
    await Promise.all([db?.drop(), kie?.close()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Milliseconds until every process's probe at `path` answers `status` (fails past `withinMs`). */
  async function until(path: string, status: number, withinMs: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      const statuses = await Promise.all([api, worker].map(async (p) => (await call(p.baseUrl, 'GET', path)).status));
      if (statuses.every((s) => s === status)) return Date.now() - started;
      if (Date.now() - started > withinMs) throw new Error(`${path}: ${statuses.join(', ')} after ${withinMs} ms`);
      await sleep(100);
    }
  }

  it('keeps liveness, drops and regains readiness within 5 s, and finishes queued generations once', async () => {
    const admin = (await call(api.baseUrl, 'POST', '/api/auth/dev', { json: { email: 'admin@example.com' } })).body;
    const user = (await call(api.baseUrl, 'POST', '/api/auth/dev', { json: { email: 'outage@example.com' } })).body;
    const granted = await call(api.baseUrl, 'POST', '/api/credits/add', {
      token: admin.token,
      json: { userId: user.user.id, amount: 200, reason: 'test credits', sourceId: 'outage' },
    });
    expect(granted.status).toBe(200);
    const tasks: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await call(api.baseUrl, 'POST', '/api/video/generate', {
        token: user.token,
        form: { prompt: `a lighthouse in a storm, take ${i}`, model: 'veo3' },
      });
      expect(made.status).toBe(200);
      tasks.push(made.body.data.taskId);
    }

    await proxy.cut();
    const notReadyAfter = await until('/api/health/ready', 503, 5_000);
    for (let i = 0; i < 10; i++) {
      expect((await call(api.baseUrl, 'GET', '/api/health/live')).status).toBe(200);
      expect((await call(worker.baseUrl, 'GET', '/api/health/live')).status).toBe(200);
      await sleep(300);
    }
    expect([api.child.exitCode, worker.child.exitCode]).toEqual([null, null]);

    await proxy.restore();
    const readyAfter = await until('/api/health/ready', 200, 5_000);
    console.log(`database cut: not ready after ${notReadyAfter} ms; restored: ready after ${readyAfter} ms`);

    const deadline = Date.now() + 60_000;
    for (;;) {
      const [rows] = await sql.query('SELECT status FROM video_tasks WHERE id IN (?)', [tasks]);
      const statuses = (rows as { status: string }[]).map((r) => r.status);
      if (statuses.length === 3 && statuses.every((s) => s === 'completed' || s === 'failed')) {
        expect(statuses).toEqual(['completed', 'completed', 'completed']);
        break;
      }
      if (Date.now() > deadline) throw new Error(`tasks not finished: ${statuses.join(', ')}\n${worker.output()}`);
      await sleep(250);
    }
    const [ledger] = await sql.query('SELECT amount FROM credit_transactions WHERE user_id = ?', [user.user.id]);
    expect((ledger as { amount: number }[]).map((l) => l.amount).sort((a, b) => a - b)).toEqual([-40, -40, -40, 200]);
    const balance = await call(api.baseUrl, 'GET', '/api/credits/balance', { token: user.token });
    expect(balance.body.data.total_credits).toBe(80);
    expect(kie.params.size).toBe(3);
  });
});

describe('drain on SIGTERM', () => {
  it('turns not ready at once, keeps serving for SHUTDOWN_DRAIN_S, then exits 0', async () => {
    buildServices();
    const dataDir = mkdtempSync(join(tmpdir(), 'veo3-drain-'));
    const port = await freePort();
    const server = startServiceProcess('drain', 'main.js', port, {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_URL: `http://127.0.0.1:${port}`,
      SHUTDOWN_DRAIN_S: '2',
    });
    try {
      await server.ready();
      const { token } = (await call(server.baseUrl, 'POST', '/api/auth/dev', { json: { email: 'd@example.com' } }))
        .body;
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await sleep(200);
      expect((await call(server.baseUrl, 'GET', '/api/health/ready')).status).toBe(503);
      // Load balancers still sending during the drain are served.
      for (let i = 0; i < 5; i++) {
        const balance = await call(server.baseUrl, 'GET', '/api/credits/balance', { token });
        expect(balance.status).toBe(200);
        // Keep-alive clients are told to reconnect (to a ready process).
        expect(balance.headers.get('connection')).toBe('close');
        await sleep(200);
      }
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(2_000);
      expect(server.output()).toContain('SIGTERM received: not ready; draining for 2 s');
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
