// @ts-check
// `npm run bench:video`: 500 video tasks through the real worker against a fake kie.ai, with a crash
// (SIGKILL) of the server halfway and a restart on the same DATA_DIR. Prints throughput, peak RSS,
// database queries per task (MySQL), and checks the money: one debit per task, refunds only for
// failed tasks, every balance = 400 − 40 × completed. Exits non-zero when a check fails.
// Then a second, smaller run on the default poll interval prints how long a task takes to be
// `completed` after kie.ai has finished it, when kie.ai calls back (callBackUrl) and when only polling finds it.
// Then a third, the versions run, on the local renderer (kie.ai serves no Gemini Omni Flash): per user an
// Omni video, two edits (one a branch from the first version), an extension, an edit sent twice at once
// with one Idempotency-Key, requests refused before charging; the same money checks, at Omni's prices.
// Then a fourth, the providers run: one server with VIDEO_PROVIDERS=kie,fal,local (fake-kie.mjs and
// fake-fal.mjs), 30 users each asking for Veo (kie.ai), Kling, Seedance and a compare of two models
// (fal.ai), one task that fails at fal.ai and one at kie.ai, and one user in three an Omni video (the
// local renderer); SIGKILL halfway, a restart on the same DATA_DIR (and database, Redis). Checks every
// task ends as asked, its row names the provider whose fake got it, one debit at its catalogue price
// (PROVIDER_REQUESTS), refunds only for the failed ones, once, each balance = granted − completed
// prices; prints each provider's counts, throughput and latency.
//
// Optional: BENCH_DATABASE_URL=mysql://… (MySQL/MariaDB instead of SQLite), BENCH_REDIS_URL=redis://…
// (BullMQ instead of the in-process queue), BENCH_VIDEO_RUNS=main,latency,versions,providers (which runs;
// all by default).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiAt, freePort, pool } from './bench-lib.mjs';
import { FAL_FAIL_MARKER, startFakeFal } from './fake-fal.mjs';
import { startFakeKie } from './fake-kie.mjs';
import { build, root } from '../../scripts/build-lib.mjs';

const USERS = 50;
const TASKS_PER_USER = 10;
const COST = 40; // veo3
const CREDITS = TASKS_PER_USER * COST; // each user can pay for exactly their tasks
const TOTAL = USERS * TASKS_PER_USER;
const SUBMIT_CONCURRENCY = 50;
const POLL_CONCURRENCY = 25;
const POLL_PAUSE_MS = 500;
const KIE_RENDER_MS = 2000; // a kie.ai task reports successFlag 1 this long after it was submitted
const VIDEO_BYTES = 64 * 1024;
const TIME_LIMIT_MS = 5 * 60_000; // from the first submit until we stop waiting for tasks
const LOG_LINES_SHOWN = 25; // per server process; the rest is only counted
// The callback run: tasks that kie.ai finishes this long after the submit, half of them announced by a callback.
const LATENCY_TASKS = 20; // with callbacks, and as many again without
const LATENCY_RENDER_MS = 20_000;
const LATENCY_SPACING_MS = 500; // between two submits
// The versions run: users at once, each with exactly the credits for their versions (Omni, 4 credits a second).
const VERSION_USERS = 4;
const OMNI_PER_SECOND = 4;
const VERSION_SECONDS = 4; // the first version's length, an edit's too; an extension adds as many
const VERSION_TIME_LIMIT_MS = 5 * 60_000;
// The providers run: users at once, each asking kie.ai, fal.ai and the local renderer (PROVIDER_REQUESTS).
const PROVIDER_USERS = 30;
const FAL_RENDER_MS = 3000; // a fal.ai request is COMPLETED this long after its submit (IN_QUEUE for the first third)
const OMNI_EVERY = 3; // one user in three also asks for an Omni video: the local renderer runs ffmpeg, slowly
const FAL_BENCH_KEY = 'bench-fal-id:bench-fal-secret';
const PROVIDERS_TIME_LIMIT_MS = 5 * 60_000;
// Expected lines: the start banner and the notices about the frontends, which the bench does not build.
const QUIET = /Veo 3 Studio is serving|No built shell at|not built yet, not served/;

const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const mysqlUrl = process.env.BENCH_DATABASE_URL || null;
const redisUrl = process.env.BENCH_REDIS_URL || null;
const redisPrefix = `veo3benchvideo${runId}`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb) => (kb ? `${(kb / 1024).toFixed(0)} MB` : 'n/a');
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// The server under test, as child processes (one at a time), with their peak RSS.
// ---------------------------------------------------------------------------------------------
const servers = [];

function readPeakRssKb(pid) {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // gone, or no /proc
  }
}

/** CPU seconds (user + system) the process has used so far, from /proc/<pid>/stat (clock ticks of 1/100 s). */
function readCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function sampleRss() {
  for (const s of servers) {
    if (s.exited) continue;
    s.peakKb = Math.max(s.peakKb, readPeakRssKb(s.child.pid));
    s.cpuSeconds = Math.max(s.cpuSeconds, readCpuSeconds(s.child.pid));
  }
}

function startServer(env) {
  const n = servers.length + 1;
  const child = spawn(process.execPath, [join(root, 'services', 'dist', 'main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {{ n: number, child: typeof child, peakKb: number, cpuSeconds: number, exited: boolean, logLines: number, exit: Promise<{ code: number | null, signal: NodeJS.Signals | null }> | null }} */
  const s = { n, child, peakKb: 0, cpuSeconds: 0, exited: false, logLines: 0, exit: null };
  s.exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      s.exited = true;
      resolve({ code, signal });
    }),
  );
  const show = (stream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      const lines = (rest + text).split('\n');
      rest = /** @type {string} */ (lines.pop());
      for (const line of lines) {
        if (!line.trim() || QUIET.test(line)) continue;
        if (++s.logLines <= LOG_LINES_SHOWN) console.log(`  [server #${n}] ${line}`);
      }
    });
  };
  show(child.stdout);
  show(child.stderr);
  servers.push(s);
  return s;
}

async function waitHealthy(base, server) {
  for (let i = 0; i < 600; i++) {
    if (server.exited) throw new Error(`server #${server.n} exited during startup`);
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // starting
    }
    await sleep(100);
  }
  throw new Error(`server #${server.n} did not become healthy in 60 s`);
}

async function stopServer(s, signal = 'SIGTERM') {
  if (s.exited) return;
  const startedAt = Date.now();
  s.child.kill(signal);
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), 15_000)));
  const outcome = await Promise.race([s.exit, timeout]);
  clearTimeout(timer);
  if (outcome === 'timeout' && !s.exited) {
    console.log(`  server #${s.n} did not stop within 15 s of ${signal}; killing it`);
    s.child.kill('SIGKILL');
    await s.exit;
  }
  return Date.now() - startedAt;
}

/** Only what the bench chooses: nothing from the caller's environment reaches the server's config. */
function serverEnv({ port, dataDir, kieBaseUrl, extra = {} }) {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    TMPDIR: tmpdir(),
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, 'none'),
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: 'bench-admin@example.com',
    SIGNIN_RATE_LIMIT: '100000',
    GENERATE_RATE_LIMIT: '100000',
    // The runs' users send their requests all at once: the default (3 in the making) would refuse most.
    VIDEO_MAX_ACTIVE_PER_USER: '100',
    VIDEO_PROVIDER: 'kie',
    KIE_API_KEY: 'bench-key',
    KIE_BASE_URL: kieBaseUrl,
    ...(mysqlUrl ? { DATABASE_URL: mysqlUrl } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : {}),
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// MySQL's server-wide statement counter (queries per task), when benching MySQL.
// ---------------------------------------------------------------------------------------------
async function openQuestionsCounter() {
  if (!mysqlUrl) return null;
  const { createConnection } = await import('mysql2/promise');
  const conn = await createConnection({ uri: mysqlUrl });
  return {
    read: async () => {
      const [rows] = await conn.query("SHOW GLOBAL STATUS LIKE 'Questions'");
      return Number(rows[0]?.Value ?? rows[0]?.value ?? NaN);
    },
    close: () => conn.end().catch(() => undefined),
  };
}

async function dropRedisKeys(prefix = redisPrefix) {
  if (!redisUrl) return;
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = nextCursor;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// The run.
// ---------------------------------------------------------------------------------------------
let dataDir = null;
let fakeKie = null;
let rssTimer = null;

function cleanupSync() {
  clearInterval(rssTimer);
  for (const s of servers) if (!s.exited) s.child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the bench`);
    cleanupSync();
    process.exit(130);
  });
}
process.once('exit', cleanupSync);

async function main() {
  const startedAt = Date.now();
  dataDir = mkdtempSync(join(tmpdir(), 'veo3-bench-video-'));
  fakeKie = await startFakeKie('bench-key', { renderMs: KIE_RENDER_MS, videoBytes: VIDEO_BYTES });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv({ port, dataDir, kieBaseUrl: fakeKie.baseUrl, extra: { VIDEO_POLL_INTERVAL_MS: '250' } });
  const dbLabel = mysqlUrl ? 'MySQL' : 'SQLite';
  const queueLabel = redisUrl ? 'BullMQ' : 'in-process queue';
  const questions = await openQuestionsCounter();

  rssTimer = setInterval(sampleRss, 250);
  rssTimer.unref();
  let server = startServer(env);
  const api = apiAt(base);

  try {
    await waitHealthy(base, server);

    // Users, and exactly enough credits for their tasks.
    const admin = await api('POST', '/api/auth/dev', null, { email: 'bench-admin@example.com' });
    const users = Array.from({ length: USERS }, (_, i) => ({
      index: i,
      email: `bench-video-${runId}-u${i}@example.com`,
      token: '',
      id: '',
    }));
    await pool(users, 10, async (user) => {
      const signedIn = await api('POST', '/api/auth/dev', null, { email: user.email });
      user.token = signedIn.token;
      user.id = signedIn.user.id;
      await api('POST', '/api/credits/add', admin.token, {
        userId: user.id,
        amount: CREDITS,
        reason: 'test credits',
        sourceId: `bench-video-${runId}-grant-${user.index}`,
      });
    });

    // Tasks, round-robin over the users.
    const tasks = Array.from({ length: TOTAL }, (_, i) => ({
      n: i,
      user: users[i % USERS],
      prompt: `bench video ${runId} #${i}: a lighthouse at dusk, waves, slow dolly shot`,
      id: null,
      submittedAt: 0,
      submitError: null,
      status: 'unsubmitted',
      finishedAt: 0, // server time of the final update (updated_at)
      seenFinalAt: 0, // when the bench saw it final
      unfinishedAtCrash: false,
    }));

    const questionsBefore = questions ? await questions.read() : null;
    const firstSubmitAt = Date.now();
    const deadline = firstSubmitAt + TIME_LIMIT_MS;
    let submitsDone = false;
    let submitSeconds = 0;
    const submitting = pool(tasks, SUBMIT_CONCURRENCY, async (task) => {
      task.submittedAt = Date.now();
      try {
        const reply = await api('POST', '/api/video/generate', task.user.token, { prompt: task.prompt, model: 'veo3' });
        task.id = reply?.data?.taskId ?? null;
        if (!task.id) throw new Error(`no task id in ${JSON.stringify(reply).slice(0, 200)}`);
        task.status = 'pending';
      } catch (error) {
        task.submitError = error instanceof Error ? error.message : String(error);
        task.status = 'submit-error';
      }
    }).then(() => {
      submitsDone = true;
      submitSeconds = (Date.now() - firstSubmitAt) / 1000;
    });

    // Poll until everything is final (or the time limit); crash the server halfway.
    const crash = { done: false, at: 0, upAt: 0, completedBefore: 0, unfinished: 0 };
    let pollErrors = 0;
    let statusPolls = 0;
    let completedCount = 0;
    const crashDue = () => !crash.done && submitsDone && completedCount >= TOTAL / 2;
    const isFinal = (t) => t.status === 'completed' || t.status === 'failed' || t.status === 'submit-error';
    while (Date.now() < deadline) {
      const open = tasks.filter((t) => t.id && !isFinal(t));
      if (submitsDone && open.length === 0) break;
      await pool(open, POLL_CONCURRENCY, async (task) => {
        if (crashDue()) return; // end the round early, so the crash comes close to half
        statusPolls++;
        try {
          const reply = await api('GET', `/api/video/status/${task.id}`, task.user.token);
          const data = reply?.data;
          if (!data?.status) throw new Error('no status');
          if (data.status === 'completed' && task.status !== 'completed') completedCount++;
          task.status = data.status;
          if (isFinal(task)) {
            task.finishedAt = Date.parse(data.updated_at);
            task.seenFinalAt = Date.now();
          }
        } catch {
          pollErrors++;
        }
      });
      const completed = completedCount;
      if (crashDue()) {
        crash.done = true;
        crash.completedBefore = completed;
        for (const t of tasks) if (t.id && !isFinal(t)) t.unfinishedAtCrash = true;
        crash.unfinished = tasks.filter((t) => t.unfinishedAtCrash).length;
        sampleRss();
        crash.at = Date.now();
        console.log(
          `  crash: SIGKILL to server #${server.n} (pid ${server.child.pid}) at ${secs(crash.at - firstSubmitAt)}, ${completed} completed, ${crash.unfinished} unfinished`,
        );
        server.child.kill('SIGKILL');
        await server.exit;
        server = startServer(env);
        await waitHealthy(base, server);
        crash.upAt = Date.now();
        console.log(
          `  restart: server #${server.n} (pid ${server.child.pid}) healthy after ${secs(crash.upAt - crash.at)}`,
        );
        continue;
      }
      await sleep(POLL_PAUSE_MS);
    }
    await submitting;
    const questionsAfter = questions ? await questions.read() : null;
    sampleRss();
    // What one status poll costs in queries (to tell the worker's and generate's share from the polls').
    let queriesPerPoll = null;
    if (questions) {
      const sample = tasks.filter((t) => t.id).slice(0, 100);
      const before = await questions.read();
      await pool(sample, 10, (task) => api('GET', `/api/video/status/${task.id}`, task.user.token));
      queriesPerPoll = ((await questions.read()) - before - 1) / sample.length;
    }

    // The money: balances and ledgers.
    const money = { chargedTwice: 0, uncharged: 0, unknownDebits: 0, debits: 0, refunds: 0, wrongRefunds: 0 };
    const badBalances = [];
    await pool(users, 10, async (user) => {
      const mine = tasks.filter((t) => t.user === user && t.id);
      const byId = new Map(mine.map((t) => [t.id, t]));
      const balance = (await api('GET', '/api/credits/balance', user.token)).data.total_credits;
      const rows = [];
      for (let offset = 0; ; offset += 100) {
        const page = (await api('GET', `/api/credits/${user.id}/transactions?limit=100&offset=${offset}`, admin.token))
          .data;
        rows.push(...page.items);
        if (rows.length >= page.total || page.items.length === 0) break;
      }
      const debitsOf = new Map();
      const refundsOf = new Map();
      for (const row of rows) {
        if (row.source_type === 'video') {
          money.debits++;
          if (!byId.has(row.source_id)) money.unknownDebits++;
          debitsOf.set(row.source_id, (debitsOf.get(row.source_id) ?? 0) + 1);
        } else if (row.source_type === 'refund') {
          money.refunds++;
          refundsOf.set(row.source_id, (refundsOf.get(row.source_id) ?? 0) + 1);
        }
      }
      for (const task of mine) {
        const debits = debitsOf.get(task.id) ?? 0;
        if (debits > 1) money.chargedTwice++;
        if (debits === 0) money.uncharged++;
        const refunds = refundsOf.get(task.id) ?? 0;
        if (refunds !== (task.status === 'failed' ? 1 : 0)) money.wrongRefunds++;
      }
      for (const [sourceId] of refundsOf) if (!byId.has(sourceId)) money.wrongRefunds++;
      const completed = mine.filter((t) => t.status === 'completed').length;
      // Credits of a task still unfinished are held (debited, not yet refunded or spent).
      const held = mine.filter((t) => !isFinal(t)).length;
      const expected = CREDITS - COST * (completed + held);
      const ledgerSum = rows.reduce((sum, row) => sum + row.amount, 0);
      if (balance !== expected || ledgerSum !== balance) {
        badBalances.push(`${user.email}: balance ${balance}, expected ${expected}, ledger sum ${ledgerSum}`);
      }
    });

    // Figures.
    sampleRss();
    const submitted = tasks.filter((t) => t.id).length;
    const submitErrors = tasks.filter((t) => t.submitError);
    const completedTasks = tasks.filter((t) => t.status === 'completed');
    const failed = tasks.filter((t) => t.status === 'failed').length;
    const lost = tasks.filter((t) => t.id && !isFinal(t)).length;
    const lastCompletion = Math.max(firstSubmitAt, ...completedTasks.map((t) => t.finishedAt));
    const spanMs = lastCompletion - firstSubmitAt;
    const latencies = completedTasks.map((t) => t.finishedAt - t.submittedAt).sort((a, b) => a - b);
    const pct = (p) =>
      latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : 0;
    const afterCrash = completedTasks.filter((t) => t.unfinishedAtCrash);
    const slowAfterCrash = afterCrash.filter((t) => t.finishedAt - crash.upAt > 20_000);
    const resubmitted = [...fakeKie.generatesPerPrompt.values()].reduce((sum, count) => sum + count - 1, 0);
    const beforeCrash = completedTasks.filter((t) => crash.done && t.finishedAt <= crash.at).length;

    const row = (label, value) => console.log(`${label.padEnd(40)} ${value}`);
    console.log(
      `\nbench:video — ${TOTAL} tasks (${USERS} users × ${TASKS_PER_USER} × ${COST} credits), fake kie.ai (done ${KIE_RENDER_MS / 1000} s after submit, ${VIDEO_BYTES / 1024} KB file), ${dbLabel}, ${queueLabel}, poll interval 250 ms\n`,
    );
    row('tasks submitted', `${submitted}${submitErrors.length ? ` (+${submitErrors.length} refused at submit)` : ''}`);
    row('submit phase', `${secs(submitSeconds * 1000)} (${SUBMIT_CONCURRENCY} POSTs in flight)`);
    row('tasks completed', completedTasks.length);
    row('tasks failed', failed);
    row('tasks lost (unfinished at the end)', lost);
    row('wall time (whole bench)', secs(Date.now() - startedAt));
    row('first submit → last completion', secs(spanMs));
    row('tasks per second', spanMs > 0 ? (completedTasks.length / (spanMs / 1000)).toFixed(1) : 'n/a');
    if (crash.done) {
      row(
        '  completed before the crash',
        `${beforeCrash} in ${secs(crash.at - firstSubmitAt)} = ${(beforeCrash / ((crash.at - firstSubmitAt) / 1000)).toFixed(1)} /s`,
      );
      row(
        'crash (SIGKILL) → healthy again',
        `${secs(crash.upAt - crash.at)} (the bench had seen ${crash.completedBefore} completed, ${crash.unfinished} unfinished)`,
      );
      row(
        'unfinished at crash: done after restart',
        `${afterCrash.length}/${crash.unfinished}; ${slowAfterCrash.length} took > 20 s after the restart` +
          (slowAfterCrash.length
            ? ` (up to ${secs(Math.max(...slowAfterCrash.map((t) => t.finishedAt - crash.upAt)))}: the killed worker's lease)`
            : ''),
      );
    } else {
      row('crash', 'not reached (fewer than half completed in time)');
    }
    row('task latency p50 / p95 / max', `${secs(pct(0.5))} / ${secs(pct(0.95))} / ${secs(pct(1))}`);
    for (const s of servers) {
      row(
        `server #${s.n}${crash.done && s.n === 1 ? ' (killed)' : ''}: peak RSS, CPU`,
        `${mb(s.peakKb)}, ${s.cpuSeconds.toFixed(1)} s`,
      );
    }
    row(
      'database queries per task',
      questions
        ? (() => {
            const total = /** @type {number} */ (questionsAfter) - /** @type {number} */ (questionsBefore);
            const perPoll = /** @type {number} */ (queriesPerPoll);
            const polls = statusPolls * perPoll;
            const perTask = (n) => (n / Math.max(1, submitted)).toFixed(1);
            return `${perTask(total)} (MySQL Questions ${total}, server-wide) = ${perTask(total - polls)} generate + worker + ${perTask(polls)} for ${statusPolls} status polls at ${perPoll.toFixed(1)} each`;
          })()
        : `n/a (${dbLabel})`,
    );
    const k = fakeKie.stats;
    row(
      'fake kie.ai requests',
      `generate ${k.generate} (${resubmitted} re-submissions), record-info ${k.recordInfo}, downloads ${k.downloads}` +
        (k.unauthorized || k.invalid || k.notFound
          ? `, refused ${k.unauthorized} unauthorized / ${k.invalid} invalid / ${k.notFound} not found`
          : ''),
    );
    row('bench API requests', `${api.requests} (${pollErrors} status polls failed)`);
    for (const s of servers)
      if (s.logLines > LOG_LINES_SHOWN) row(`server #${s.n} log lines not shown`, s.logLines - LOG_LINES_SHOWN);
    for (const t of submitErrors.slice(0, 5)) console.log(`  submit error: ${t.submitError}`);
    for (const line of badBalances.slice(0, 5)) console.log(`  balance: ${line}`);

    const checks = [
      ['all complete', completedTasks.length === TOTAL, `${completedTasks.length}/${TOTAL}`],
      [
        'none lost',
        lost === 0 && submitErrors.length === 0,
        `${lost} unfinished, ${submitErrors.length} refused at submit`,
      ],
      [
        'none charged twice',
        money.chargedTwice === 0 && money.unknownDebits === 0 && money.uncharged === 0,
        `${money.debits} debits for ${submitted} tasks: ${money.chargedTwice} charged twice, ${money.uncharged} never charged, ${money.unknownDebits} for unknown tasks`,
      ],
      [
        'refunds only for failed tasks',
        money.wrongRefunds === 0,
        `${money.refunds} refunds for ${failed} failed tasks, ${money.wrongRefunds} wrong`,
      ],
      [
        'balances',
        badBalances.length === 0,
        `${USERS - badBalances.length}/${USERS} users at ${CREDITS} − ${COST} × completed (= their ledger sum)`,
      ],
    ];
    console.log('');
    for (const [name, ok, detail] of checks) console.log(`${ok ? 'PASS' : 'FAIL'} ${name} (${detail})`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    clearInterval(rssTimer);
    await questions?.close();
    for (const s of servers) await stopServer(s);
    await fakeKie?.close();
    await dropRedisKeys().catch((error) => console.error(`could not remove the bench's Redis keys: ${error}`));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = null;
  }
}

// ---------------------------------------------------------------------------------------------
// The callback run: how long after kie.ai has finished a task it is `completed` on our side, with
// kie.ai calling back and with polling alone, on the default poll interval (which backs off to 15 s).
// ---------------------------------------------------------------------------------------------
async function latencyRun() {
  const fake = await startFakeKie('bench-key', {
    renderMs: LATENCY_RENDER_MS,
    callBackWhen: (prompt) => prompt.startsWith('callback'),
  });
  const dir = mkdtempSync(join(tmpdir(), 'veo3-bench-callback-'));
  const port = await freePort();
  // The worker hands out callback URLs only for a site the internet can reach (not localhost):
  // 127.0.0.2 is this machine all the same. Dev sign-in must then be asked for.
  const base = `http://127.0.0.2:${port}`;
  const server = startServer(
    serverEnv({
      port,
      dataDir: dir,
      kieBaseUrl: fake.baseUrl,
      extra: {
        SITE_URL: base,
        HOST: '127.0.0.2',
        DEV_LOGIN: 'true',
        ...(redisUrl ? { REDIS_PREFIX: `${redisPrefix}cb` } : {}),
      },
    }),
  );
  const api = apiAt(base);
  try {
    await waitHealthy(base, server);
    const admin = await api('POST', '/api/auth/dev', null, { email: 'bench-admin@example.com' });
    const ways = ['callback', 'poll'];
    const tokens = {};
    for (const way of ways) {
      const user = await api('POST', '/api/auth/dev', null, { email: `bench-latency-${runId}-${way}@example.com` });
      await api('POST', '/api/credits/add', admin.token, {
        userId: user.user.id,
        amount: LATENCY_TASKS * COST,
        reason: 'test credits',
        sourceId: `bench-latency-${runId}-${way}`,
      });
      tokens[way] = user.token;
    }
    // Spread out and alternating, so that tasks finish one at a time: what is measured is the wake-up, not a queue.
    /** @type {{ way: string, token: string, prompt: string, id: string | null, done: any }[]} */
    const tasks = [];
    for (let i = 0; i < LATENCY_TASKS; i++) {
      for (const way of ways) {
        const task = { way, token: tokens[way], prompt: `${way} ${runId} #${i}`, id: null, done: null };
        task.id = (
          await api('POST', '/api/video/generate', task.token, { prompt: task.prompt, model: 'veo3' })
        ).data.taskId;
        tasks.push(task);
        await sleep(LATENCY_SPACING_MS);
      }
    }
    const deadline = Date.now() + LATENCY_RENDER_MS + 60_000;
    while (Date.now() < deadline && tasks.some((t) => !t.done)) {
      await pool(
        tasks.filter((t) => !t.done),
        10,
        async (task) => {
          const data = (await api('GET', `/api/video/status/${task.id}`, task.token)).data;
          if (data.status === 'completed' || data.status === 'failed') task.done = data;
        },
      );
      await sleep(500);
    }

    console.log(
      `\ncompletion latency — kie.ai finished → our worker fetches the result and completes the task (${LATENCY_TASKS} tasks each way, kie.ai done ${LATENCY_RENDER_MS / 1000} s after submit, default poll interval)\n`,
    );
    const checks = [];
    for (const way of ways) {
      const mine = tasks.filter((t) => t.way === way);
      const completed = mine.filter((t) => t.done?.status === 'completed');
      // Measured at the fake (the database keeps updated_at to the second on SQLite): the worker downloads
      // the result on the step that completes the task, right before marking it completed.
      const latencies = completed
        .map((t) => fake.fetchedAtByPrompt.get(t.prompt) - fake.doneAtByPrompt.get(t.prompt))
        .sort((a, b) => a - b);
      const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
      const label = way === 'callback' ? 'with kie.ai callbacks' : 'polling only';
      console.log(
        `${label.padEnd(40)} p50 ${Math.round(at(0.5))} ms / max ${Math.round(at(1))} ms` +
          (way === 'callback' ? ` (${fake.callbacks.sent} callbacks answered, ${fake.callbacks.failed} failed)` : ''),
      );
      checks.push([`${label}: all complete`, completed.length === mine.length, `${completed.length}/${mine.length}`]);
    }
    console.log('');
    for (const [name, ok, detail] of checks) console.log(`${ok ? 'PASS' : 'FAIL'} ${name} (${detail})`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await stopServer(server);
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The versions run: edits and extensions of Gemini Omni Flash videos on the local renderer, each
// charged once at its price (an edit: its parent's seconds; an extension: the added ones), nothing
// charged for a refused request, one task for an edit sent twice with one Idempotency-Key.
// ---------------------------------------------------------------------------------------------
async function versionsRun() {
  const dir = mkdtempSync(join(tmpdir(), 'veo3-bench-versions-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(
    serverEnv({
      port,
      dataDir: dir,
      kieBaseUrl: 'http://127.0.0.1:9',
      extra: {
        VIDEO_PROVIDER: 'local',
        VIDEO_POLL_INTERVAL_MS: '250',
        ...(redisUrl ? { REDIS_PREFIX: `${redisPrefix}v` } : {}),
      },
    }),
  );
  const api = apiAt(base);
  /** A request whose refusal is expected: its status and reply, never a throw. */
  const call = async (method, path, token, body, headers = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, json: await response.json().catch(() => null) };
  };
  const startedAt = Date.now();
  try {
    await waitHealthy(base, server);
    const admin = await api('POST', '/api/auth/dev', null, { email: 'bench-admin@example.com' });
    const cost = { generate: VERSION_SECONDS * OMNI_PER_SECOND, edit: VERSION_SECONDS * OMNI_PER_SECOND };
    cost.extend = VERSION_SECONDS * OMNI_PER_SECOND;
    // v1, two edits, an extension, the edit sent twice: five versions.
    const credits = cost.generate + 3 * cost.edit + cost.extend;
    /** @type {{ i: number, token: string, id: string, tasks: any[], refused: number[], twice: { statuses: number[], ids: number } | null, root: string | null }[]} */
    const users = [];
    for (let i = 0; i < VERSION_USERS; i++) {
      const signedIn = await api('POST', '/api/auth/dev', null, { email: `bench-versions-${runId}-u${i}@example.com` });
      await api('POST', '/api/credits/add', admin.token, {
        userId: signedIn.user.id,
        amount: credits,
        reason: 'test credits',
        sourceId: `bench-versions-${runId}-${i}`,
      });
      users.push({ i, token: signedIn.token, id: signedIn.user.id, tasks: [], refused: [], twice: null, root: null });
    }
    const deadline = Date.now() + VERSION_TIME_LIMIT_MS;
    const finished = async (user, taskId) => {
      while (Date.now() < deadline) {
        const data = (await api('GET', `/api/video/status/${taskId}`, user.token)).data;
        if (data.status === 'completed' || data.status === 'failed') return data;
        await sleep(POLL_PAUSE_MS);
      }
      return { id: taskId, status: 'unfinished' };
    };
    const version = async (user, kind, path, body) => {
      const taskId = (await api('POST', path, user.token, body)).data.taskId;
      const task = { kind, ...(await finished(user, taskId)) };
      user.tasks.push(task);
      return task;
    };

    await pool(users, VERSION_USERS, async (user) => {
      const { i } = user;
      const v1 = await version(user, 'generate', '/api/video/generate', {
        prompt: `bench versions ${runId} #${i}: a lighthouse at dusk`,
        model: 'omni',
        duration: VERSION_SECONDS,
      });
      user.root = v1.id;
      const v2 = await version(user, 'edit', `/api/video/edit/${v1.id}`, { instruction: 'make it night' });
      const [v3, branch] = await Promise.all([
        version(user, 'extend', `/api/video/extend/${v2.id}`, { seconds: VERSION_SECONDS }),
        version(user, 'edit', `/api/video/edit/${v1.id}`, { instruction: 'in the rain' }),
      ]);
      // The same edit of the branch (4 s) twice at once with one key: one task, one charge.
      const key = `bench-${runId}-${i}`;
      const twice = await Promise.all(
        [0, 1].map(() =>
          call(
            'POST',
            `/api/video/edit/${branch.id}`,
            user.token,
            { instruction: 'slower camera' },
            { 'idempotency-key': key },
          ),
        ),
      );
      const ids = new Set(twice.map((r) => r.json?.data?.taskId));
      user.twice = { statuses: twice.map((r) => r.status), ids: ids.size };
      if (ids.size === 1 && twice[0].json?.data?.taskId) {
        user.tasks.push({ kind: 'edit', ...(await finished(user, twice[0].json.data.taskId)) });
      }
      // Refused before any charge: an extension by more than 10 s.
      user.refused.push((await call('POST', `/api/video/extend/${v3.id}`, user.token, { seconds: 11 })).status);
    });
    // Refused before any charge: another user's video.
    for (const user of users) {
      const stranger = users[(user.i + 1) % users.length];
      user.refused.push(
        (await call('POST', `/api/video/edit/${stranger.root}`, user.token, { instruction: 'x' })).status,
      );
    }

    const money = { chargedTwice: 0, uncharged: 0, unknownDebits: 0, wrongAmounts: 0, wrongRefunds: 0, debits: 0 };
    const badBalances = [];
    const badHistories = [];
    for (const [i, user] of users.entries()) {
      const byId = new Map(user.tasks.map((t) => [t.id, t]));
      const balance = (await api('GET', '/api/credits/balance', user.token)).data.total_credits;
      const rows = (await api('GET', `/api/credits/${user.id}/transactions?limit=100&offset=0`, admin.token)).data
        .items;
      const debitsOf = new Map();
      const refundsOf = new Map();
      for (const row of rows) {
        if (row.source_type === 'video') {
          money.debits++;
          const task = byId.get(row.source_id);
          if (!task) money.unknownDebits++;
          else if (-row.amount !== cost[task.kind]) money.wrongAmounts++;
          debitsOf.set(row.source_id, (debitsOf.get(row.source_id) ?? 0) + 1);
        } else if (row.source_type === 'refund') {
          refundsOf.set(row.source_id, (refundsOf.get(row.source_id) ?? 0) + 1);
          if (row.amount !== cost[byId.get(row.source_id)?.kind]) money.wrongRefunds++;
        }
      }
      for (const task of user.tasks) {
        const debits = debitsOf.get(task.id) ?? 0;
        if (debits > 1) money.chargedTwice++;
        if (debits === 0) money.uncharged++;
        if ((refundsOf.get(task.id) ?? 0) !== (task.status === 'failed' ? 1 : 0)) money.wrongRefunds++;
      }
      const spent = user.tasks.filter((t) => t.status !== 'failed').reduce((sum, t) => sum + cost[t.kind], 0);
      const ledgerSum = rows.reduce((sum, row) => sum + row.amount, 0);
      if (balance !== credits - spent || ledgerSum !== balance) {
        badBalances.push(`user ${i}: balance ${balance}, expected ${credits - spent}, ledger sum ${ledgerSum}`);
      }
      const history = (await api('GET', '/api/video/history?limit=10', user.token)).data;
      const completed = user.tasks.filter((t) => t.status === 'completed').length;
      if (
        history.total !== 1 ||
        history.items[0]?.root_task_id !== user.root ||
        history.items[0].versions.length !== completed
      )
        badHistories.push(
          `user ${i}: ${history.total} videos, ${history.items[0]?.versions.length} versions of ${completed}`,
        );
    }
    const all = users.flatMap((u) => u.tasks);
    const completed = all.filter((t) => t.status === 'completed');
    const extensions = completed.filter((t) => t.kind === 'extend');
    const refused = users.flatMap((u) => u.refused);
    const twice = users.map((u) => /** @type {{ statuses: number[], ids: number }} */ (u.twice));
    const row = (label, value) => console.log(`${label.padEnd(40)} ${value}`);
    console.log(
      `
versions — ${VERSION_USERS} users × (Omni ${VERSION_SECONDS} s, 3 edits, 1 extension +${VERSION_SECONDS} s) on the local renderer, ${mysqlUrl ? 'MySQL' : 'SQLite'}
`,
    );
    row('versions completed', `${completed.length}/${all.length} in ${secs(Date.now() - startedAt)}`);
    row('versions failed (refunded)', all.filter((t) => t.status === 'failed').length);
    row(
      'server: peak RSS, CPU',
      `${mb(readPeakRssKb(server.child.pid))}, ${readCpuSeconds(server.child.pid).toFixed(1)} s`,
    );
    const checks = [
      [
        'versions: all complete',
        completed.length === all.length && all.length === 5 * VERSION_USERS,
        `${completed.length}/${5 * VERSION_USERS}`,
      ],
      [
        'versions: extensions hold the whole video',
        extensions.every((t) => t.duration_s === 2 * VERSION_SECONDS),
        extensions.map((t) => `${t.duration_s} s`).join(', '),
      ],
      [
        'versions: none charged twice, each at its price',
        money.chargedTwice === 0 && money.uncharged === 0 && money.unknownDebits === 0 && money.wrongAmounts === 0,
        `${money.debits} debits for ${all.length} versions: ${money.chargedTwice} twice, ${money.uncharged} never, ${money.unknownDebits} unknown, ${money.wrongAmounts} at a wrong price`,
      ],
      ['versions: refunds only for failed versions, in full', money.wrongRefunds === 0, `${money.wrongRefunds} wrong`],
      [
        'versions: one key sent twice at once, one task',
        twice.every((t) => t.ids === 1 && t.statuses.every((s) => s === 200)),
        twice.map((t) => `${t.statuses.join('+')} → ${t.ids} task`).join(', '),
      ],
      [
        'versions: refused before charging',
        refused.every((status) => status === 400 || status === 404) && refused.length === 2 * VERSION_USERS,
        refused.join(', '),
      ],
      [
        'versions: balances',
        badBalances.length === 0,
        `${VERSION_USERS - badBalances.length}/${VERSION_USERS} users at ${credits} − the price of each version kept (= their ledger sum)`,
      ],
      [
        'versions: History shows one video with every version',
        badHistories.length === 0,
        badHistories.join('; ') || 'ok',
      ],
    ];
    for (const line of badBalances) console.log(`  balance: ${line}`);
    console.log('');
    for (const [name, ok, detail] of checks) console.log(`${ok ? 'PASS' : 'FAIL'} ${name} (${detail})`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The providers run: one server with kie.ai (Veo), fal.ai (Kling, Seedance) and the local renderer
// (Omni) serving at once, SIGKILLed halfway and restarted; every task checked at its own price.
// ---------------------------------------------------------------------------------------------
const KIE_FAIL_MARKER = '[kie-fail]';
/** The endpoint fal.ai is asked for each model's text-to-video (the catalogue's routes.fal.text). */
const FAL_ENDPOINTS = {
  'kling-2.5-turbo': 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video',
  'seedance-1-lite': 'fal-ai/bytedance/seedance/v1/lite/text-to-video',
  'wan-2.2': 'fal-ai/wan/v2.2-a14b/text-to-video',
};
/**
 * What each user asks for, and the tasks each request makes: model, provider, price. Prices from
 * services/src/video/catalogue/default-catalogue.ts: Veo by the video, the others by the second.
 */
const PROVIDER_REQUESTS = [
  { name: 'veo', body: { model: 'veo3' }, tasks: [{ model: 'veo3', provider: 'kie', price: 40 }] }, // 40 a video
  // Kling 2.5 Turbo makes 1080p only, 3 credits a second: 3 × 5 = 15, 3 × 10 = 30.
  {
    name: 'kling 5 s',
    body: { model: 'kling-2.5-turbo', duration: 5 },
    tasks: [{ model: 'kling-2.5-turbo', provider: 'fal', price: 15 }],
  },
  {
    name: 'kling 10 s',
    body: { model: 'kling-2.5-turbo', duration: 10 },
    tasks: [{ model: 'kling-2.5-turbo', provider: 'fal', price: 30 }],
  },
  // Seedance 1.0 Lite: 2 credits a second at 720p (2 × 10 = 20), 1 at 480p (1 × 5 = 5).
  {
    name: 'seedance 720p 10 s',
    body: { model: 'seedance-1-lite', duration: 10, resolution: '720p' },
    tasks: [{ model: 'seedance-1-lite', provider: 'fal', price: 20 }],
  },
  {
    name: 'seedance 480p 5 s',
    body: { model: 'seedance-1-lite', duration: 5, resolution: '480p' },
    tasks: [{ model: 'seedance-1-lite', provider: 'fal', price: 5 }],
  },
  // Compare, half the users each: Kling 3 × 5 = 15 (1080p) and Seedance Lite 2 × 5 = 10 (its default 720p);
  // Seedance Lite 2 × 5 = 10 and Wan 2.2 4 × 5 = 20 (both 720p). One task and one debit per model.
  {
    name: 'compare kling+seedance',
    only: (i) => i % 2 === 0,
    body: { compare: 'kling-2.5-turbo,seedance-1-lite', duration: 5 },
    tasks: [
      { model: 'kling-2.5-turbo', provider: 'fal', price: 15 },
      { model: 'seedance-1-lite', provider: 'fal', price: 10 },
    ],
  },
  {
    name: 'compare seedance+wan',
    only: (i) => i % 2 === 1,
    body: { compare: 'seedance-1-lite,wan-2.2', duration: 5 },
    tasks: [
      { model: 'seedance-1-lite', provider: 'fal', price: 10 },
      { model: 'wan-2.2', provider: 'fal', price: 20 },
    ],
  },
  // Failing at the provider: charged, then refunded in full once.
  {
    name: 'fails at fal.ai',
    marker: FAL_FAIL_MARKER,
    body: { model: 'kling-2.5-turbo', duration: 5 },
    tasks: [{ model: 'kling-2.5-turbo', provider: 'fal', price: 15 }],
  },
  {
    name: 'fails at kie.ai',
    marker: KIE_FAIL_MARKER,
    body: { model: 'veo3' },
    tasks: [{ model: 'veo3', provider: 'kie', price: 40 }],
  },
  // Gemini Omni Flash, which neither kie.ai nor fal.ai serves: 4 credits a second, 4 × 4 = 16.
  {
    name: 'omni 4 s',
    only: (i) => i % OMNI_EVERY === 0,
    body: { model: 'omni', duration: 4 },
    tasks: [{ model: 'omni', provider: 'local', price: 16 }],
  },
];
const PROVIDER_LABELS = { kie: 'kie.ai (Veo)', fal: 'fal.ai (Kling, Seedance, Wan)', local: 'local renderer (Omni)' };

/** The task rows' provider, provider job id and cost, read from the database itself. */
async function taskRows(dir, ids) {
  const sql = `SELECT id, provider, provider_job_id, cost FROM video_tasks WHERE id IN (${ids.map(() => '?').join(',')})`;
  let rows;
  if (mysqlUrl) {
    const { createConnection } = await import('mysql2/promise');
    const conn = await createConnection({ uri: mysqlUrl });
    try {
      [rows] = await conn.query(sql, ids);
    } finally {
      await conn.end();
    }
  } else {
    const Database = createRequire(join(root, 'services', 'package.json'))('better-sqlite3');
    const db = new Database(join(dir, 'veo3.sqlite'), { readonly: true, fileMustExist: true });
    try {
      rows = db.prepare(sql).all(...ids);
    } finally {
      db.close();
    }
  }
  return new Map(rows.map((r) => [r.id, r]));
}

/** Each user's ledger against the tasks they asked for: one debit at its price, refunds, the balance. */
async function providerLedgers(api, adminToken, users, tasks) {
  const money = {
    debits: 0,
    chargedTwice: 0,
    uncharged: 0,
    unknownDebits: 0,
    wrongPrices: 0,
    refunds: 0,
    wrongRefunds: 0,
  };
  const badBalances = [];
  await pool(users, 10, async (user) => {
    const own = tasks.filter((t) => t.user === user);
    const byId = new Map(own.map((t) => [t.id, t]));
    const balance = (await api('GET', '/api/credits/balance', user.token)).data.total_credits;
    const page = (await api('GET', `/api/credits/${user.id}/transactions?limit=100&offset=0`, adminToken)).data;
    const rows = page.items; // a dozen lines a user: one page
    const debitsOf = new Map();
    const refundsOf = new Map();
    for (const row of rows) {
      const task = byId.get(row.source_id);
      if (row.source_type === 'video') {
        money.debits++;
        if (!task) money.unknownDebits++;
        else if (row.amount !== -task.price) money.wrongPrices++;
        debitsOf.set(row.source_id, (debitsOf.get(row.source_id) ?? 0) + 1);
      } else if (row.source_type === 'refund') {
        money.refunds++;
        if (!task || row.amount !== task.price) money.wrongRefunds++;
        refundsOf.set(row.source_id, (refundsOf.get(row.source_id) ?? 0) + 1);
      }
    }
    for (const task of own) {
      const debits = debitsOf.get(task.id) ?? 0;
      if (debits > 1) money.chargedTwice++;
      if (debits === 0) money.uncharged++;
      if ((refundsOf.get(task.id) ?? 0) !== (task.status === 'failed' ? 1 : 0)) money.wrongRefunds++;
    }
    // Credits of a task still unfinished are held: debited, neither refunded nor spent yet.
    const spent = own.filter((t) => t.status !== 'failed').reduce((sum, t) => sum + t.price, 0);
    const ledgerSum = rows.reduce((sum, row) => sum + row.amount, 0);
    if (balance !== user.granted - spent || ledgerSum !== balance || page.total !== rows.length) {
      badBalances.push(
        `${user.email}: balance ${balance}, expected ${user.granted} − ${spent} = ${user.granted - spent}, ledger sum ${ledgerSum}`,
      );
    }
  });
  return { money, badBalances };
}

/** Where each task went: its row's provider, and the request that provider's fake received; rows at another cost. */
async function providerRoutes(dir, tasks, kie, fal) {
  const stored = await taskRows(
    dir,
    tasks.map((t) => t.id),
  );
  const kiePrompts = new Set([...kie.tasks.values()].map((k) => k.prompt));
  const falPrompts = new Set([...fal.requests.values()].map((f) => f.prompt));
  const misrouted = [];
  let wrongCosts = 0;
  for (const task of tasks) {
    const row = stored.get(task.id);
    if (Number(row?.cost) !== task.price) wrongCosts++;
    const jobId = String(row?.provider_job_id ?? '');
    let sent = false;
    if (task.provider === 'kie') {
      const job = kie.tasks.get(jobId);
      sent = job?.prompt === task.request.prompt && job?.model === 'veo3';
    } else if (task.provider === 'fal') {
      const job = fal.requests.get(jobId.slice(jobId.lastIndexOf('#') + 1));
      sent = job?.prompt === task.request.prompt && job?.endpoint === FAL_ENDPOINTS[task.model];
    } else {
      sent = !kiePrompts.has(task.request.prompt) && !falPrompts.has(task.request.prompt);
    }
    if (row?.provider !== task.provider || !sent) {
      misrouted.push(`${task.model} task ${task.id}: row provider ${row?.provider}, job ${jobId || 'none'}`);
    }
  }
  // Nothing reached a fake that was not meant for it.
  const meantFor = (provider) => new Set(tasks.filter((t) => t.provider === provider).map((t) => t.request.prompt));
  const strays = [
    ...[...kiePrompts].filter((p) => !meantFor('kie').has(p)),
    ...[...falPrompts].filter((p) => !meantFor('fal').has(p)),
  ];
  return { stored, misrouted, strays, wrongCosts };
}

async function providersRun() {
  const dir = mkdtempSync(join(tmpdir(), 'veo3-bench-providers-'));
  const kie = await startFakeKie('bench-key', {
    renderMs: KIE_RENDER_MS,
    videoBytes: VIDEO_BYTES,
    failWhen: (prompt) => prompt.includes(KIE_FAIL_MARKER),
  });
  const fal = await startFakeFal(FAL_BENCH_KEY, { renderMs: FAL_RENDER_MS, videoBytes: VIDEO_BYTES });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv({
    port,
    dataDir: dir,
    kieBaseUrl: kie.baseUrl,
    extra: {
      VIDEO_PROVIDERS: 'kie,fal,local',
      FAL_KEY: FAL_BENCH_KEY,
      FAL_BASE_URL: fal.baseUrl,
      VIDEO_POLL_INTERVAL_MS: '250',
      VIDEO_PROVIDER: '', // unset: VIDEO_PROVIDERS instead
      ...(redisUrl ? { REDIS_PREFIX: `${redisPrefix}p` } : {}),
    },
  });
  const mine = [];
  let server = startServer(env);
  mine.push(server);
  const api = apiAt(base);
  const startedAt = Date.now();
  try {
    await waitHealthy(base, server);
    const admin = await api('POST', '/api/auth/dev', null, { email: 'bench-admin@example.com' });

    // Users, each with exactly the credits for everything they ask for.
    const users = Array.from({ length: PROVIDER_USERS }, (_, i) => ({
      i,
      email: `bench-providers-${runId}-u${i}@example.com`,
      token: '',
      id: '',
      granted: 0,
    }));
    /** @type {{ user: any, spec: any, prompt: string, submittedAt: number, submitError: string | null }[]} */
    const requests = [];
    // Round by round each user asks for a different kind, so that every provider is busy all along.
    for (let round = 0; round < PROVIDER_REQUESTS.length; round++) {
      for (const user of users) {
        const spec = PROVIDER_REQUESTS[(user.i + round) % PROVIDER_REQUESTS.length];
        if (spec.only && !spec.only(user.i)) continue;
        const prompt = `bench providers ${runId} u${user.i} ${spec.name}: a kite over the dunes${spec.marker ? ` ${spec.marker}` : ''}`;
        requests.push({ user, spec, prompt, submittedAt: 0, submitError: null });
        user.granted += spec.tasks.reduce((sum, { price }) => sum + price, 0);
      }
    }
    await pool(users, 10, async (user) => {
      const signedIn = await api('POST', '/api/auth/dev', null, { email: user.email });
      user.token = signedIn.token;
      user.id = signedIn.user.id;
      await api('POST', '/api/credits/add', admin.token, {
        userId: user.id,
        amount: user.granted,
        reason: 'test credits',
        sourceId: `bench-providers-${runId}-grant-${user.i}`,
      });
    });

    /** @type {{ id: string, user: any, request: any, model: string, provider: string, price: number, fails: boolean, status: string, data: any, finishedAt: number, unfinishedAtCrash: boolean }[]} */
    const tasks = [];
    const firstSubmitAt = Date.now();
    const deadline = firstSubmitAt + PROVIDERS_TIME_LIMIT_MS;
    let submitsDone = false;
    const submitting = pool(requests, SUBMIT_CONCURRENCY, async (request) => {
      request.submittedAt = Date.now();
      try {
        const reply = await api('POST', '/api/video/generate', request.user.token, {
          prompt: request.prompt,
          ...request.spec.body,
        });
        const ids = reply?.data?.taskIds ?? [];
        if (ids.length !== request.spec.tasks.length)
          throw new Error(`${ids.length} task ids in ${JSON.stringify(reply).slice(0, 200)}`);
        for (const [n, { model, provider, price }] of request.spec.tasks.entries()) {
          tasks.push({
            id: ids[n],
            user: request.user,
            request,
            model,
            provider,
            price,
            fails: Boolean(request.spec.marker),
            status: 'pending',
            data: null,
            finishedAt: 0,
            unfinishedAtCrash: false,
          });
        }
      } catch (error) {
        request.submitError = error instanceof Error ? error.message : String(error);
      }
    }).then(() => {
      submitsDone = true;
    });

    // Poll until every task has ended (or the time limit); crash the server once half have.
    const total = requests.reduce((sum, r) => sum + r.spec.tasks.length, 0);
    const isFinal = (t) => t.status === 'completed' || t.status === 'failed';
    const crash = { done: false, at: 0, upAt: 0, ended: 0, unfinished: 0 };
    let pollErrors = 0;
    const crashDue = () => !crash.done && submitsDone && tasks.filter(isFinal).length >= tasks.length / 2;
    while (Date.now() < deadline) {
      const open = tasks.filter((t) => !isFinal(t));
      if (submitsDone && open.length === 0) break;
      await pool(open, POLL_CONCURRENCY, async (task) => {
        if (crashDue()) return;
        try {
          const data = (await api('GET', `/api/video/status/${task.id}`, task.user.token))?.data;
          if (!data?.status) throw new Error('no status');
          task.status = data.status;
          task.data = data;
          if (isFinal(task)) task.finishedAt = Date.parse(data.updated_at);
        } catch {
          pollErrors++;
        }
      });
      if (crashDue()) {
        crash.done = true;
        crash.ended = tasks.filter(isFinal).length;
        for (const t of tasks) if (!isFinal(t)) t.unfinishedAtCrash = true;
        crash.unfinished = tasks.filter((t) => t.unfinishedAtCrash).length;
        sampleRss();
        crash.at = Date.now();
        console.log(
          `  crash: SIGKILL to server #${server.n} (pid ${server.child.pid}) at ${secs(crash.at - firstSubmitAt)}, ${crash.ended} ended, ${crash.unfinished} unfinished`,
        );
        server.child.kill('SIGKILL');
        await server.exit;
        server = startServer(env);
        mine.push(server);
        await waitHealthy(base, server);
        crash.upAt = Date.now();
        console.log(
          `  restart: server #${server.n} (pid ${server.child.pid}) healthy after ${secs(crash.upAt - crash.at)}`,
        );
        continue;
      }
      await sleep(POLL_PAUSE_MS);
    }
    await submitting;
    sampleRss();

    const { money, badBalances } = await providerLedgers(api, admin.token, users, tasks);
    const { stored, misrouted, strays, wrongCosts } = await providerRoutes(dir, tasks, kie, fal);

    // Figures.
    const submitErrors = requests.filter((r) => r.submitError);
    const unexpected = tasks.filter(
      (t) => isFinal(t) && (t.status !== (t.fails ? 'failed' : 'completed') || t.data?.model !== t.model),
    );
    const lost = tasks.filter((t) => !isFinal(t));
    const afterCrash = tasks.filter((t) => t.unfinishedAtCrash && isFinal(t));
    const row = (label, value) => console.log(`${label.padEnd(40)} ${value}`);
    const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0);
    const resubmitted = (counts) => [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
    console.log(
      `\nproviders — ${total} tasks of ${PROVIDER_USERS} users on kie.ai (Veo, done ${KIE_RENDER_MS / 1000} s after submit), fal.ai (Kling, Seedance, Wan; ${FAL_RENDER_MS / 1000} s) and the local renderer (Omni 4 s, one user in ${OMNI_EVERY}), ${mysqlUrl ? 'MySQL' : 'SQLite'}, ${redisUrl ? 'BullMQ' : 'in-process queue'}, poll interval 250 ms\n`,
    );
    row(
      'requests submitted',
      `${requests.length - submitErrors.length}/${requests.length} (${SUBMIT_CONCURRENCY} POSTs in flight)`,
    );
    for (const provider of ['kie', 'fal', 'local']) {
      const theirs = tasks.filter((t) => t.provider === provider);
      const completed = theirs.filter((t) => t.status === 'completed');
      const lastDone = Math.max(firstSubmitAt, ...theirs.filter(isFinal).map((t) => t.finishedAt));
      const span = lastDone - firstSubmitAt;
      const latencies = theirs
        .filter(isFinal)
        .map((t) => t.finishedAt - t.request.submittedAt)
        .sort((a, b) => a - b);
      row(
        PROVIDER_LABELS[provider],
        `${theirs.length} tasks: ${completed.length} completed, ${theirs.filter((t) => t.status === 'failed').length} failed; ` +
          `${span > 0 ? (theirs.filter(isFinal).length / (span / 1000)).toFixed(1) : 'n/a'} tasks/s over ${secs(span)}; ` +
          `latency p50 ${secs(pct(latencies, 0.5))} / max ${secs(pct(latencies, 1))}`,
      );
    }
    const lastEnd = Math.max(firstSubmitAt, ...tasks.filter(isFinal).map((t) => t.finishedAt));
    row(
      'all: first submit → last task ended',
      `${secs(lastEnd - firstSubmitAt)}, ${(tasks.filter(isFinal).length / Math.max(0.001, (lastEnd - firstSubmitAt) / 1000)).toFixed(1)} tasks/s`,
    );
    row('wall time (this run)', secs(Date.now() - startedAt));
    if (crash.done) {
      row(
        'crash (SIGKILL) → healthy again',
        `${secs(crash.upAt - crash.at)} (the bench had seen ${crash.ended} ended, ${crash.unfinished} unfinished)`,
      );
      row(
        'unfinished at crash: ended after restart',
        ['kie', 'fal', 'local']
          .map((p) => {
            const at = tasks.filter((t) => t.unfinishedAtCrash && t.provider === p);
            return `${p} ${at.filter(isFinal).length}/${at.length}`;
          })
          .join(', '),
      );
    } else {
      row('crash', 'not reached (fewer than half ended in time)');
    }
    for (const s of mine) {
      row(
        `server #${s.n}${s === mine[0] && crash.done ? ' (killed)' : ''}: peak RSS, CPU`,
        `${mb(s.peakKb)}, ${s.cpuSeconds.toFixed(1)} s`,
      );
    }
    row(
      'fake kie.ai requests',
      `generate ${kie.stats.generate} (${resubmitted(kie.generatesPerPrompt)} re-submissions), record-info ${kie.stats.recordInfo}, downloads ${kie.stats.downloads}`,
    );
    row(
      'fake fal.ai requests',
      `submit ${fal.stats.submit} (${resubmitted(fal.submitsPerPrompt)} re-submissions), status ${fal.stats.status}, result ${fal.stats.result}, downloads ${fal.stats.downloads}` +
        (fal.stats.unauthorized || fal.stats.invalid
          ? `, refused ${fal.stats.unauthorized} unauthorized / ${fal.stats.invalid} invalid`
          : ''),
    );
    row('bench API requests', `${api.requests} (${pollErrors} status polls failed)`);
    for (const s of mine)
      if (s.logLines > LOG_LINES_SHOWN) row(`server #${s.n} log lines not shown`, s.logLines - LOG_LINES_SHOWN);
    for (const name of new Set(submitErrors.map((r) => r.spec.name))) {
      const refused = submitErrors.filter((r) => r.spec.name === name);
      console.log(`  refused at submit: ${refused.length} × ${name}, e.g. ${refused[0].submitError}`);
    }
    for (const t of unexpected.slice(0, 5))
      console.log(
        `  unexpected: ${t.model} ${t.status} (${t.data?.model}) ${t.data?.error_code ?? ''} ${t.request.prompt}`,
      );
    for (const line of misrouted.slice(0, 5)) console.log(`  misrouted: ${line}`);
    for (const line of strays.slice(0, 5)) console.log(`  stray request at a provider: ${line}`);
    for (const line of badBalances.slice(0, 5)) console.log(`  balance: ${line}`);

    const failing = tasks.filter((t) => t.fails).length;
    const checks = [
      [
        'providers: every request accepted',
        submitErrors.length === 0 && tasks.length === total,
        `${requests.length - submitErrors.length}/${requests.length} requests, ${tasks.length}/${total} tasks made`,
      ],
      [
        'providers: every task ended as asked',
        unexpected.length === 0 && lost.length === 0,
        `${tasks.filter((t) => t.status === 'completed').length} completed, ${tasks.filter((t) => t.status === 'failed').length} failed of ${tasks.length}; ${failing} meant to fail; ${unexpected.length} otherwise`,
      ],
      [
        'providers: none lost across the crash',
        lost.length === 0 && crash.done && afterCrash.length === crash.unfinished,
        `${afterCrash.length}/${crash.unfinished} unfinished at the crash ended, ${lost.length} unfinished now`,
      ],
      [
        'providers: each task went to its provider',
        misrouted.length === 0 && strays.length === 0 && stored.size === tasks.length,
        `${tasks.length - misrouted.length}/${tasks.length} rows name the provider whose fake got the prompt (and endpoint), ${strays.length} stray requests`,
      ],
      [
        'providers: one debit per task at its catalogue price',
        money.chargedTwice === 0 &&
          money.uncharged === 0 &&
          money.unknownDebits === 0 &&
          money.wrongPrices === 0 &&
          wrongCosts === 0,
        `${money.debits} debits for ${tasks.length} tasks: ${money.chargedTwice} twice, ${money.uncharged} never, ${money.unknownDebits} unknown, ${money.wrongPrices} at a wrong price; ${wrongCosts} task rows at another cost`,
      ],
      [
        'providers: refunds only for failed tasks, once, in full',
        money.wrongRefunds === 0,
        `${money.refunds} refunds for ${tasks.filter((t) => t.status === 'failed').length} failed tasks, ${money.wrongRefunds} wrong`,
      ],
      [
        'providers: balances',
        badBalances.length === 0,
        `${PROVIDER_USERS - badBalances.length}/${PROVIDER_USERS} users at granted − the prices of their completed tasks (= their ledger sum)`,
      ],
    ];
    console.log('');
    for (const [name, ok, detail] of checks) console.log(`${ok ? 'PASS' : 'FAIL'} ${name} (${detail})`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    for (const s of mine) await stopServer(s);
    await kie.close();
    await fal.close();
    await dropRedisKeys(`${redisPrefix}p`).catch((error) =>
      console.error(`could not remove the bench's Redis keys: ${error}`),
    );
    rmSync(dir, { recursive: true, force: true });
  }
}

const runs = new Set((process.env.BENCH_VIDEO_RUNS || 'main,latency,versions,providers').split(','));
try {
  await build({ parts: ['services'], onlyStale: true });
  if (runs.has('main')) await main();
  if (runs.has('latency')) await latencyRun();
  if (runs.has('versions')) await versionsRun();
  if (runs.has('providers')) await providersRun();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
