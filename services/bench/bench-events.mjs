// @ts-check
// `npm run bench:events`: the task events stream (GET /api/video/events) on one API process.
//   1. N idle streams (BENCH_STREAMS, 2,000: 400 users × 5 tabs): server memory per stream.
//   2. 200 of them listening (40 users × 5 tabs) while each of the 40 users' videos completes, 5
//      rounds: the time from the worker's completion (the task row's finished_at, written by the
//      worker) to the `completed` event reaching each of the 200 streams; goal p99 under 200 ms.
//   3. A reconnect storm: every stream dropped and reopened at once with its Last-Event-ID while 40
//      videos finish: no `completed` lost, every stream `ready` again within 10 s.
// Run on the embedded default (SQLite, in-process queue and events), then with Redis
// (BENCH_REDIS_URL, else redis://127.0.0.1:6379; skipped when it does not answer): the worker in the
// same process then publishes through Redis pub/sub and the API side hears it from its subscription.
// Videos come from a local fake kie.ai that finishes each one 1 s after its submit and calls back;
// in each latency round the 40 users submit 50 ms apart (BENCH_SPACING_MS), so completions spread as
// in steady traffic; the storm's 40 are submitted at once. BENCH_STREAMS, BENCH_ONLY=embedded|redis.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiAt, freePort, pool, waitUp } from './bench-lib.mjs';
import { startFakeKie } from './fake-kie.mjs';
import { build, root } from '../../scripts/build-lib.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS || 2000);
const TABS = 5; // EVENTS_MAX_PER_USER's default
const LISTENING_USERS = 40; // × 5 tabs = 200 listening streams
const ROUNDS = 5;
const STORM_READY_MS = 10_000;
const P99_GOAL_MS = 200;
const SPACING_MS = Number(process.env.BENCH_SPACING_MS ?? 50);
const KB_GOAL = 20;

// BENCH_ONLY=embedded or redis runs one of the two.
const only = process.env.BENCH_ONLY;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const results = [];
const check = (ok, what) => {
  results.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

function rssKb(pid) {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(/** @type {RegExpExecArray} */ (match)[1]);
}

/** One stream as a browser tab holds it: every `completed` and `ready` with its arrival time. */
function openStream(port, token, lastEventId) {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) };
    const req = request({ host: '127.0.0.1', port, path: '/api/video/events', headers, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events: HTTP ${res.statusCode}`));
      /** @type {{ lastId: string | null, completed: Map<string, number>, readyAt: number | null, ended: boolean, destroy: () => void }} */
      const stream = { lastId: null, completed: new Map(), readyAt: null, ended: false, destroy: () => req.destroy() };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (id) stream.lastId = id;
          if (event === 'ready') stream.readyAt ??= Date.now();
          if (event === 'completed') {
            const task = JSON.parse(/** @type {RegExpExecArray} */ (/^data: (.*)$/m.exec(block))[1]);
            if (!stream.completed.has(task.id)) stream.completed.set(task.id, Date.now());
          }
        }
      });
      res.on('close', () => (stream.ended = true));
      res.on('error', () => (stream.ended = true));
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}

async function generate(base, token, prompt) {
  const form = new FormData();
  form.set('prompt', prompt);
  form.set('model', 'veo3');
  const res = await fetch(`${base}/api/video/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`generate: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()).data.taskId;
}

async function until(condition, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function scenario(name, extraEnv, kieBaseUrl) {
  console.log(`\n== ${name} ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-bench-events-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'services', 'dist', 'main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web'),
      SITE_URL: base,
      LOG_LEVEL: 'warn',
      DEV_LOGIN: 'true',
      SIGNIN_RATE_LIMIT: '100000',
      GENERATE_RATE_LIMIT: '100000',
      SIGNUP_BONUS_CREDITS: String(40 * (ROUNDS + 1)),
      VIDEO_PROVIDER: 'kie',
      KIE_API_KEY: 'bench',
      HOME: process.env.HOME ?? tmpdir(),
      TMPDIR: tmpdir(),
      KIE_BASE_URL: kieBaseUrl,
      SHUTDOWN_DRAIN_S: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const streams = [];
  try {
    await waitUp(`${base}/api/health`);
    const api = apiAt(base);
    const users = [];
    await pool(
      Array.from({ length: Math.ceil(STREAMS / TABS) }, (_, i) => i),
      // One at a time: on SQLite a sign-in's session save opens its own transaction, which can
      // collide with another sign-in's bonus grant on the one connection.
      1,
      async (i) => {
        users[i] = (await api('POST', '/api/auth/dev', undefined, { email: `bench-${i}@example.com` })).token;
      },
    );
    await sleep(1000);
    const before = rssKb(child.pid);
    const opened = Date.now();
    await pool(
      Array.from({ length: STREAMS }, (_, i) => i),
      100,
      async (i) => {
        streams[i] = await openStream(port, users[Math.floor(i / TABS)]);
      },
    );
    await until(() => streams.every((s) => s.readyAt), 60_000, 'every stream ready');
    await sleep(2000);
    const kbPerStream = (rssKb(child.pid) - before) / STREAMS;
    console.log(
      `${STREAMS} idle streams open in ${Date.now() - opened} ms; server RSS ${before} kB → ${rssKb(child.pid)} kB: ${kbPerStream.toFixed(1)} kB per stream`,
    );
    check(kbPerStream < KB_GOAL, `memory per stream under ${KB_GOAL} KB (${kbPerStream.toFixed(1)} KB)`);

    // 2. Latency: each listening user makes a video; every one of its 5 streams must hear it complete.
    const latencies = [];
    const listening = streams.slice(0, LISTENING_USERS * TABS);
    const sqlite = openDatabase(dataDir);
    for (let round = 0; round < ROUNDS; round++) {
      // One video after another, SPACING_MS apart: completions spread as in steady traffic, not all in one tick.
      const taskIds = await Promise.all(
        users.slice(0, LISTENING_USERS).map(async (token, u) => {
          await sleep(u * SPACING_MS);
          return generate(base, token, `bench round ${round} user ${u}`);
        }),
      );
      await until(
        () => listening.every((s, i) => s.completed.has(taskIds[Math.floor(i / TABS)])),
        60_000,
        `round ${round}: every listening stream hearing its task complete`,
      );
      const finished = finishedAt(sqlite, taskIds);
      listening.forEach((s, i) => {
        const taskId = taskIds[Math.floor(i / TABS)];
        latencies.push(s.completed.get(taskId) - finished.get(taskId));
      });
    }
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `completion → event on ${listening.length} streams, ${latencies.length} deliveries: p50 ${p50} ms, p99 ${p99} ms, max ${Math.max(...latencies)} ms`,
    );
    check(p99 < P99_GOAL_MS, `p99 completion → every stream under ${P99_GOAL_MS} ms (${p99} ms)`);

    // 3. Reconnect storm: tasks finishing while every stream is dropped and reopened at once.
    const stormTasks = await Promise.all(
      users.slice(0, LISTENING_USERS).map((token, u) => generate(base, token, `bench storm user ${u}`)),
    );
    const lastIds = streams.map((s) => s.lastId);
    for (const s of streams) s.destroy();
    await sleep(300);
    const stormAt = Date.now();
    const again = await Promise.all(streams.map((_s, i) => openStream(port, users[Math.floor(i / TABS)], lastIds[i])));
    streams.splice(0, streams.length, ...again);
    await until(() => again.every((s) => s.readyAt), 30_000, 'every reopened stream ready').catch((e) =>
      console.log(e.message),
    );
    const backMs = Math.max(...again.map((s) => (s.readyAt ?? Infinity) - stormAt));
    console.log(`reconnect storm: ${again.length} streams reopened, all ready after ${backMs} ms`);
    check(backMs < STORM_READY_MS, `every stream back within ${STORM_READY_MS / 1000} s (${backMs} ms)`);
    const hears = () =>
      again.slice(0, LISTENING_USERS * TABS).every((s, i) => s.completed.has(stormTasks[Math.floor(i / TABS)]));
    await until(hears, 60_000, 'the storm tasks').catch(() => undefined);
    const missing = again
      .slice(0, LISTENING_USERS * TABS)
      .filter((s, i) => !s.completed.has(stormTasks[Math.floor(i / TABS)])).length;
    check(missing === 0, `no completed event lost across the storm (${missing} of ${LISTENING_USERS * TABS} missing)`);
    sqlite.close();
  } finally {
    for (const s of streams) s.destroy();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function openDatabase(dataDir) {
  const Database = createRequire(join(root, 'services', 'package.json'))('better-sqlite3');
  return new Database(join(dataDir, 'veo3.sqlite'), { readonly: true, fileMustExist: true });
}

/** When the worker marked each task completed (its own clock, milliseconds). */
function finishedAt(db, taskIds) {
  const rows = db
    .prepare(`SELECT id, finished_at FROM video_tasks WHERE id IN (${taskIds.map(() => '?').join(',')})`)
    .all(...taskIds);
  return new Map(rows.map((r) => [r.id, Date.parse(`${String(r.finished_at).replace(' ', 'T')}Z`)]));
}

/** The job queue's keys under the run's prefix (pub/sub itself keeps none). */
async function dropPrefix(url, prefix) {
  const Redis = createRequire(join(root, 'services', 'package.json'))('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

async function redisAnswers(url) {
  const Redis = createRequire(join(root, 'services', 'package.json'))('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

await build({ parts: ['services'], onlyStale: true });
const kie = await startFakeKie('bench', { renderMs: 1000, videoBytes: 16 * 1024, callBackWhen: () => true });
try {
  if (only !== 'redis') await scenario('embedded (in-process events)', {}, kie.baseUrl);
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  const prefix = `veo3benchevents${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  if (only !== 'embedded' && (await redisAnswers(redisUrl))) {
    try {
      await scenario('through Redis pub/sub', { REDIS_URL: redisUrl, REDIS_PREFIX: prefix }, kie.baseUrl);
    } finally {
      await dropPrefix(redisUrl, prefix);
    }
  } else if (only !== 'embedded') {
    console.log(`\n(no Redis at ${redisUrl}: the Redis run is skipped)`);
  }
} finally {
  await kie.close();
}
process.exit(results.every(Boolean) ? 0 : 1);
