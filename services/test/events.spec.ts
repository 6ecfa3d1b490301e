import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { randomBytes, randomUUID } from 'node:crypto';
import { SessionEntity } from '../src/auth/session.entity';
import { SESSION_CACHE_TTL_MS } from '../src/auth/session-authenticator';
import { SessionRepository } from '../src/auth/session.repository';
import { SESSION_CHECK_MS } from '../src/events/event-streams.service';
import { ReadinessService } from '../src/health/readiness.service';
import { VideoProviders } from '../src/video/providers/video-providers';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many calls the repository gets from now on, whatever the method; stop() restores it. */
function countCalls(repository: object): { count: () => number; stop: () => void } {
  const names = Object.getOwnPropertyNames(Object.getPrototypeOf(repository)).filter((n) => n !== 'constructor');
  const spies = names.map((name) => jest.spyOn(repository as Record<string, () => unknown>, name));
  return {
    count: () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    stop: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

/** Opens streams from `address` (through the one trusted proxy) until one is refused or `attempts` run out. */
async function openUntilRefused(base: string, user: SignedIn, address: string, attempts: number) {
  for (let i = 0; i < attempts; i++) {
    const stream = await EventStreamClient.open(base, { ...user.auth, 'x-forwarded-for': address });
    if (stream.status !== 200) return { opened: i, refused: stream };
    await stream.waitFor(isReady);
    stream.close();
  }
  return { opened: attempts, refused: null };
}

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
    t = await createTestApp(kind, ENV, [
      { provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider()]) },
    ]);
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

  it('checks the sessions of all open streams in one lookup per pass, not one per token', async () => {
    const users: SignedIn[] = [];
    for (let i = 0; i < 24; i++) users.push(await client.userWith(`batch-${i}-${kind}@example.com`, 0));
    for (const user of users) await (await connect(user)).waitFor(isReady);
    const lookups = countCalls(t.app.get(SessionRepository, { strict: false }));
    try {
      // Longer than a session is cached for: every token is due for a check again in it.
      const windowMs = SESSION_CACHE_TTL_MS + SESSION_CHECK_MS;
      await sleep(windowMs);
      expect(lookups.count()).toBeGreaterThan(0);
      expect(lookups.count()).toBeLessThanOrEqual(windowMs / SESSION_CHECK_MS + 1);
    } finally {
      lookups.stop();
    }
    expect(open.every((stream) => !stream.isEnded)).toBe(true);
    // A revocation still ends its stream (and only its) at the next pass.
    const [revoked, ...others] = open.slice(-users.length);
    await t.app
      .get(DataSource)
      .getRepository(SessionEntity)
      .update({ userId: users[0]!.user.id }, { revokedAt: new Date() });
    await revoked!.ended;
    expect(others.every((stream) => !stream.isEnded)).toBe(true);
  });

  it('finds the live sessions among more ids than one query takes', async () => {
    const { user } = await client.userWith(`many-sessions-${kind}@example.com`, 0);
    const now = Date.now();
    // Every third live, then one expired, then one revoked.
    const rows = Array.from({ length: 1_200 }, (_, i) => ({
      id: randomUUID(),
      userId: user.id,
      expiresAt: new Date(now + (i % 3 === 1 ? -60_000 : 3_600_000)),
      revokedAt: i % 3 === 2 ? new Date(now) : null,
    }));
    const ids = rows.map((r) => r.id);
    const expected = ids.filter((_, i) => i % 3 === 0).sort();
    const sessions = t.app.get(DataSource).getRepository(SessionEntity);
    // Copies: on MySQL TypeORM's insert writes the generated columns it reads back into the objects, ids included.
    for (let i = 0; i < rows.length; i += 200) await sessions.insert(rows.slice(i, i + 200).map((r) => ({ ...r })));
    const live = await t.app.get(SessionRepository, { strict: false }).liveIds([...ids, randomUUID()], new Date(now));
    expect([...live].sort()).toEqual(expected);
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

describe.each(databaseKinds())('GET /api/video/events limits on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let client: ReturnType<typeof videoClient>;
  const held: EventStreamClient[] = [];
  const hold = async (user: SignedIn, address: string) => {
    const stream = await EventStreamClient.open(base, { ...user.auth, 'x-forwarded-for': address });
    held.push(stream);
    await stream.waitFor(isReady);
    return stream;
  };
  const expectRefused = async (stream: EventStreamClient | null, code: string) => {
    expect(stream?.status).toBe(429);
    expect(Number(stream!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(stream!.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(await stream!.body())).toEqual({ success: false, message: expect.any(String), code });
  };

  beforeAll(async () => {
    const limits = {
      TRUST_PROXY: '1',
      EVENTS_MAX_PER_ADDRESS: '3',
      EVENTS_OPEN_RATE_LIMIT: '4',
      EVENTS_MAX_PER_USER: '2',
    };
    t = await createTestApp(kind, { ...ENV, ...limits }, [
      { provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider()]) },
    ]);
    base = await listen(t);
    client = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
  });
  afterEach(() => {
    for (const stream of held.splice(0)) stream.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses one stream more than EVENTS_MAX_PER_ADDRESS from an address (as TRUST_PROXY names it), 429 with Retry-After', async () => {
    const users: SignedIn[] = [];
    for (let i = 0; i < 4; i++) users.push(await client.userWith(`crowd-${i}-${kind}@example.com`, 0));
    const first = [];
    for (const user of users.slice(0, 3)) first.push(await hold(user, '203.0.113.7'));
    const refused = await EventStreamClient.open(base, { ...users[3]!.auth, 'x-forwarded-for': '203.0.113.7' });
    await expectRefused(refused, 'EVENTS_TOO_MANY_FROM_ADDRESS');
    expect(refused.headers['retry-after']).toBe('30');
    // The streams already open go on; another address is not crowded.
    expect(first.map((s) => s.isEnded)).toEqual([false, false, false]);
    await hold(users[3]!, '203.0.113.8');

    // A stream that ends frees its place.
    first[0]!.close();
    await first[0]!.ended;
    for (let tries = 0; ; tries++) {
      const again = await EventStreamClient.open(base, { ...users[3]!.auth, 'x-forwarded-for': '203.0.113.7' });
      held.push(again);
      if (again.status === 200) break;
      expect(tries).toBeLessThan(20);
      await sleep(100);
    }
  });

  it("counts a user's stream ended to make room for their new one as gone from the address", async () => {
    const tabs = await client.userWith(`crowd-tabs-${kind}@example.com`, 0);
    const other = await client.userWith(`crowd-other-${kind}@example.com`, 0);
    const oldest = await hold(tabs, '203.0.113.9');
    await hold(tabs, '203.0.113.9');
    // EVENTS_MAX_PER_USER is 2: the third ends the oldest and takes its place.
    await hold(tabs, '203.0.113.9');
    await oldest.ended;
    expect(held.filter((s) => s.isEnded)).toEqual([oldest]);
    await hold(other, '203.0.113.9');
    const refused = await EventStreamClient.open(base, { ...other.auth, 'x-forwarded-for': '203.0.113.9' });
    await expectRefused(refused, 'EVENTS_TOO_MANY_FROM_ADDRESS');
  });

  it('refuses a user one open more than EVENTS_OPEN_RATE_LIMIT a minute, 429 with Retry-After; others open on', async () => {
    const busy = await client.userWith(`reopen-${kind}@example.com`, 0);
    const { opened, refused } = await openUntilRefused(base, busy, '198.51.100.1', 10);
    expect(opened).toBe(4);
    await expectRefused(refused, 'EVENTS_RATE_LIMITED');
    // From another address too: the limit is the user's.
    await expectRefused((await openUntilRefused(base, busy, '198.51.100.2', 1)).refused, 'EVENTS_RATE_LIMITED');
    const calm = await client.userWith(`calm-${kind}@example.com`, 0);
    await hold(calm, '198.51.100.1');
  });
});

(redisUrl ? describe : describe.skip)('GET /api/video/events through Redis', () => {
  let db: TestDatabase;
  let api: TestApp;
  let otherApi: TestApp;
  let worker: TestApp;
  let apiBase: string;
  let otherApiBase: string;
  const prefix = testRedisPrefix('events');

  beforeAll(async () => {
    db = await createTestDatabase(databaseKinds().at(-1)!);
    // One JWT secret, so both API processes accept the same sign-in.
    const shared = { JWT_SECRET: randomBytes(32).toString('hex'), EVENTS_OPEN_RATE_LIMIT: '3' };
    const env = { ...ENV, REDIS_URL: redisUrl!, REDIS_PREFIX: prefix, ...shared };
    const provider = [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider()]) }];
    api = await createTestApp(db, { ...env, ROLE: 'api' }, provider);
    otherApi = await createTestApp(db, { ...env, ROLE: 'api' }, provider);
    worker = await createTestApp(db, { ...env, ROLE: 'worker' }, provider);
    apiBase = await listen(api);
    otherApiBase = await listen(otherApi);
  });
  afterAll(async () => {
    await api?.close();
    await otherApi?.close();
    await worker?.close();
    await db?.drop();
    await dropRedisPrefix(redisUrl!, prefix);
  });

  it('brings a task finished by a worker process to an API process stream', async () => {
    const client = videoClient(api, await devSignIn(api.app, 'admin@example.com'));
    const user = await client.userWith('redis@example.com', 40);
    const stream = await EventStreamClient.open(apiBase, user.auth);
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

  it('shows on one API process a balance changed through another, though the first had read it a moment before', async () => {
    const admin = await devSignIn(api.app, 'admin@example.com');
    const user = await videoClient(api, admin).userWith('redis-balance@example.com', 40);
    const other = videoClient(otherApi, admin);
    expect(await other.balance(user)).toBe(40);
    const stream = await EventStreamClient.open(otherApiBase, user.auth);
    try {
      await stream.waitFor(isReady);
      const grant = await api.app.inject({
        method: 'POST',
        url: '/api/credits/add',
        headers: admin.auth,
        payload: { userId: user.user.id, amount: 30, reason: 'test credits', sourceId: 'redis-balance-top-up' },
      });
      expect(grant.statusCode).toBe(200);
      // The moment the other process hears of the change, its balance route answers with it.
      await stream.waitFor((m) => m.event === 'balance' && data(m).total_credits === 70);
      expect(await other.balance(user)).toBe(70);
    } finally {
      stream.close();
    }
  });

  it("counts a user's opens on every API process against one EVENTS_OPEN_RATE_LIMIT", async () => {
    const client = videoClient(api, await devSignIn(api.app, 'admin@example.com'));
    const user = await client.userWith('redis-reopen@example.com', 0);
    for (const base of [apiBase, otherApiBase, apiBase]) {
      const stream = await EventStreamClient.open(base, user.auth);
      await stream.waitFor(isReady);
      stream.close();
    }
    const refused = await EventStreamClient.open(otherApiBase, user.auth);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(await refused.body())).toMatchObject({ code: 'EVENTS_RATE_LIMITED' });
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
