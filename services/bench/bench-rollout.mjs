// @ts-check
// `npm run bench:rollout`: a rolling restart of every process under load. Two ROLE=api processes and
// one ROLE=worker on MySQL and Redis, behind a small load balancer in this script that does what
// Kubernetes endpoints and a Service do (round-robin over the upstreams whose GET /api/health/ready
// answered 200 at the last check, checked every second; a request that fails is never retried).
// Steady load (balance and status reads) and a generation every ~300 ms run throughout:
//   phase 1: steady state, ~10 s;
//   phase 2: for api-1, api-2 and the worker in turn: its replacement starts on a new port, is ready
//            and joins the balancer; then the old one gets SIGTERM and must drain and exit 0;
//   phase 3: load stops, every task must finish; the database then says whether any task was lost
//            or doubled and whether the money adds up.
// Prints failed requests (goal 0), lost and doubled tasks (goal 0), p50/p99 steady against rollout,
// and each process's exit code. Exits non-zero when any request failed or any check fails.
//
// MySQL from BENCH_DATABASE_URL (else TEST_MYSQL_URL, else mysql://root@127.0.0.1:3306/test; a fresh
// database, dropped after), Redis from BENCH_REDIS_URL (else TEST_REDIS_URL, else
// redis://127.0.0.1:6379; its own key prefix, deleted after). Only loopback addresses.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { connect as netConnect, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createConnection } from 'mysql2/promise';
import { build, root } from '../../scripts/build-lib.mjs';
import { freePort, pool } from './bench-lib.mjs';
import { startFakeKie } from './fake-kie.mjs';

const USERS = 6;
const COST = 40; // veo3
const CREDITS = 200 * COST; // far more than a run spends: a missing or doubled debit shows in the ledger
const KIE_RENDER_MS = 1500;
const DRAIN_S = Number(process.env.BENCH_DRAIN_S ?? 3); // SHUTDOWN_DRAIN_S of every process
const CHECK_MS = 1000; // the balancer's readiness check period
// l7 (default): each request to the next ready upstream, as an ingress does. l4: each client
// connection to the next ready upstream for its whole life, as a Service's kube-proxy does.
const BALANCER = process.env.BENCH_BALANCER === 'l4' ? 'l4' : 'l7';
const WARMUP_S = 3; // load before the steady state is measured (fresh processes compile their hot paths)
const STEADY_S = Number(process.env.BENCH_STEADY_S ?? 10);
const CLIENTS = 8; // concurrent readers, each pausing THINK_MS between requests
const THINK_MS = 20;
const GENERATE_EVERY_MS = 300;
const REQUEST_TIMEOUT_MS = 15_000;
const EXIT_WAIT_MS = 30_000; // SIGTERM to exit: drain + in-flight bound + shutdown hooks, with room
const SETTLE_MS = 60_000; // phase 3: every task final within this
const TIME_LIMIT_MS = 170_000; // the whole bench

const mysqlUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const database = `veo3_bench_rollout_${runId}`;
const redisPrefix = `veo3benchrollout${runId}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const startedAt = Date.now();
const clock = () => `${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)} s`;
const log = (line) => console.log(`${clock()}  ${line}`);

for (const url of [mysqlUrl, redisUrl]) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) {
    console.error(`bench:rollout runs on loopback only; ${new URL(url).host} is not`);
    process.exit(2);
  }
}

// ---------------------------------------------------------------------------------------------
// Child processes: killed with the bench, whatever ends it.
// ---------------------------------------------------------------------------------------------
const children = new Set();
function killChildren() {
  for (const child of children) child.kill('SIGKILL');
}
process.once('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killChildren();
    process.exit(130);
  });
}

/**
 * @typedef {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable>
 *   & { label: string, exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }> }} BenchProcess
 */

function run(script, env, label) {
  const child = /** @type {BenchProcess} */ (
    spawn(process.execPath, [join(root, 'services', 'dist', script)], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  );
  children.add(child);
  child.label = label;
  child.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  let shown = 0;
  let skipStack = false;
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      for (const line of text.split('\n')) {
        // eslint-disable-next-line no-control-regex
        const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
        // A draining process's 503 on /api/health/ready is the point, not news (nor its stack).
        if (/Not ready: draining/.test(plain)) skipStack = true;
        else if (!/^\s+at /.test(plain)) skipStack = false;
        if (skipStack || !plain.trim() || /serving|not built|No built shell/i.test(plain) || shown >= 12) continue;
        shown++;
        log(`  [${label}] ${plain.slice(0, 300)}`);
      }
    });
  }
  return child;
}

/** GET `path` on 127.0.0.1:`port` on a connection of its own; resolves the status, or 0 when it fails. */
function probe(port, path, timeoutMs = 900) {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// The balancer: Kubernetes endpoints + a Service / ingress, in-process. Each upstream is checked
// every CHECK_MS on /api/health/ready; requests go round-robin to those that answered 200 at their
// last check, over keep-alive connections (as an ingress keeps them to its upstreams). A request
// whose upstream fails (refused, reset, no ready upstream) is answered 502 and counted, never retried.
// With BENCH_BALANCER=l4 it balances connections instead: a client's connection goes to the next
// ready upstream when it opens and stays there (an endpoint leaving rotation ends none of them).
// ---------------------------------------------------------------------------------------------
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

async function startBalancer() {
  const upstreams = [];
  const events = [];
  let next = 0;
  const server = createServer((req, res) => {
    const ready = upstreams.filter((u) => u.ready);
    if (!ready.length) {
      res.writeHead(502, { 'content-type': 'text/plain', 'x-bench-upstream': 'none' });
      res.end('balancer: no ready upstream');
      return;
    }
    const upstream = ready[next++ % ready.length];
    upstream.sent++;
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    const forwarded = httpRequest(
      { host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers, agent: upstream.agent },
      (reply) => {
        const replyHeaders = Object.fromEntries(
          Object.entries(reply.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
        );
        res.writeHead(reply.statusCode ?? 502, { ...replyHeaders, 'x-bench-upstream': upstream.name });
        reply.pipe(res);
        reply.on('aborted', () => res.destroy());
      },
    );
    forwarded.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { 'content-type': 'text/plain', 'x-bench-upstream': upstream.name });
      res.end(`balancer: ${upstream.name}: ${error.code ?? error.message}`);
    });
    req.pipe(forwarded);
  });
  server.keepAliveTimeout = 30_000;
  const tunnels = new Set();
  const l4 = createNetServer((client) => {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    const ready = upstreams.filter((u) => u.ready);
    if (!ready.length) return client.destroy();
    const upstream = ready[next++ % ready.length];
    upstream.sent++;
    const socket = netConnect(upstream.port, '127.0.0.1');
    client.pipe(socket);
    socket.pipe(client);
    client.on('error', () => socket.destroy());
    socket.on('error', () => client.destroy());
    client.on('close', () => socket.destroy());
    socket.on('close', () => client.destroy());
  });
  const listening = /** @type {import('node:net').Server} */ (BALANCER === 'l4' ? l4 : server);
  await /** @type {Promise<void>} */ (new Promise((resolve) => listening.listen(0, '127.0.0.1', resolve)));

  const check = async (upstream) => {
    const ready = (await probe(upstream.port, '/api/health/ready')) === 200;
    if (!upstreams.includes(upstream)) return;
    if (ready !== upstream.ready) events.push(`${clock()}  balancer: ${upstream.name} ${ready ? 'in' : 'out'}`);
    upstream.ready = ready;
  };
  const timer = setInterval(() => upstreams.forEach(check), CHECK_MS);

  return {
    port: /** @type {import('node:net').AddressInfo} */ (listening.address()).port,
    upstreams,
    events,
    /** A new endpoint: in rotation once its first check passes (done here at once, then every period). */
    async add(name, port) {
      const upstream = { name, port, ready: false, sent: 0, agent: new Agent({ keepAlive: true, maxSockets: 64 }) };
      upstreams.push(upstream);
      await check(upstream);
      return upstream;
    },
    /** The endpoint of a process that is gone. */
    remove(name) {
      const i = upstreams.findIndex((u) => u.name === name);
      if (i >= 0) upstreams.splice(i, 1)[0].agent.destroy();
    },
    close: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          clearInterval(timer);
          for (const u of upstreams) u.agent.destroy();
          if (listening === server) server.closeAllConnections();
          for (const client of tunnels) client.destroy();
          listening.close(() => resolve());
        })
      ),
  };
}

// ---------------------------------------------------------------------------------------------
// Load through the balancer: every request's start, duration and outcome, by phase.
// ---------------------------------------------------------------------------------------------
const samples = []; // { phase, kind, ms, ok, what }
let phase = 'setup';

async function call(base, method, path, token, body, kind) {
  const at = phase;
  const startedAtMs = Date.now();
  const t0 = performance.now();
  let what = '';
  let json;
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.ok) json = JSON.parse(text);
    else
      what = `HTTP ${response.status} from ${response.headers.get('x-bench-upstream') ?? '?'}: ${text.slice(0, 160)}`;
  } catch (error) {
    what = `${error.name}: ${error.cause?.code ? `${error.cause.code} (${error.cause.message})` : error.message}`;
  }
  const ms = performance.now() - t0;
  if (at !== 'setup') {
    samples.push({
      phase: at,
      kind,
      ms,
      ok: !what,
      what: what && `${method} ${path}: ${what}`,
      when: clock(),
      t: startedAtMs,
    });
  }
  if (what && at === 'setup') throw new Error(`${method} ${path}: ${what}`);
  return what ? undefined : json;
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;
}

function summary(phaseName, kinds) {
  const mine = samples.filter((s) => s.phase === phaseName && kinds.includes(s.kind));
  const ms = mine
    .filter((s) => s.ok)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return {
    total: mine.length,
    failed: mine.filter((s) => !s.ok).length,
    p50: percentile(ms, 0.5),
    p99: percentile(ms, 0.99),
  };
}

// ---------------------------------------------------------------------------------------------
async function main() {
  let cleanUp = async () => {};
  const watchdog = setTimeout(() => {
    console.error(`bench:rollout: over the time limit (${TIME_LIMIT_MS / 1000} s); stopping`);
    killChildren();
    Promise.race([cleanUp().catch(console.error), sleep(15_000)]).finally(() => process.exit(1));
  }, TIME_LIMIT_MS);
  watchdog.unref();

  await build({ parts: ['services'], onlyStale: true });
  const kie = await startFakeKie('bench-key', { renderMs: KIE_RENDER_MS });
  const balancer = await startBalancer();
  const base = `http://127.0.0.1:${balancer.port}`;
  const admin = await createConnection({ uri: mysqlUrl });
  await admin.query(`CREATE DATABASE \`${database}\``);
  const databaseUrl = Object.assign(new URL(mysqlUrl), { pathname: `/${database}` }).toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-bench-rollout-'));
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
  let cleaning;
  // Everything this run made goes, whether it ends, fails or runs out of time.
  cleanUp = () =>
    (cleaning ??= (async () => {
      phase = 'after';
      await Promise.all(
        [...children].map((child) => {
          child.kill('SIGKILL');
          return child.exited;
        }),
      );
      await balancer.close();
      await kie.close();
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.end();
      try {
        await redis.connect();
        for (let cursor = '0'; ;) {
          const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 500);
          if (keys.length) await redis.del(...keys);
          cursor = nextCursor;
          if (cursor === '0') break;
        }
      } finally {
        redis.disconnect();
      }
      rmSync(dataDir, { recursive: true, force: true });
    })());
  let failedChecks = true;
  try {
    const common = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'none'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      MIGRATE_ON_BOOT: 'false',
      SHUTDOWN_DRAIN_S: String(DRAIN_S),
      SITE_URL: base,
      JWT_SECRET: 'bench-rollout-secret-bench-rollout-secret',
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: 'bench-admin@example.com',
      SIGNIN_RATE_LIMIT: '100000',
      GENERATE_RATE_LIMIT: '100000',
      VIDEO_PROVIDER: 'kie',
      KIE_API_KEY: 'bench-key',
      KIE_BASE_URL: kie.baseUrl,
      VIDEO_POLL_INTERVAL_MS: '250',
    };
    // Migrations once, as a deployment's one-shot job, before any process starts.
    const migrate = run('migrate.js', common, 'migrate');
    const migrated = await migrate.exited;
    if (migrated.code !== 0) throw new Error(`migrations failed (exit ${migrated.code})`);

    /** Starts one process of `role` on a free port and waits until its /api/health/ready is 200. */
    const startProcess = async (role, name) => {
      const port = await freePort();
      const child = run('main.js', { ...common, ROLE: role, PORT: String(port) }, name);
      const t0 = Date.now();
      while ((await probe(port, '/api/health/ready')) !== 200) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it was ready`);
        if (Date.now() - t0 > 60_000) throw new Error(`${name} was not ready within 60 s`);
        await sleep(100);
      }
      return { name, role, port, child, bootMs: Date.now() - t0 };
    };

    log(
      `starting api-1, api-2, worker-1 (SHUTDOWN_DRAIN_S=${DRAIN_S}; ${BALANCER} balancer, readiness checked every ${CHECK_MS} ms)`,
    );
    const running = await Promise.all([
      startProcess('api', 'api-1'),
      startProcess('api', 'api-2'),
      startProcess('worker', 'worker-1'),
    ]);
    for (const p of running) if (p.role === 'api') await balancer.add(p.name, p.port);

    // Users with credits, through the balancer.
    const adminUser = await call(base, 'POST', '/api/auth/dev', null, { email: 'bench-admin@example.com' });
    // `token` and `id` once signed in.
    const users = /** @type {{ i: number, email: string, tasks: string[], token?: string, id?: string }[]} */ (
      Array.from({ length: USERS }, (_, i) => ({
        i,
        email: `rollout-${runId}-${i}@example.com`,
        tasks: [],
      }))
    );
    await pool(users, USERS, async (user) => {
      const signedIn = await call(base, 'POST', '/api/auth/dev', null, { email: user.email });
      user.token = signedIn.token;
      user.id = signedIn.user.id;
      await call(base, 'POST', '/api/credits/add', adminUser.token, {
        userId: user.id,
        amount: CREDITS,
        reason: 'test credits',
        sourceId: `bench-rollout-${runId}-${user.i}`,
      });
    });

    // The load: readers (balance, and the status of a recent task of theirs) and the generator.
    const load = { on: true };
    const generations = []; // { prompt, user, ok, taskId }
    const readers = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let n = 0; load.on; n++) {
        const user = users[(c + n) % USERS];
        const task = user.tasks[user.tasks.length - 1 - (n % 3)];
        if (n % 4 === 3 && task) await call(base, 'GET', `/api/video/status/${task}`, user.token, undefined, 'read');
        else await call(base, 'GET', '/api/credits/balance', user.token, undefined, 'read');
        await sleep(THINK_MS);
      }
    });
    const generating = [];
    const generator = (async () => {
      for (let n = 0; load.on; n++) {
        const user = users[n % USERS];
        const prompt = `bench rollout ${runId} #${n}: a lighthouse at dusk`;
        const generation = { prompt, user, ok: false, taskId: null };
        generations.push(generation);
        generating.push(
          call(base, 'POST', '/api/video/generate', user.token, { prompt, model: 'veo3' }, 'generate').then((reply) => {
            if (!reply?.data?.taskId) return;
            generation.ok = true;
            generation.taskId = reply.data.taskId;
            user.tasks.push(reply.data.taskId);
          }),
        );
        await sleep(GENERATE_EVERY_MS);
      }
    })();

    // Phase 1: steady state, after a short warm-up.
    phase = 'warmup';
    log(`warm-up: load for ${WARMUP_S} s, not measured`);
    await sleep(WARMUP_S * 1000);
    phase = 'steady';
    log(`phase 1: steady state for ${STEADY_S} s (${CLIENTS} readers, a generation every ${GENERATE_EVERY_MS} ms)`);
    await sleep(STEADY_S * 1000);

    // Phase 2: the rolling restart, one process at a time.
    phase = 'rollout';
    const rolloutAt = Date.now();
    log('phase 2: rolling restart');
    const exits = [];
    const windows = { booting: /** @type {number[][]} */ ([]), draining: /** @type {number[][]} */ ([]) }; // [from, to] in ms: a replacement booting, an old process draining
    for (const [i, old] of [...running].entries()) {
      const name = `${old.name}.v2`;
      const bootAt = Date.now();
      const replacement = await startProcess(old.role, name);
      windows.booting.push([bootAt, Date.now()]);
      if (old.role === 'api') await balancer.add(name, replacement.port);
      log(
        `${name} ready on :${replacement.port} after ${(replacement.bootMs / 1000).toFixed(1)} s; SIGTERM ${old.name}`,
      );
      const termAt = Date.now();
      old.child.kill('SIGTERM');
      const timer = setTimeout(() => old.child.kill('SIGKILL'), EXIT_WAIT_MS);
      const { code, signal } = await old.child.exited;
      clearTimeout(timer);
      windows.draining.push([termAt, Date.now()]);
      balancer.remove(old.name);
      exits.push({ name: old.name, code, signal, seconds: (Date.now() - termAt) / 1000 });
      log(`${old.name} exited ${code ?? signal} ${((Date.now() - termAt) / 1000).toFixed(1)} s after SIGTERM`);
      running[i] = replacement;
    }
    const rolloutSeconds = (Date.now() - rolloutAt) / 1000;

    // Phase 3: load off, every task final, then the database's word.
    phase = 'after';
    load.on = false;
    await Promise.all([generator, ...readers]);
    await Promise.all(generating);
    log('phase 3: load stopped; waiting for every task to finish');
    const db = /** @type {{ query(sql: string): Promise<[any[], unknown]>, end(): Promise<void> }} */ (
      await createConnection({ uri: databaseUrl })
    );
    const settleAt = Date.now();
    let unfinished = -1;
    while (Date.now() - settleAt < SETTLE_MS) {
      const [[row]] = await db.query(
        "SELECT COUNT(*) AS n FROM video_tasks WHERE status NOT IN ('completed', 'failed')",
      );
      unfinished = Number(row.n);
      if (unfinished === 0) break;
      await sleep(250);
    }

    const replied = generations.filter((g) => g.ok);
    const [rows] = await db.query('SELECT id, status, finished_by AS finishedBy FROM video_tasks');
    const byWorker = new Map();
    for (const r of rows) byWorker.set(r.finishedBy, (byWorker.get(r.finishedBy) ?? 0) + 1);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const repliedIds = new Set(replied.map((g) => g.taskId));
    const [debits] = await db.query(
      "SELECT source_id AS id, COUNT(*) AS n FROM credit_transactions WHERE source_type = 'video' AND amount < 0 GROUP BY source_id",
    );
    const debitsById = new Map(debits.map((d) => [d.id, Number(d.n)]));
    const [[ledger]] = await db.query(
      `SELECT
         (SELECT COUNT(*) FROM credit_transactions c JOIN video_tasks t ON t.id = c.source_id
           WHERE c.source_type = 'refund' AND t.status = 'completed') AS wrongRefunds,
         (SELECT COUNT(*) FROM credit_transactions WHERE source_type = 'refund') AS refunds`,
    );
    const [mismatched] = await db.query(
      `SELECT u.id FROM users u LEFT JOIN credit_transactions c ON c.user_id = u.id
       GROUP BY u.id, u.credits HAVING u.credits <> COALESCE(SUM(c.amount), 0)`,
    );
    await db.end();

    // Lost: a task whose creation was answered with its id but that did not complete here.
    const lost = replied.filter((g) => byId.get(g.taskId)?.status !== 'completed');
    // Doubled: a task row nobody was answered for, a second debit for one task, a second submission to kie.ai.
    const orphanRows = rows.filter((r) => !repliedIds.has(r.id));
    const doubleDebits = [...debitsById.values()].filter((n) => n > 1).length;
    const undebited = replied.filter((g) => debitsById.get(g.taskId) !== 1).length;
    const kieDoubles = replied.filter((g) => (kie.generatesPerPrompt.get(g.prompt) ?? 0) > 1).length;
    const kieMissing = replied.filter((g) => (kie.generatesPerPrompt.get(g.prompt) ?? 0) === 0).length;
    const doubled = orphanRows.length + doubleDebits + kieDoubles;

    // ------------------------------------------------------------------ figures
    const steady = summary('steady', ['read', 'generate']);
    const rollout = summary('rollout', ['read', 'generate']);
    const steadyReads = summary('steady', ['read']);
    const rolloutReads = summary('rollout', ['read']);
    const steadyGen = summary('steady', ['generate']);
    const rolloutGen = summary('rollout', ['generate']);
    const f = (ms) => `${ms.toFixed(1)} ms`;
    const within = (name) => {
      const ms = samples
        .filter((s) => s.phase === 'rollout' && s.ok && s.kind === 'read')
        .filter((s) => windows[name].some(([from, to]) => s.t >= from && s.t < to))
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      return `${f(percentile(ms, 0.99))} (${ms.length} reads)`;
    };
    console.log('');
    console.log('balancer events:');
    for (const event of balancer.events) console.log(`  ${event}`);
    console.log('');
    console.log(
      `requests: ${samples.length} (warm-up ${summary('warmup', ['read', 'generate']).total} in ${WARMUP_S} s, steady ${steady.total} in ${STEADY_S} s, rollout ${rollout.total} in ${rolloutSeconds.toFixed(1)} s)`,
    );
    console.log(
      `failed requests (goal 0): steady ${steady.failed}, rollout ${rollout.failed}, warm-up ${summary('warmup', ['read', 'generate']).failed}  [non-2xx or connection errors, none retried]`,
    );
    const failures = samples.filter((s) => !s.ok);
    const reasons = new Map();
    for (const s of failures) {
      const key = s.what.replace(/[0-9a-f]{32,}/g, ':id');
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
    for (const [reason, n] of reasons) console.log(`  ${n} × ${reason}`);
    if (failures.length) console.log(`  (ended at ${failures.map((s) => s.when.trim()).join(', ')})`);
    console.log('latency through the balancer   p50 steady  p50 rollout   p99 steady  p99 rollout  p99 ratio');
    for (const [label, a, b] of /** @type {[string, ReturnType<typeof summary>, ReturnType<typeof summary>][]} */ ([
      ['reads (balance, status)', steadyReads, rolloutReads],
      ['generate', steadyGen, rolloutGen],
      ['all', steady, rollout],
    ])) {
      console.log(
        `  ${label.padEnd(28)} ${f(a.p50).padStart(10)} ${f(b.p50).padStart(12)} ${f(a.p99).padStart(12)} ${f(b.p99).padStart(12)} ${(b.p99 / a.p99).toFixed(2).padStart(9)}×`,
      );
    }
    console.log(
      `  rollout reads, p99 while a replacement boots: ${within('booting')}; while an old process drains and stops: ${within('draining')}`,
    );
    console.log(
      `generations: ${generations.length} asked, ${replied.length} answered with a task id; ${rows.length} task rows (finished by the first worker and by its replacement: ${[...byWorker.values()].join(' + ')}); kie.ai submissions: ${kie.stats.generate}`,
    );
    console.log(
      `lost tasks (goal 0): ${lost.length}${
        lost.length
          ? ` (${lost
              .slice(0, 5)
              .map((g) => `${g.taskId}: ${byId.get(g.taskId)?.status ?? 'no row'}`)
              .join(', ')}${lost.length > 5 ? ', …' : ''})`
          : ''
      }${unfinished > 0 ? `; ${unfinished} unfinished after ${SETTLE_MS / 1000} s` : ''}`,
    );
    console.log(
      `doubled tasks (goal 0): ${doubled} (rows without a reply: ${orphanRows.length}, tasks debited twice: ${doubleDebits}, submitted to kie.ai twice: ${kieDoubles})`,
    );
    console.log(`exit codes after SIGTERM (goal 0): ${exits.map((e) => `${e.name} ${e.code ?? e.signal}`).join(', ')}`);

    const checks = [
      ['no request failed', samples.every((s) => s.ok)],
      ['every process exited 0 after SIGTERM', exits.every((e) => e.code === 0)],
      ['every answered task completed (none lost)', lost.length === 0 && unfinished === 0],
      ['one task row per answered generate (none doubled)', orphanRows.length === 0],
      ['one debit per task', doubleDebits === 0 && undebited === 0],
      ['one kie.ai submission per task', kieDoubles === 0 && kieMissing === 0 && kie.stats.generate === rows.length],
      ['no refund for a completed task', Number(ledger.wrongRefunds) === 0],
      ['every balance equals its ledger', mismatched.length === 0],
    ];
    for (const [name, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'} ${name}`);
    failedChecks = checks.some(([, ok]) => !ok);
  } finally {
    await cleanUp();
    clearTimeout(watchdog);
  }
  log(
    failedChecks
      ? 'bench:rollout: FAILED (goal: 0 failed requests, 0 lost, 0 doubled, exit 0)'
      : 'bench:rollout: all goals met',
  );
  if (failedChecks) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
