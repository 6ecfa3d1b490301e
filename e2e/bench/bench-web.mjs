// @ts-check
// `npm run bench:web`: builds and serves the site, loads each route in headless Chromium and prints,
// per route, the JavaScript it downloads (gzip), its requests and the time to its main content,
// next to the floor: a static HTML page of the same transferred size from the same server.
// Then, for / and /pricing with the CPU slowed 4×: Largest Contentful Paint and Cumulative Layout
// Shift, next to a static page with the same hero (the route's own server HTML without its scripts:
// same header, hero, poster and stylesheet) served by the same server in the same run.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { chromium } from 'playwright-core';
import { build, FRONTENDS, root } from '../../scripts/build-lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const PAINT_ROUTES = ['/', '/pricing'];
const ROUTES = [
  { path: '/', remote: null },
  { path: '/pricing', remote: 'billing' },
  { path: '/text-to-veo3-video', remote: 'generator' },
  { path: '/video-history', remote: 'generator' },
  { path: '/blog', remote: 'blog' },
  { path: '/terms-of-service', remote: null },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

// Records when the page's main heading first exists: the route's main content.
const MAIN_CONTENT_PROBE = () => {
  const mark = () => {
    if (!window.benchMainContentAt && document.querySelector('main h1')) window.benchMainContentAt = performance.now();
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
};

async function loadRoute(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(MAIN_CONTENT_PROBE);
  const scripts = [];
  const paths = [];
  page.on('requestfinished', (request) => {
    paths.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'script') scripts.push(request.response());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => window.benchMainContentAt);
  const mainContentMs = await page.evaluate(() => window.benchMainContentAt);
  let jsGzip = 0;
  for (const response of await Promise.all(scripts)) {
    if (response) jsGzip += gzipSync(await response.body(), { level: 9 }).length;
  }
  const transferred = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
      (sum, entry) => sum + /** @type {PerformanceResourceTiming} */ (entry).transferSize,
      0,
    ),
  );
  await context.close();
  return { mainContentMs, jsGzip, requests: paths.length, transferred, paths };
}

// Largest Contentful Paint and Cumulative Layout Shift as the page reports them (web-vitals' definitions, without input).
const PAINT_PROBE = () => {
  window.benchLcp = 0;
  window.benchCls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {LayoutShift[]} */ (list.getEntries()))
      if (!entry.hadRecentInput) window.benchCls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

/** One cold load with the CPU slowed down: LCP (ms) and CLS once the page has settled. */
async function paintRoute(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(PAINT_PROBE);
  await page.goto(url, { waitUntil: 'networkidle' });
  // Late shifts count too: the hero's video and a remote arrive after load.
  await page.waitForTimeout(1000);
  const result = await page.evaluate(() => ({ lcp: window.benchLcp, cls: window.benchCls }));
  await context.close();
  return result;
}

/** Client-side navigation from / to the generator, clicked like a user would, timed inside the page. */
async function navigateToGenerator(browser, baseUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  const ms = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const started = performance.now();
        const homeHeading = document.querySelector('main h1')?.textContent;
        const done = () => {
          // The home page stays up during the transition: done when the generator's heading replaces it.
          const heading = document.querySelector('main h1');
          if (location.pathname === '/text-to-veo3-video' && heading && heading.textContent !== homeHeading) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        };
        const observer = new MutationObserver(done);
        observer.observe(document, { childList: true, subtree: true, characterData: true });
        /** @type {HTMLAnchorElement} */ (document.querySelector('a[href="/text-to-veo3-video"]')).click();
      }),
  );
  await context.close();
  return ms;
}

function floorPage(bytes) {
  const head =
    '<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body><main><h1>Floor</h1><p>';
  const tail = '</p></main></body></html>';
  // Random text does not compress, so the page transfers as many bytes as the route did.
  const filler = randomBytes(Math.max(0, bytes - head.length - tail.length))
    .toString('base64')
    .slice(0, Math.max(0, bytes - head.length - tail.length));
  return head + filler + tail;
}

async function main() {
  await build({ onlyStale: true });

  // A private copy of the build, so the floor pages can sit beside the real assets on the same server.
  const webDir = mkdtempSync(join(tmpdir(), 'veo3-bench-web-'));
  for (const part of FRONTENDS) cpSync(join(root, part, 'dist'), join(webDir, part, 'dist'), { recursive: true });
  mkdirSync(join(webDir, 'shell', 'dist', 'assets', 'floor'), { recursive: true });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

  // First pass: sizes of each route, to write floor pages of the same size before the server lists its files.
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-bench-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'services', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  try {
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 100));
    }

    const rows = [];
    for (const route of ROUTES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await loadRoute(browser, `${baseUrl}${route.path}`));
      const last = runs[runs.length - 1];
      const floorName = `floor-${rows.length}.html`;
      writeFileSync(
        join(webDir, 'shell', 'dist', 'assets', 'floor', floorName),
        floorPage(median(runs.map((r) => r.transferred))),
      );
      const floors = [];
      for (let i = 0; i < RUNS; i++) floors.push(await loadRoute(browser, `${baseUrl}/assets/floor/${floorName}`));
      const remotes = [...new Set(last.paths.filter((p) => p.startsWith('/mfe/')).map((p) => p.split('/')[2]))];
      rows.push({
        route: route.path,
        jsKb: median(runs.map((r) => r.jsGzip)) / 1024,
        requests: median(runs.map((r) => r.requests)),
        transferredKb: median(runs.map((r) => r.transferred)) / 1024,
        mainMs: median(runs.map((r) => r.mainContentMs)),
        floorMs: median(floors.map((r) => r.mainContentMs)),
        remotes,
        expected: route.remote,
      });
    }

    // LCP and CLS with a slow CPU, next to the same page as static HTML (no scripts) from the same server.
    const paints = [];
    for (const path of PAINT_ROUTES) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const floorName = `floor-static-${paints.length}.html`;
      writeFileSync(
        join(webDir, 'shell', 'dist', 'assets', 'floor', floorName),
        html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''),
      );
      const runs = [];
      const floors = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await paintRoute(browser, `${baseUrl}${path}`));
        floors.push(await paintRoute(browser, `${baseUrl}/assets/floor/${floorName}`));
      }
      paints.push({
        route: path,
        lcp: median(runs.map((r) => r.lcp)),
        cls: median(runs.map((r) => r.cls)),
        worstCls: Math.max(...runs.map((r) => r.cls)),
        floorLcp: median(floors.map((r) => r.lcp)),
      });
    }

    const navigations = [];
    for (let i = 0; i < RUNS; i++) navigations.push(await navigateToGenerator(browser, baseUrl));

    console.log(`\nbench:web — median of ${RUNS} cold loads per route (fresh browser context each)\n`);
    console.log(
      'route                  JS gzip KB  requests  transferred KB  main content ms  floor ms  ratio  remotes',
    );
    for (const r of rows) {
      console.log(
        `${r.route.padEnd(22)} ${r.jsKb.toFixed(1).padStart(10)}  ${String(r.requests).padStart(8)}  ${r.transferredKb
          .toFixed(1)
          .padStart(14)}  ${r.mainMs.toFixed(0).padStart(15)}  ${r.floorMs.toFixed(0).padStart(8)}  ${(
          r.mainMs / r.floorMs
        )
          .toFixed(2)
          .padStart(5)}  ${r.remotes.join(',') || '-'}`,
      );
    }
    console.log(
      `\nfirst paint — ${CPU_SLOWDOWN}× CPU slowdown, median of ${RUNS}; floor: the same page as static HTML\n`,
    );
    console.log('route                  LCP ms  floor LCP ms  ratio    CLS  worst CLS');
    for (const p of paints) {
      console.log(
        `${p.route.padEnd(22)} ${p.lcp.toFixed(0).padStart(6)}  ${p.floorLcp.toFixed(0).padStart(12)}  ${(
          p.lcp / p.floorLcp
        )
          .toFixed(2)
          .padStart(5)}  ${p.cls.toFixed(3).padStart(5)}  ${p.worstCls.toFixed(3).padStart(9)}`,
      );
    }

    const home = rows[0];
    const nav = median(navigations);
    const homePaint = paints[0];
    const ratio = homePaint.lcp / homePaint.floorLcp;
    console.log('\ntargets');
    console.log(
      `  / loads no remote code ........................ ${home.remotes.length === 0 ? 'yes' : `NO (${home.remotes})`}`,
    );
    console.log(
      `  / JavaScript ≤ 150 KB gzip .................... ${home.jsKb.toFixed(1)} KB ${home.jsKb <= 150 ? 'ok' : 'OVER'}`,
    );
    for (const r of rows.slice(1)) {
      const only = r.expected ? r.remotes.length === 1 && r.remotes[0] === r.expected : r.remotes.length === 0;
      console.log(
        `  ${r.route} loads only ${r.expected ?? 'the shell'} ${'.'.repeat(Math.max(1, 30 - r.route.length - (r.expected ?? 'the shell').length))} ${only ? 'yes' : `NO (${r.remotes})`}`,
      );
    }
    console.log(`  / → /text-to-veo3-video client-side ≤ 300 ms .. ${nav.toFixed(0)} ms ${nav <= 300 ? 'ok' : 'SLOW'}`);
    console.log(
      `  / LCP within 1.5× of the floor (stretch 1.2×) . ${ratio.toFixed(2)}× ${ratio <= 1.2 ? 'ok (stretch)' : ratio <= 1.5 ? 'ok' : 'SLOW'}`,
    );
    for (const p of paints)
      console.log(
        `  ${p.route} CLS < 0.05 ${'.'.repeat(Math.max(1, 35 - p.route.length))} ${p.cls.toFixed(3)} ${p.cls < 0.05 ? 'ok' : 'OVER'}`,
      );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  }
}

await main();
