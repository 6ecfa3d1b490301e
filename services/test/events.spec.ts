import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SessionEntity } from '../src/auth/session.entity';
import { ReadinessService } from '../src/health/readiness.service';
import { VIDEO_PROVIDER } from '../src/video/video.tokens';
import { EventStreamClient, type StreamMessage } from './support/event-stream-client';
import { FAKE_VIDEO, ScriptedProvider } from './support/scripted-provider';
import { buildServices, startServiceProcess, type ServiceProcess } from './support/service-process';
import { devSignIn, type SignedIn } from './support/sign-in';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { dropRedisPrefix, testRedisPrefix } from './support/test-redis';
import { freePort, videoClient } from './support/video-client';

jest.setTimeout(60_000);

const ENV = {
  ADMIN_EMAILS: 'admin@example.com',
  SIGNIN_RATE_LIMIT: '1000',
  GENERATE_RATE_LIMIT: '1000',
  VIDEO_POLL_INTERVAL_MS: '20',
};
const redisUrl = process.env.TEST_REDIS_URL;

const data = (m: StreamMessage) => JSON.parse(m.data ?? 'null') as Record<string, unknown>;
const isTask = (type: string, taskId: string) => (m: StreamMessage) => m.event === type && data(m).id === taskId;
const isReady = (m: StreamMessage) => m.event === 'ready';

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

describe.each(databaseKinds())('GET /api/video/events on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let client: ReturnType<typeof videoClient>;
  const open: EventStreamClient[] = [];
  const connect = async (user: SignedIn, headers: Record<string, string> = {}) => {
    const stream = await EventStreamClient.open(base, { ...user.auth, ...headers });
    open.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, ENV, [{ provide: VIDEO_PROVIDER, useValue: new ScriptedProvider() }]);
    base = await listen(t);
    client = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 in the API error shape without a session, before any stream byte', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const stream = await EventStreamClient.open(base, headers);
      expect(stream.status).toBe(401);
      expect(stream.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.parse(await stream.body())).toEqual({
        success: false,
        message: expect.any(String),
        code: expect.any(String),
      });
    }
  });

  it('sends the snapshot, then ready, then live progress, balance and a playable completed', async () => {
    const user = await client.userWith(`live-${kind}@example.com`, 200);
    const hanging = (await client.generate({ prompt: 'a cat [hang]', model: 'veo3' }, user)).json().data.taskId;
    const stream = await connect(user);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();

    await stream.waitFor(isReady);
    // What came up to ready: the hanging task's live progress may already follow it (CI saw one).
    const first = stream.events.slice(0, stream.events.findIndex(isReady) + 1);
    expect(first.map((m) => m.event)).toEqual(['progress', 'ready']);
    // The status reply's object (the worker may have moved the task on since).
    const status = (await client.status(user, hanging)).json().data;
    expect(Object.keys(data(first[0]!)).sort()).toEqual(Object.keys(status).sort());
    expect(data(first[0]!).id).toBe(hanging);

    const taskId = (await client.generate({ prompt: 'a dog', model: 'veo3' }, user)).json().data.taskId;
    const balance = await stream.waitFor((m) => m.event === 'balance');
    expect(data(balance)).toEqual({ total_credits: 120 });
    await stream.waitFor(isTask('progress', taskId));
    const completed = data(await stream.waitFor(isTask('completed', taskId)));
    expect(completed).toEqual({ ...(await client.status(user, taskId)).json().data, result_url: expect.any(String) });
    const video = await fetch(`${base}${completed.result_url as string}`);
    expect(video.status).toBe(200);
    expect(Buffer.from(await video.arrayBuffer())).toEqual(FAKE_VIDEO);

    // Ids increase along the stream.
    const ids = stream.events.map((m) => m.id!.split('-').map(Number));
    for (let i = 1; i < ids.length; i++) {
      const [ms, seq] = ids[i]!;
      const [prevMs, prevSeq] = ids[i - 1]!;
      expect(ms! > prevMs! || (ms === prevMs && seq! > prevSeq!)).toBe(true);
    }
  });

  it('resumes from Last-Event-ID with a task that finished while disconnected, and the balance', async () => {
    const user = await client.userWith(`resume-${kind}@example.com`, 100);
    const first = await connect(user);
    const lastId = (await first.waitFor(isReady)).id!;
    first.close();
    const taskId = (await client.generate({ prompt: 'a bird [fail]', model: 'veo3' }, user)).json().data.taskId;
    await client.waitFor(user, taskId, ['failed']);

    const again = await connect(user, { 'last-event-id': lastId });
    await again.waitFor(isReady);
    const failed = data(await again.waitFor(isTask('failed', taskId)));
    expect(failed).toEqual((await client.status(user, taskId)).json().data);
    expect(failed.error_code).toBe('generation_failed');
    expect(data(await again.waitFor((m) => m.event === 'balance'))).toEqual({ total_credits: 100 });
    expect(again.events.at(-1)!.event).toBe('ready');
  });

  it('ends the stream of a signed-out session within 5 s', async () => {
    const user = await client.userWith(`revoked-${kind}@example.com`, 0);
    const stream = await connect(user);
    await stream.waitFor(isReady);
    const signedOut = Date.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: user.auth });
    expect(res.statusCode).toBe(200);
    await stream.ended;
    expect(Date.now() - signedOut).toBeLessThan(5_000);
  });

  it('ends the stream within 5 s of a sign-out in another process (its session revoked in the database)', async () => {
    const user = await client.userWith(`revoked-elsewhere-${kind}@example.com`, 0);
    const stream = await connect(user);
    await stream.waitFor(isReady);
    // This process has the session cached: only the database says it is revoked.
    expect((await client.balance(user)) >= 0).toBe(true);
    const revoked = Date.now();
    await t.app
      .get(DataSource)
      .getRepository(SessionEntity)
      .update({ userId: user.user.id }, { revokedAt: new Date() });
    await stream.ended;
    expect(Date.now() - revoked).toBeLessThan(5_000);
  });

  it('ends the oldest stream when a user opens a sixth', async () => {
    const user = await client.userWith(`tabs-${kind}@example.com`, 0);
    const streams: EventStreamClient[] = [];
    for (let i = 0; i < 6; i++) {
      streams.push(await connect(user));
      await streams[i]!.waitFor(isReady);
    }
    await streams[0]!.ended;
    expect(streams.slice(1).map((s) => s.isEnded)).toEqual([false, false, false, false, false]);
  });

  it('ends every stream when the drain begins, and sends new ones elsewhere', async () => {
    const user = await client.userWith(`drain-${kind}@example.com`, 0);
    const stream = await connect(user);
    await stream.waitFor(isReady);
    const drained = Date.now();
    t.app.get(ReadinessService).beginDrain();
    await stream.ended;
    expect(Date.now() - drained).toBeLessThan(1_000);
    const refused = await connect(user);
    expect(refused.status).toBe(503);
    expect(JSON.parse(await refused.body())).toMatchObject({ success: false, code: 'EVENTS_DRAINING' });
  });
});

(redisUrl ? describe : describe.skip)('GET /api/video/events through Redis', () => {
  let db: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  const prefix = testRedisPrefix('events');

  beforeAll(async () => {
    db = await createTestDatabase(databaseKinds().at(-1)!);
    const env = { ...ENV, REDIS_URL: redisUrl!, REDIS_PREFIX: prefix };
    const provider = [{ provide: VIDEO_PROVIDER, useValue: new ScriptedProvider() }];
    api = await createTestApp(db, { ...env, ROLE: 'api' }, provider);
    worker = await createTestApp(db, { ...env, ROLE: 'worker' }, provider);
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
    await db?.drop();
    await dropRedisPrefix(redisUrl!, prefix);
  });

  it('brings a task finished by a worker process to an API process stream', async () => {
    const base = await listen(api);
    const client = videoClient(api, await devSignIn(api.app, 'admin@example.com'));
    const user = await client.userWith('redis@example.com', 40);
    const stream = await EventStreamClient.open(base, user.auth);
    try {
      await stream.waitFor(isReady);
      const taskId = (await client.generate({ prompt: 'a fox', model: 'veo3' }, user)).json().data.taskId;
      const completed = data(await stream.waitFor(isTask('completed', taskId)));
      expect(completed.result_url).toEqual(expect.any(String));
      // The debit's event (the seed grant's may come first: pub/sub delivers after the publish returns).
      await stream.waitFor((m) => m.event === 'balance' && data(m).total_credits === 0);
    } finally {
      stream.close();
    }
  });
});

describe('GET /api/video/events in a server process', () => {
  let dataDir: string;
  let server: ServiceProcess;

  beforeAll(async () => {
    buildServices();
    dataDir = mkdtempSync(join(tmpdir(), 'veo3-events-'));
    server = startServiceProcess('events', 'main.js', await freePort(), {
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      DEV_LOGIN: 'true',
      SHUTDOWN_DRAIN_S: '5',
    });
    await server.ready();
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends its streams at the start of the SIGTERM drain and never logs the token', async () => {
    const signIn = await fetch(`${server.baseUrl}/api/auth/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'process@example.com' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const stream = await EventStreamClient.open(server.baseUrl, { authorization: `Bearer ${token}` });
    await stream.waitFor(isReady);
    const stopped = Date.now();
    const exit = server.stop(20_000);
    await stream.ended;
    // Well inside the 5 s drain: the client reconnects to a ready process while this one drains.
    expect(Date.now() - stopped).toBeLessThan(2_000);
    await exit;
    expect(server.output()).toContain('SIGTERM received');
    expect(server.output()).not.toContain(token);
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes('"event stream"'));
    expect(JSON.parse(line!)).toMatchObject({ route: '/api/video/events', status: 200, reqId: expect.any(String) });
  });
});
