// @ts-check
// `npm run bench:api`: the API's most frequent reads under 50 concurrent connections, each next to a
// bare Node HTTP server (its own process) sending the very same response (status, headers and body) in the same run:
// GET /api/credits/balance (signed in, a full page of ledger lines), GET /api/video/status/:id (a real
// task of the user), GET /api/health and an unknown /api/... path (404). The server logs its requests
// at the default level (info) as in production. Prints req/s, p99, the ratio to the floor and the
// database queries per request (better-sqlite3 statements counted in the server on SQLite; MySQL's
// Questions counter with BENCH_DATABASE_URL, on a fresh database dropped at the end), and the server
// CPU each request took, the app's next to the floor's (from /proc: the client's share of this
// machine's cores does not count in it). Then the metrics' cost: the same routes on two fresh servers
// alike but for METRICS_PORT (one on, scraped once a slice; one off), taking turns, each first every
// other round, and the server CPU per request of each (target: at most 10% more with metrics;
// BENCH_METRICS=0 skips it).
// Then tracing's cost the same way: a third server exporting OTLP/HTTP traces of 10% of requests to a
// receiver in this script, against the one without metrics (target: at most 25% more; BENCH_TRACING=0
// skips it).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { build, root } from '../../scripts/build-lib.mjs';
import { cpuSeconds, freePort, startFloor, waitUp } from './bench-lib.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const COUNTED_REQUESTS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const mysqlBase = process.env.BENCH_DATABASE_URL || null;
// The request log at the default level, as in production; BENCH_LOG_LEVEL=warn shows what it costs.
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'info';
// BENCH_ROUTES=balance,health measures only those.
const ROUTES = (process.env.BENCH_ROUTES || 'balance,status,health,unknown').split(',');

const TARGETS = { balance: 0.5, status: 0.4, health: 0.6, unknown: 0.6 };
/** At most this much more server CPU per request with the metrics on. */
const METRICS_COST_TARGET = 0.1;
/** At most this much more server CPU per request with tracing on at a 10% sample. */
const TRACING_COST_TARGET = 0.25;
// The share of requests traced in the tracing run (BENCH_TRACE_RATIO=0: tracing on, nothing sampled).
const TRACE_RATIO = process.env.BENCH_TRACE_RATIO ?? '0.1';

// Preloaded into the server on SQLite: counts the statements better-sqlite3 runs and reports the
// total when asked over IPC (one increment per statement; nothing else changes).
const SQLITE_COUNTER = `
const Database = require(require.resolve('better-sqlite3', { paths: [process.cwd()] }));
const probe = new Database(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('SELECT 1'));
probe.close();
let count = 0;
for (const name of ['all', 'get', 'run', 'iterate']) {
  const original = proto[name];
  proto[name] = function (...args) { count++; return original.apply(this, args); };
}
process.on('message', (m) => { if (m === 'count') process.send({ count }); });
`;

const load = (url, headers, connections = CONNECTIONS, duration = DURATION_S) =>
  autocannon({ url, connections, duration, headers, pipelining: 1 });

/** A fresh database on the given MySQL server, dropped at the end. */
async function mysqlDatabase() {
  if (!mysqlBase) return null;
  const { createConnection } = await import('mysql2/promise');
  const name = `veo3_bench_api_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const admin = await createConnection({ uri: mysqlBase });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(mysqlBase);
  url.pathname = `/${name}`;
  const counter = await createConnection({ uri: mysqlBase });
  return {
    url: url.toString(),
    // Server-wide, like bench:video's: the counter's own SHOW is one of them.
    questions: async () => {
      const [rows] = await counter.query("SHOW GLOBAL STATUS LIKE 'Questions'");
      return Number(rows[0]?.Value ?? rows[0]?.value) - 1;
    },
    drop: async () => {
      await counter.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await counter.end();
    },
  };
}

function sqliteCounter(server) {
  return () =>
    new Promise((resolve) => {
      server.once('message', (m) => resolve(m.count));
      server.send('count');
    });
}

/** Statements per request over COUNTED_REQUESTS sequential requests; the least of three samples (MySQL's counter is server-wide). */
async function queriesPerRequest(count, url, headers) {
  let least = Infinity;
  for (let sample = 0; sample < 3; sample++) {
    const before = await count();
    for (let i = 0; i < COUNTED_REQUESTS; i++) await (await fetch(url, { headers })).arrayBuffer();
    least = Math.min(least, ((await count()) - before) / COUNTED_REQUESTS);
  }
  return least;
}

/** Slices of one measurement: requests per second over all of them, the worst slice's p99 and server CPU µs per request. */
function combine(results, cpu) {
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  return {
    rps: requests / seconds,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    cpuPerRequest: (cpu / requests) * 1e6,
  };
}

async function compare(route, url, headers, expectedStatus, count, serverPid) {
  const sample = await fetch(url, { headers });
  const bytes = Buffer.from(await sample.arrayBuffer());
  if (sample.status !== expectedStatus) throw new Error(`${route.name}: ${sample.status} ${bytes}`);
  const queries = await queriesPerRequest(count, url, headers);
  const floor = await startFloor(sample.status, bytes, sample.headers);
  try {
    await load(floor.url, {}, 10, 2);
    await load(url, headers, 10, 2);
    // Floor and app take turns in short slices, so load from elsewhere on the machine falls on both alike.
    const bare = [];
    const app = [];
    // Each side's server CPU over its slices, so the cost of a request shows apart from the client's.
    const cpu = { bare: 0, app: 0 };
    const timed = async (side, pid, slice) => {
      const before = cpuSeconds(pid);
      const result = await slice();
      cpu[side] += cpuSeconds(pid) - before;
      return result;
    };
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await timed('bare', floor.pid, () => load(floor.url, {}, CONNECTIONS, DURATION_S / ROUNDS)));
      app.push(await timed('app', serverPid, () => load(url, headers, CONNECTIONS, DURATION_S / ROUNDS)));
    }
    // Any other status than the expected one counts as an error (autocannon counts only 2xx as ok).
    const wrong = (r) =>
      expectedStatus === 200 ? r.non2xx : r['2xx'] + r.non2xx - (r.statusCodeStats[expectedStatus]?.count ?? 0);
    const errors = app.reduce((sum, r) => sum + r.errors + r.timeouts + wrong(r), 0);
    return {
      ...route,
      bytes: bytes.length,
      bare: combine(bare, cpu.bare),
      app: combine(app, cpu.app),
      errors,
      queries,
    };
  } finally {
    floor.stop();
  }
}

/**
 * One app server on a fresh database (SQLite in its own folder, or `mysql`) with its bench data: a user
 * with a full page of ledger lines and a finished task. `env` adds to its environment.
 */
async function startApp(env, mysql) {
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-bench-api-'));
  const counterFile = join(dataDir, 'count-statements.cjs');
  writeFileSync(counterFile, SQLITE_COUNTER);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [...(mysql ? [] : ['--require', counterFile]), join(root, 'services', 'dist', 'main.js')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        // As the images run it (Dockerfile): Node 22 needs the flag that Node 24 has by default.
        ...(process.versions.node.startsWith('22.') ? { NODE_OPTIONS: '--experimental-async-context-frame' } : {}),
        PORT: String(port),
        SITE_URL: base,
        DATA_DIR: dataDir,
        WEB_DIR: join(dataDir, 'no-web'),
        LOG_LEVEL: LOG_LEVEL,
        DEV_LOGIN: 'true',
        ADMIN_EMAILS: 'bench-admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        ...(mysql ? { DATABASE_URL: mysql.url } : {}),
        ...env,
      },
      // The request log goes where production's would: written, not read.
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  let stopped = null;
  const stop = () =>
    (stopped ??= (async () => {
      server.kill('SIGTERM');
      await /** @type {Promise<void>} */ (
        new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)))
      );
      rmSync(dataDir, { recursive: true, force: true });
    })());
  try {
    await waitUp(`${base}/api/health`);
    const post = async (path, body, token) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const admin = await post('/api/auth/dev', { email: 'bench-admin@example.com' });
    const user = await post('/api/auth/dev', { email: 'bench-user@example.com' });
    // A full page of ledger lines (the balance shows the latest 10).
    for (let i = 0; i < 12; i++) {
      await post(
        '/api/credits/add',
        { userId: user.user.id, amount: 40, reason: 'test credits', sourceId: `bench-${i}` },
        admin.token,
      );
    }
    const headers = { authorization: `Bearer ${user.token}` };
    const task = (
      await post('/api/video/generate', { prompt: 'A paper boat on a rainy street', model: 'veo3' }, user.token)
    ).data;
    const { taskId } = task;
    // The status must not change while it is measured: wait until the task has finished.
    for (let i = 0; ; i++) {
      const { data } = await (await fetch(`${base}/api/video/status/${taskId}`, { headers })).json();
      if (['completed', 'failed'].includes(data.status)) break;
      if (i > 600) throw new Error(`task ${taskId} still ${data.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const routes = /** @type {[{ key: string, name: string }, string, Record<string, string>, number][]} */ ([
      [{ key: 'balance', name: 'GET /api/credits/balance' }, '/api/credits/balance', headers, 200],
      [{ key: 'status', name: 'GET /api/video/status/:id' }, `/api/video/status/${taskId}`, headers, 200],
      [{ key: 'health', name: 'GET /api/health' }, '/api/health', {}, 200],
      [{ key: 'unknown', name: 'GET /api/no-such-route (404)' }, '/api/no-such-route', {}, 404],
    ]).filter(([wanted]) => ROUTES.includes(wanted.key));
    return { server, base, routes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * What a setting costs: the same routes on two servers alike but for it (`on`, `off`), taking turns
 * in short slices, so load from elsewhere on the machine falls on both alike; server CPU per
 * request of each. `afterOnSlice` runs after each of `on`'s slices (a Prometheus scrape).
 */
async function sideBySide(on, off, afterOnSlice = async () => {}) {
  const rows = [];
  for (let i = 0; i < on.routes.length; i++) {
    const [route, path, auth] = on.routes[i];
    const [, offPath, offAuth] = off.routes[i];
    const sides = {
      on: {
        pid: on.server.pid,
        url: `${on.base}${path}`,
        auth,
        cpu: 0,
        results: /** @type {Awaited<ReturnType<typeof load>>[]} */ ([]),
      },
      off: {
        pid: off.server.pid,
        url: `${off.base}${offPath}`,
        auth: offAuth,
        cpu: 0,
        results: /** @type {Awaited<ReturnType<typeof load>>[]} */ ([]),
      },
    };
    for (const side of Object.values(sides)) await load(side.url, side.auth, 10, 2);
    for (let round = 0; round < ROUNDS; round++) {
      // Each side goes first every other round: the first slice after a pause ran dearer here.
      const turns = Object.entries(sides);
      for (const [name, side] of round % 2 ? turns.reverse() : turns) {
        const before = cpuSeconds(side.pid);
        side.results.push(await load(side.url, side.auth, CONNECTIONS, DURATION_S / ROUNDS));
        if (name === 'on') await afterOnSlice();
        side.cpu += cpuSeconds(side.pid) - before;
      }
    }
    rows.push({
      ...route,
      on: combine(sides.on.results, sides.on.cpu),
      off: combine(sides.off.results, sides.off.cpu),
    });
  }
  return rows;
}

/** Prints a sideBySide table against its target; true when a route costs more than the target. */
function printCost(title, target, rows) {
  console.log(`\n${title}: server CPU per request\n`);
  console.log(
    `${''.padEnd(32)} ${'on µs'.padStart(7)} ${'off µs'.padStart(7)} ${'cost'.padStart(7)} ${'target'.padStart(6)} ${'on/s'.padStart(7)} ${'off/s'.padStart(7)}`,
  );
  let costly = false;
  for (const r of rows) {
    const cost = r.on.cpuPerRequest / r.off.cpuPerRequest - 1;
    const ok = cost <= target;
    costly ||= !ok;
    console.log(
      `${r.name.padEnd(32)} ${r.on.cpuPerRequest.toFixed(0).padStart(7)} ${r.off.cpuPerRequest.toFixed(0).padStart(7)} ${`${(cost * 100).toFixed(1)}%`.padStart(7)} ${`≤${target * 100}%`.padStart(6)} ${r.on.rps.toFixed(0).padStart(7)} ${r.off.rps.toFixed(0).padStart(7)}${ok ? '' : '  FAIL'}`,
    );
  }
  console.log(`\n${costly ? 'FAIL' : 'PASS'}  at most ${target * 100}% more server CPU per request`);
  return costly;
}

/** An OTLP/HTTP receiver that counts the spans it is sent and keeps nothing. */
async function startSpanSink() {
  let spans = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces')
        spans += (
          Buffer.concat(chunks)
            .toString()
            .match(/"spanId"/g) ?? []
        ).length;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)));
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    spans: () => spans,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Metrics and tracing, each against a server with neither: servers started for it, alike but for
 * the setting, each on its own fresh database, so neither has served more than the other (the
 * bench's first server has had a minute of load by then).
 */
async function settingCosts(mysql) {
  let costly = false;
  const plainDatabase = mysql ? await mysqlDatabase() : null;
  const plain = await startApp({ METRICS_PORT: 'off' }, plainDatabase);
  try {
    if (process.env.BENCH_METRICS !== '0') {
      const metricsPort = await freePort();
      const meteredDatabase = mysql ? await mysqlDatabase() : null;
      const metered = await startApp({ METRICS_PORT: String(metricsPort) }, meteredDatabase);
      try {
        const scrape = async () => void (await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
        const rows = await sideBySide(metered, plain, scrape);
        costly ||= printCost(
          'metrics on (METRICS_PORT, scraped each slice) vs off (METRICS_PORT=off)',
          METRICS_COST_TARGET,
          rows,
        );
      } finally {
        await metered.stop();
        await meteredDatabase?.drop();
      }
    }
    if (process.env.BENCH_TRACING !== '0') {
      const sink = await startSpanSink();
      const tracedDatabase = mysql ? await mysqlDatabase() : null;
      const traced = await startApp(
        { METRICS_PORT: 'off', OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER_ARG: TRACE_RATIO },
        tracedDatabase,
      );
      try {
        const rows = await sideBySide(traced, plain);
        costly ||= printCost(
          `tracing on (OTLP/HTTP, ${Number(TRACE_RATIO) * 100}% of requests sampled) vs off`,
          TRACING_COST_TARGET,
          rows,
        );
        // Stopped first: a graceful stop exports what is still batched.
        await traced.stop();
        console.log(`(${sink.spans()} spans reached the OTLP receiver)`);
      } finally {
        await traced.stop();
        await tracedDatabase?.drop();
        await sink.close();
      }
    }
  } finally {
    await plain.stop();
    await plainDatabase?.drop();
  }
  return costly;
}

async function main() {
  await build({ parts: ['services'], onlyStale: true });
  const mysql = await mysqlDatabase();
  // Metrics on, as production runs (the default port is taken by nothing here: a free one).
  const metricsPort = await freePort();
  const app = await startApp({ METRICS_PORT: String(metricsPort) }, mysql);
  const { server } = app;
  try {
    const count = mysql ? mysql.questions : sqliteCounter(server);

    const results = [];
    for (const [route, url, auth, expected] of app.routes) {
      results.push(await compare(route, `${app.base}${url}`, auth, expected, count, server.pid));
    }

    console.log(
      `\nbench:api — ${CONNECTIONS} connections, ${DURATION_S} s each in ${ROUNDS} alternating slices, ${mysql ? 'MySQL' : 'SQLite'}, request log at ${LOG_LEVEL}\n`,
    );
    console.log(
      `${''.padEnd(32)} ${'bytes'.padStart(6)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'floor/s'.padStart(8)} ${'fl p99'.padStart(7)} ${'ratio'.padStart(6)} ${'target'.padStart(6)} ${'queries'.padStart(7)} ${'µs/req'.padStart(7)} ${'floor µs'.padStart(8)}`,
    );
    let failed = false;
    for (const r of results) {
      const ratio = r.app.rps / r.bare.rps;
      const ok = r.errors === 0 && ratio >= TARGETS[r.key];
      failed ||= !ok;
      console.log(
        `${r.name.padEnd(32)} ${String(r.bytes).padStart(6)} ${r.app.rps.toFixed(0).padStart(8)} ${r.app.p99.toFixed(1).padStart(7)} ${r.bare.rps.toFixed(0).padStart(8)} ${r.bare.p99.toFixed(1).padStart(7)} ${ratio.toFixed(2).padStart(5)}× ${`≥${TARGETS[r.key]}`.padStart(6)} ${r.queries.toFixed(1).padStart(7)} ${r.app.cpuPerRequest.toFixed(0).padStart(7)} ${r.bare.cpuPerRequest.toFixed(0).padStart(8)}${r.errors ? `  (${r.errors} errors)` : ''}${ok ? '' : '  FAIL'}`,
      );
    }
    console.log(`\n${failed ? 'FAIL' : 'PASS'}  every route at its target ratio, with no errors`);

    failed = (await settingCosts(mysql)) || failed;
    process.exitCode = failed ? 1 : 0;
  } finally {
    await app.stop();
    await mysql?.drop();
  }
}

await main();
