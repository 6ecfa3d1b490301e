// @ts-check
// `npm run bench:blog`: the blog's two most-read replies, GET /api/blog/posts and the /blog/:slug
// HTML, under 50 connections, each next to a bare Node HTTP server (its own process) sending the
// same bytes in the same run. Prints req/s, p99 and the ratio to the floor (target ≥ 0.5×).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { build, root } from '../../scripts/build-lib.mjs';
import { freePort, startFloor, waitUp } from './bench-lib.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const POSTS = 30;

const load = (url, connections = CONNECTIONS, duration = DURATION_S) =>
  autocannon({ url, connections, duration, pipelining: 1 });

async function compare(name, url) {
  const sample = await fetch(url);
  const bytes = Buffer.from(await sample.arrayBuffer());
  if (!sample.ok) throw new Error(`${name}: ${sample.status} ${bytes}`);
  const floor = await startFloor(200, bytes, sample.headers);
  try {
    await load(floor.url, 10, 2);
    await load(url, 10, 2);
    const bare = await load(floor.url);
    const app = await load(url);
    return { name, bytes: bytes.length, bare, app };
  } finally {
    floor.stop();
  }
}

async function main() {
  await build({ parts: ['services'], onlyStale: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-bench-blog-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'services', 'dist', 'main.js')], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      SITE_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEV_LOGIN: 'true',
      BLOG_ADMIN_EMAILS: 'bench-editor@example.com',
    },
    stdio: 'inherit',
  });
  try {
    await waitUp(`${base}/api/health`);
    const { token } = await (
      await fetch(`${base}/api/auth/dev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench-editor@example.com', name: 'Bench Editor' }),
      })
    ).json();
    const paragraph = '<p>Veo 3 turns a prompt into an eight-second video with sound. '.repeat(6) + '</p>';
    let slug = '';
    for (let i = 0; i < POSTS; i++) {
      const res = await fetch(`${base}/api/blog/admin/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title: `How to write a video prompt, part ${i + 1}`,
          excerpt: 'Subject, action, camera, light and sound: a prompt that works.',
          content: `<h2>Part ${i + 1}</h2>${paragraph.repeat(8)}`,
          status: 'published',
          tags: ['prompts', 'guide'],
        }),
      });
      if (!res.ok) throw new Error(`create post: ${res.status} ${await res.text()}`);
      slug = (await res.json()).data.slug;
    }

    const results = [
      await compare('GET /api/blog/posts?page=1&limit=12', `${base}/api/blog/posts?page=1&limit=12`),
      await compare(`GET /blog/${slug} (HTML)`, `${base}/blog/${slug}`),
    ];
    console.log(`\nbench:blog — ${CONNECTIONS} connections, ${DURATION_S} s each, ${POSTS} published posts, SQLite\n`);
    console.log(
      `${''.padEnd(44)} ${'bytes'.padStart(7)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'ratio'.padStart(6)}`,
    );
    let failed = false;
    for (const r of results) {
      const ratio = r.app.requests.average / r.bare.requests.average;
      const errors = r.app.non2xx + r.app.errors;
      failed ||= errors > 0 || ratio < 0.5;
      console.log(
        `${'  floor (bare Node, same bytes)'.padEnd(44)} ${String(r.bytes).padStart(7)} ${r.bare.requests.average.toFixed(0).padStart(8)} ${r.bare.latency.p99.toFixed(1).padStart(7)}`,
      );
      console.log(
        `${`  ${r.name}`.padEnd(44)} ${String(r.bytes).padStart(7)} ${r.app.requests.average.toFixed(0).padStart(8)} ${r.app.latency.p99.toFixed(1).padStart(7)} ${ratio.toFixed(2).padStart(5)}×${errors ? `  (${errors} errors)` : ''}`,
      );
    }
    console.log(`\n${failed ? 'FAIL' : 'PASS'}  both at least 0.5× the floor, with no errors`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    server.kill('SIGTERM');
    await /** @type {Promise<void>} */ (new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r))));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
