// @ts-check
// `npm run bench:lighthouse`: builds and serves the production site as bench:web does (embedded
// default: SQLite, no Redis), runs Lighthouse 12's default (mobile) configuration with its simulated
// throttling on the public pages, BENCH_LH_RUNS times each (default 3), and prints per page the
// median performance and accessibility scores, FCP, LCP, TBT, CLS, Speed Index and the largest
// opportunities, next to the floor: a static HTML page of the same transferred size from the same
// server, measured in the same run. Then PASS/MISS against the goals; it exits non-zero
// only on an error. Each page's median report is kept in .tmp/bench-lighthouse/ for reading.
// Lighthouse's figures are noise while something else holds the CPU: run it on an idle machine.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, waitUp } from '../../services/bench/bench-lib.mjs';
import { build, FRONTENDS, root } from '../../scripts/build-lib.mjs';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const ALL_PAGES = [
  '/',
  '/pricing',
  '/blog',
  '/text-to-veo3-video?type=text',
  '/developers',
  '/explore',
  '/v/{shared}',
  '/video-effects',
  '/effects/ai-french-kissing',
];
// BENCH_LH_PAGES=/a,/b measures just those pages (while working on them).
const PAGES = process.env.BENCH_LH_PAGES ? process.env.BENCH_LH_PAGES.split(',') : ALL_PAGES;
const GOALS = { performance: 95, accessibility: 100, cls: 0 };
const REPORTS = join(root, '.tmp', 'bench-lighthouse');
const CHROME_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The figures of one Lighthouse run, and the run's report (kept for the median run). */
function figures(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  // Opportunities: the performance audits that failed with an estimated saving, largest first.
  const opportunities = lhr.categories.performance.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => {
      const savings = a.metricSavings ?? {};
      const ms = a.details?.overallSavingsMs ?? Math.max(0, savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0);
      return { id: a.id, ms, bytes: a.details?.overallSavingsBytes ?? 0, title: a.title };
    })
    .filter((o) => o.ms > 0 || o.bytes > 0)
    .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes);
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    bytes: value('total-byte-weight'),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    opportunities,
    lhr,
  };
}

/** Lighthouse's errors of a failed recording (not of the page), which a second run does not repeat. */
const TRANSIENT = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_FCP', 'PROTOCOL_TIMEOUT']);

async function runLighthouse(port, url) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return figures(result.lhr);
    if (!TRANSIENT.has(runtimeError.code) || attempt === 3)
      throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    console.log(`Lighthouse on ${url}: ${runtimeError.code}, run again`);
  }
}

/** The run whose performance score is the median, and the median of each figure over all runs. */
function summarise(runs) {
  const byScore = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = byScore[Math.floor(byScore.length / 2)];
  const m = (key) => median(runs.map((r) => r[key]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    fcp: m('fcp'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: Math.max(...runs.map((r) => r.cls)),
    si: m('si'),
    bytes: m('bytes'),
    scores: runs.map((r) => r.performance),
    lcpElement: middle.lcpElement,
    opportunities: middle.opportunities.slice(0, 4),
    lhr: middle.lhr,
  };
}

function floorPage(bytes) {
  const head =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>floor</title></head>' +
    '<body><main><h1>Floor</h1><p style="overflow-wrap:anywhere">';
  const tail = '</p></main></body></html>';
  const fill = Math.max(0, bytes - head.length - tail.length);
  // Random text does not compress, so the page transfers as many bytes as the route did.
  return head + randomBytes(fill).toString('base64').slice(0, fill) + tail;
}

const ms = (v) => `${(v / 1000).toFixed(2)} s`.padStart(7);
const row = (label, s) =>
  `  ${label.padEnd(6)} perf ${String(s.performance).padStart(3)}  a11y ${String(s.accessibility).padStart(3)}  ` +
  `FCP ${ms(s.fcp)}  LCP ${ms(s.lcp)}  TBT ${`${s.tbt.toFixed(0)} ms`.padStart(7)}  CLS ${s.cls.toFixed(3)}  ` +
  `SI ${ms(s.si)}  ${(s.bytes / 1024).toFixed(0).padStart(5)} KB`;

/**
 * A shared video listed in the gallery, as a visitor finds one: made by the local renderer for an
 * account the sign-up bonus pays for, then shared. Its page is measured as `/v/{shared}`, and
 * /explore shows it.
 */
async function sharedVideo(baseUrl) {
  const call = async (path, init = {}) => {
    const reply = await fetch(`${baseUrl}${path}`, init);
    if (!reply.ok) throw new Error(`bench-lighthouse: ${path} answered ${reply.status}`);
    return (await reply.json()).data ?? {};
  };
  const signIn = await fetch(`${baseUrl}/api/auth/dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-sharer@example.com' }),
  });
  const headers = { authorization: `Bearer ${(await signIn.json()).token}` };
  const form = new FormData();
  form.set('prompt', 'A paper lantern drifts over a night market, warm light, soft crowd murmur');
  form.set('model', 'veo3');
  const { taskId } = await call('/api/video/generate', { method: 'POST', headers, body: form });
  for (let status = ''; status !== 'completed'; await new Promise((done) => setTimeout(done, 1000))) {
    status = (await call(`/api/video/status/${taskId}`, { headers })).status;
    if (status === 'failed') throw new Error('bench-lighthouse: the shared video failed to render');
  }
  const share = await call(`/api/share/tasks/${taskId}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ offer_to_gallery: true, category: 'movie' }),
  });
  return share.id;
}

async function main() {
  await build({ onlyStale: true });

  // A private copy of the build, so the floor pages can sit beside the real assets on the same server.
  const webDir = mkdtempSync(join(tmpdir(), 'veo3-bench-lh-'));
  for (const part of FRONTENDS) cpSync(join(root, part, 'dist'), join(webDir, part, 'dist'), { recursive: true });
  const floorDir = join(webDir, 'shell', 'dist', 'assets', 'floor');
  mkdirSync(floorDir, { recursive: true });

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-bench-lh-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'services', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
      SIGNUP_BONUS_CREDITS: '40',
    },
    stdio: 'inherit',
  });
  let chrome;
  try {
    await waitUp(`${baseUrl}/api/health`);
    const shared = await sharedVideo(baseUrl);
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    mkdirSync(REPORTS, { recursive: true });
    const loadAtStart = loadavg()[0];

    const results = [];
    for (const [index, path] of PAGES.entries()) {
      const runs = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await runLighthouse(chrome.port, `${baseUrl}${path.replace('{shared}', shared)}`));
      const page = summarise(runs);
      const floorName = `floor-${index}.html`;
      writeFileSync(join(floorDir, floorName), floorPage(page.bytes));
      const floors = [];
      for (let i = 0; i < RUNS; i++)
        floors.push(await runLighthouse(chrome.port, `${baseUrl}/assets/floor/${floorName}`));
      const report = join(
        REPORTS,
        `${index}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`,
      );
      writeFileSync(report, JSON.stringify(page.lhr));
      results.push({ path, page, floor: summarise(floors), report });
      console.log(`measured ${path} (scores ${page.scores.join(', ')})`);
    }
    const loadAtEnd = loadavg()[0];

    console.log(
      `\nbench:lighthouse — Lighthouse ${results[0].page.lhr.lighthouseVersion}, mobile preset (simulated throttling), ` +
        `median of ${RUNS} runs per page; floor: static HTML of the same transferred size, same server`,
    );
    console.log(`load average (1 min) ${loadAtStart.toFixed(2)} at start, ${loadAtEnd.toFixed(2)} at end\n`);
    for (const { path, page, floor, report } of results) {
      console.log(path);
      console.log(row('page', page));
      console.log(row('floor', floor));
      if (page.lcpElement) console.log(`  LCP element: ${page.lcpElement.slice(0, 110)}`);
      for (const o of page.opportunities)
        console.log(
          `  - ${o.title} (${o.id}): ${o.ms.toFixed(0)} ms${o.bytes ? `, ${(o.bytes / 1024).toFixed(0)} KB` : ''}`,
        );
      console.log(`  report: ${report}\n`);
    }
    console.log('goals');
    for (const { path, page } of results) {
      const checks = [
        [`performance ≥ ${GOALS.performance}`, page.performance >= GOALS.performance, page.performance],
        [`accessibility ${GOALS.accessibility}`, page.accessibility >= GOALS.accessibility, page.accessibility],
        [`CLS ${GOALS.cls} (worst run)`, page.cls <= GOALS.cls, page.cls.toFixed(3)],
      ];
      for (const [goal, ok, value] of checks)
        console.log(
          `  ${ok ? 'PASS' : 'MISS'} ${path} ${goal} ${'.'.repeat(Math.max(1, 52 - path.length - goal.length))} ${value}`,
        );
    }
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
}
