// @ts-check
// `npm run bench:scale`: the generation flow on MySQL and Redis, first with one API process and one
// worker, then with two of each (the same build, a fresh database each time). For each setup it prints
// GET /api/credits/balance requests per second (50 connections spread over the API processes) and
// generations per minute through a fake kie.ai, then the ratio of the two setups. Every money check of
// bench:video must hold in both: one debit per task, no refunds for completed tasks, every balance
// equal to its ledger. Exits non-zero when a check fails.
//
// MySQL from BENCH_DATABASE_URL (else TEST_MYSQL_URL, else mysql://root@127.0.0.1:3306/test; each setup
// creates and drops its own database), Redis from BENCH_REDIS_URL (else TEST_REDIS_URL, else
// redis://127.0.0.1:6379; each setup uses its own key prefix).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createConnection } from 'mysql2/promise';
import { build, root } from '../../scripts/build-lib.mjs';
import { apiAt, freePort, pool, waitUp } from './bench-lib.mjs';
import { startFakeKie } from './fake-kie.mjs';

const USERS = 30;
const TASKS_PER_USER = 10;
const COST = 40; // veo3
const CREDITS = TASKS_PER_USER * COST + 3 * COST; // more than their tasks cost: a wrong debit shows
const TOTAL = USERS * TASKS_PER_USER;
const KIE_RENDER_MS = 1000;
// Each call to the provider's API takes this long, as a real one's does: a worker's job slots, not
// this machine's two cores, are then what a second worker adds. BENCH_KIE_LATENCY_MS=0 shows the CPU-bound case.
const KIE_LATENCY_MS = Number(process.env.BENCH_KIE_LATENCY_MS ?? 150);
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const TIME_LIMIT_MS = 4 * 60_000;
const TARGET = 1.7;

const mysqlUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const children = new Set();
function cleanupSync() {
  for (const child of children) child.kill('SIGKILL');
}
process.once('exit', cleanupSync);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanupSync();
    process.exit(130);
  });
}

function run(script, env, label) {
  const child = spawn(process.execPath, [join(root, 'services', 'dist', script)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let shown = 0;
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      for (const line of text.split('\n')) {
        if (!line.trim() || /serving|started|not built|No built shell/i.test(line) || shown >= 10) continue;
        shown++;
        console.log(`  [${label}] ${line}`);
      }
    });
  }
  return child;
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode) return Promise.resolve();
  return /** @type {Promise<void>} */ (
    new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    })
  );
}

/** One setup: `processes` API processes and as many workers on a fresh database and Redis prefix. */
async function measure(processes, kie) {
  const database = `veo3_bench_scale_${runId}_${processes}`;
  const admin = await createConnection({ uri: mysqlUrl });
  await admin.query(`CREATE DATABASE \`${database}\``);
  const databaseUrl = Object.assign(new URL(mysqlUrl), { pathname: `/${database}` }).toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-bench-scale-'));
  const started = [];
  try {
    const common = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'none'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `veo3benchscale${runId}${processes}`,
      MIGRATE_ON_BOOT: 'false',
      JWT_SECRET: 'bench-scale-secret-bench-scale-secret',
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: 'bench-admin@example.com',
      SIGNIN_RATE_LIMIT: '100000',
      GENERATE_RATE_LIMIT: '100000',
      VIDEO_PROVIDER: 'kie',
      KIE_API_KEY: 'bench-key',
      KIE_BASE_URL: kie.baseUrl,
      VIDEO_POLL_INTERVAL_MS: '250',
    };
    // Migrations once, as the one-shot job of a deployment does, before any process starts.
    const migrate = run('migrate.js', common, 'migrate');
    const code = await new Promise((resolve) => migrate.once('exit', resolve));
    if (code !== 0) throw new Error(`migrations failed (exit ${code})`);

    const bases = [];
    for (let i = 0; i < processes; i++) {
      for (const role of ['api', 'worker']) {
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        started.push(run('main.js', { ...common, ROLE: role, PORT: String(port), SITE_URL: base }, `${role} ${i + 1}`));
        await waitUp(`${base}/api/health`);
        if (role === 'api') bases.push(base);
      }
    }

    // Users with credits, signed in through alternating API processes.
    const apis = bases.map(apiAt);
    const at = (i) => apis[i % apis.length];
    const adminUser = await at(0)('POST', '/api/auth/dev', null, { email: 'bench-admin@example.com' });
    // `token` and `id` once signed in.
    const users = /** @type {{ i: number, email: string, token?: string, id?: string }[]} */ (
      Array.from({ length: USERS }, (_, i) => ({ i, email: `scale-${runId}-${i}@example.com` }))
    );
    await pool(users, 10, async (user) => {
      const signedIn = await at(user.i)('POST', '/api/auth/dev', null, { email: user.email });
      user.token = signedIn.token;
      user.id = signedIn.user.id;
      await at(user.i + 1)('POST', '/api/credits/add', adminUser.token, {
        userId: user.id,
        amount: CREDITS,
        reason: 'test credits',
        sourceId: `bench-scale-${runId}-${user.i}`,
      });
    });

    // Balance reads: the connections split over the API processes, run at the same time.
    const loads = await Promise.all(
      bases.map((base, i) =>
        autocannon({
          url: `${base}/api/credits/balance`,
          connections: Math.round(CONNECTIONS / bases.length),
          duration: DURATION_S,
          headers: { authorization: `Bearer ${users[i].token}` },
        }),
      ),
    );
    const balance = {
      rps: loads.reduce((sum, r) => sum + r.requests.average, 0),
      errors: loads.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    };

    // Generations: every task submitted at once through the API processes; the database says when each is final.
    const db = /** @type {{ query(sql: string): Promise<[any[], unknown]>, end(): Promise<void> }} */ (
      await createConnection({ uri: databaseUrl })
    );
    const firstSubmitAt = Date.now();
    const tasks = Array.from({ length: TOTAL }, (_, n) => ({ n, user: users[n % USERS] }));
    await pool(tasks, 50, async (task) => {
      const reply = await at(task.n)('POST', '/api/video/generate', task.user.token, {
        prompt: `bench scale ${runId} #${task.n}: a lighthouse at dusk`,
        model: 'veo3',
      });
      task.id = reply.data.taskId;
    });
    const submitSeconds = (Date.now() - firstSubmitAt) / 1000;
    let final = [];
    while (Date.now() - firstSubmitAt < TIME_LIMIT_MS) {
      [final] = await db.query(
        "SELECT status, finished_by AS finishedBy, updated_at AS updatedAt FROM video_tasks WHERE status IN ('completed', 'failed')",
      );
      if (final.length >= TOTAL) break;
      await sleep(250);
    }
    const lastAt = Math.max(...final.map((t) => new Date(t.updatedAt).getTime()));
    const minutes = (lastAt - firstSubmitAt) / 60_000;
    const byWorker = new Map();
    for (const t of final) byWorker.set(t.finishedBy, (byWorker.get(t.finishedBy) ?? 0) + 1);

    // The money, from the database: one debit per task, refunds only for failed ones, balance = ledger.
    const [[ledger]] = await db.query(
      `SELECT
         (SELECT COUNT(*) FROM video_tasks) AS tasks,
         (SELECT COUNT(*) FROM video_tasks WHERE status = 'completed') AS completed,
         (SELECT COUNT(*) FROM video_tasks WHERE status = 'failed') AS failed,
         (SELECT COUNT(*) FROM credit_transactions WHERE source_type = 'video' AND amount < 0) AS debits,
         (SELECT COUNT(DISTINCT source_id) FROM credit_transactions WHERE source_type = 'video' AND amount < 0) AS debitedTasks,
         (SELECT COUNT(*) FROM credit_transactions WHERE source_type = 'refund') AS refunds,
         (SELECT COUNT(DISTINCT source_id) FROM credit_transactions WHERE source_type = 'refund') AS refundedTasks,
         (SELECT COUNT(*) FROM credit_transactions c JOIN video_tasks t ON t.id = c.source_id
           WHERE c.source_type = 'refund' AND t.status <> 'failed') AS wrongRefunds`,
    );
    const [mismatched] = await db.query(
      `SELECT u.id FROM users u LEFT JOIN credit_transactions c ON c.user_id = u.id
       GROUP BY u.id, u.credits HAVING u.credits <> COALESCE(SUM(c.amount), 0)`,
    );
    await db.end();
    const checks = [
      [`${TOTAL} tasks, all final`, Number(ledger.tasks) === TOTAL && final.length === TOTAL],
      ['one debit per task', Number(ledger.debits) === TOTAL && Number(ledger.debitedTasks) === TOTAL],
      [
        'one refund per failed task, none for completed ones',
        Number(ledger.refunds) === Number(ledger.failed) &&
          Number(ledger.refundedTasks) === Number(ledger.failed) &&
          Number(ledger.wrongRefunds) === 0,
      ],
      ['every balance equals its ledger', mismatched.length === 0],
      ['no balance read failed', balance.errors === 0],
    ];
    return {
      processes,
      balance,
      completed: Number(ledger.completed),
      failed: Number(ledger.failed),
      perMinute: Number(ledger.completed) / minutes,
      seconds: minutes * 60,
      submitSeconds,
      byWorker: [...byWorker.values()].sort((a, b) => b - a),
      checks,
    };
  } finally {
    await Promise.all(started.map(stop));
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  await build({ parts: ['services'], onlyStale: true });
  const kie = await startFakeKie('bench-key', { renderMs: KIE_RENDER_MS, latencyMs: KIE_LATENCY_MS });
  const results = [];
  try {
    for (const processes of [1, 2]) {
      console.log(
        `\n${processes} API process(es) + ${processes} worker(s), MySQL + Redis, provider calls take ${KIE_LATENCY_MS} ms:`,
      );
      const result = await measure(processes, kie);
      results.push(result);
      console.log(
        `  balance: ${result.balance.rps.toFixed(0)} req/s (${result.balance.errors} errors); generations: ${result.completed} completed, ${result.failed} failed in ${result.seconds.toFixed(1)} s (submitted in ${result.submitSeconds.toFixed(1)} s) = ${result.perMinute.toFixed(0)}/min; per worker: ${result.byWorker.join(' + ')}`,
      );
      for (const [name, ok] of result.checks) console.log(`  ${ok ? 'PASS' : 'FAIL'} ${name}`);
    }
  } finally {
    await kie.close();
  }
  const [one, two] = results;
  const genRatio = two.perMinute / one.perMinute;
  console.log('\nsetup            balance req/s   generations/min');
  console.log(`1 api, 1 worker  ${one.balance.rps.toFixed(0).padStart(13)}   ${one.perMinute.toFixed(0).padStart(15)}`);
  console.log(`2 api, 2 workers ${two.balance.rps.toFixed(0).padStart(13)}   ${two.perMinute.toFixed(0).padStart(15)}`);
  console.log(
    `ratio            ${(two.balance.rps / one.balance.rps).toFixed(2).padStart(12)}×   ${genRatio.toFixed(2).padStart(14)}× (target ${TARGET}×: ${genRatio >= TARGET ? 'met' : 'not met'})`,
  );
  const failed = results.some((r) => r.checks.some(([, ok]) => !ok));
  if (failed) {
    console.error('bench:scale: a money check failed');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
