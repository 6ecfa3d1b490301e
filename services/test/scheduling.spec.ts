import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DatabaseLeaseStore } from '../src/scheduling/database-lease.store';
import type { LeaseStore } from '../src/scheduling/lease-store';
import { RedisLeaseStore } from '../src/scheduling/redis-lease.store';
import { RunOnceScheduler } from '../src/scheduling/run-once.scheduler';
import { WorkerEntity } from '../src/scheduling/worker.entity';
import { DEAD_AFTER_MS, WorkerIdentity } from '../src/scheduling/worker-identity';
import { VideoProviders } from '../src/video/providers/video-providers';
import { VideoWorker } from '../src/video/video-worker';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { dropRedisPrefix, testRedisPrefix } from './support/test-redis';
import { videoClient } from './support/video-client';

jest.setTimeout(30_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const redisUrl = process.env.TEST_REDIS_URL;
const stores = databaseKinds().flatMap((kind) => [
  [kind, 'database'] as const,
  ...(redisUrl ? [[kind, 'redis'] as const] : []),
]);

describe.each(stores)('run-once scheduling on %s with %s leases', (kind, leaseKind) => {
  let t: TestApp;
  const prefix = testRedisPrefix('sched');
  const opened: LeaseStore[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, [
      { provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider()]) },
    ]);
  });
  afterAll(async () => {
    for (const store of opened) await store.close();
    await t?.close();
    if (leaseKind === 'redis') await dropRedisPrefix(redisUrl!, prefix);
  });

  const newStore = (): LeaseStore => {
    const store =
      leaseKind === 'redis' ? new RedisLeaseStore(redisUrl!, prefix) : new DatabaseLeaseStore(t.app.get(DataSource));
    opened.push(store);
    return store;
  };
  /** One process's scheduler: its own identity and its own connection to the lease store. */
  const scheduler = () => new RunOnceScheduler(newStore(), { id: randomUUID() } as WorkerIdentity);

  it('gives a lease to one holder at a time, renews it for that holder, and lets another take it once expired', async () => {
    const [a, b] = [newStore(), newStore()];
    expect(await a.acquire('job-1', 'A', 400)).toBe(true);
    expect(await b.acquire('job-1', 'B', 400)).toBe(false);
    expect(await a.acquire('job-1', 'A', 400)).toBe(true);
    await sleep(500);
    expect(await b.acquire('job-1', 'B', 400)).toBe(true);
    expect(await a.acquire('job-1', 'A', 400)).toBe(false);
    // Released by someone who does not hold it: nothing changes; by its holder: free at once.
    await a.release('job-1', 'A');
    expect(await a.acquire('job-1', 'A', 400)).toBe(false);
    await b.release('job-1', 'B');
    expect(await a.acquire('job-1', 'A', 60_000)).toBe(true);
  });

  it('lets exactly one of many racing processes take a free lease', async () => {
    const racers = Array.from({ length: 8 }, (_, i) => ({ store: newStore(), id: `P${i}` }));
    const won = await Promise.all(racers.map((r) => r.store.acquire('job-race', r.id, 60_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('runs a periodic job in one process per tick, and in another once the first stops', async () => {
    const runs: string[] = [];
    const schedulers = [scheduler(), scheduler(), scheduler()];
    schedulers.forEach((s, i) => s.every('job-periodic', 100, async () => void runs.push(`p${i}`)));
    await sleep(1_000);
    const [leader] = runs;
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeLessThanOrEqual(11);
    expect(new Set(runs)).toEqual(new Set([leader]));

    await schedulers[Number(leader!.slice(1))]!.stop();
    runs.length = 0;
    await sleep(600);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(runs).size).toBe(1);
    expect(runs[0]).not.toBe(leader);
    for (const s of schedulers) await s.stop();
  });

  it('takes over from a holder that died without handing its lease back, once the lease runs out', async () => {
    const dead = newStore();
    expect(await dead.acquire('job-orphan', 'dead-process', 300)).toBe(true);
    const survivor = scheduler();
    let ran = 0;
    expect(await survivor.runIfLeader('job-orphan', 100, async () => void ran++)).toBe(false);
    await sleep(400);
    expect(await survivor.runIfLeader('job-orphan', 100, async () => void ran++)).toBe(true);
    expect(ran).toBe(1);
  });
});

describe.each(databaseKinds())('worker identity and task leases on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: 'admin@example.com', VIDEO_POLL_INTERVAL_MS: '20' }, [
      { provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider()]) },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const workers = () => t.app.get(DataSource).getRepository(WorkerEntity);
  const tasks = () => t.app.get(DataSource).getRepository(VideoTaskEntity);

  it('registers this process under a random id with a heartbeat, not hostname and pid', async () => {
    const identity = t.app.get(WorkerIdentity);
    expect(identity.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const row = await workers().findOneByOrFail({ id: identity.id });
    expect(row.pid).toBe(process.pid);
    expect(Date.now() - row.heartbeatAt.getTime()).toBeLessThan(10_000);
  });

  it('frees the leases of workers whose heartbeat stopped, and keeps those of live ones, whatever their host or pid', async () => {
    const admin = await devSignIn(t.app, 'admin@example.com');
    const client = videoClient(t, admin);
    const user = await client.userWith('leases@example.com', 80);
    const ids: string[] = [];
    for (const prompt of ['held by the dead [hang]', 'held by the living [hang]']) {
      ids.push((await client.generate({ prompt, model: 'veo3' }, user)).json().data.taskId);
    }
    for (const id of ids) await client.waitFor(user, id, ['processing']);
    const now = Date.now();
    const deadWorker = randomUUID();
    const liveWorker = randomUUID();
    // Same hostname and pid as this process: neither says anything about whether a worker lives.
    await workers().insert([
      {
        id: deadWorker,
        hostname: 'pod-a',
        pid: 1,
        startedAt: new Date(now - 3600_000),
        heartbeatAt: new Date(now - DEAD_AFTER_MS - 1000),
      },
      { id: liveWorker, hostname: 'pod-a', pid: 1, startedAt: new Date(now - 3600_000), heartbeatAt: new Date(now) },
    ]);
    const until = new Date(now + 60_000);
    await tasks().update({ id: ids[0]! }, { lockedBy: deadWorker, lockedUntil: until });
    await tasks().update({ id: ids[1]! }, { lockedBy: liveWorker, lockedUntil: until });

    expect(await t.app.get(VideoWorker).releaseLeasesOfDeadWorkers()).toBe(1);
    expect((await tasks().findOneByOrFail({ id: ids[0]! })).lockedBy).not.toBe(deadWorker);
    expect((await tasks().findOneByOrFail({ id: ids[1]! })).lockedBy).toBe(liveWorker);
    await tasks().update({ id: ids[1]! }, { lockedBy: null, lockedUntil: null });
  });

  it('records which worker finished a task', async () => {
    const admin = await devSignIn(t.app, 'admin@example.com');
    const client = videoClient(t, admin);
    const user = await client.userWith('finished@example.com', 40);
    const { taskId } = (await client.generate({ prompt: 'a quiet harbour', model: 'veo3' }, user)).json().data;
    await client.waitFor(user, taskId, ['completed']);
    expect((await tasks().findOneByOrFail({ id: taskId })).finishedBy).toBe(t.app.get(WorkerIdentity).id);
  });
});
