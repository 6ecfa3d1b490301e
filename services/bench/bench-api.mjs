// `npm run bench:api`: GET /api/credits/balance under 50 concurrent connections, next to a bare
// Node HTTP server answering the same bytes in the same run (the floor). Prints req/s, p99 and ratios.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { build, root } from '../../scripts/build-lib.mjs';
import { freePort } from './bench-lib.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

async function waitHealthy(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

const load = (url, headers) =>
  autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, pipelining: 1 });

async function main() {
  await build({ parts: ['services'], onlyStale: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-bench-api-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'services', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: 'bench-admin@example.com',
      SIGNIN_RATE_LIMIT: '1000',
      WEB_DIR: join(dataDir, 'no-web'),
    },
    stdio: 'inherit',
  });
  let floor;
  try {
    await waitHealthy(base);
    const signIn = async (email) =>
      (
        await fetch(`${base}/api/auth/dev`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        })
      ).json();
    const admin = await signIn('bench-admin@example.com');
    const user = await signIn('bench-user@example.com');
    // A realistic reply: a balance with a full page of ledger lines.
    for (let i = 0; i < 12; i++) {
      await fetch(`${base}/api/credits/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ userId: user.user.id, amount: 40, sourceType: 'purchase', sourceId: `bench-${i}` }),
      });
    }
    const headers = { authorization: `Bearer ${user.token}` };
    const sample = await fetch(`${base}/api/credits/balance`, { headers });
    const bytes = Buffer.from(await sample.arrayBuffer());
    if (!sample.ok) throw new Error(`balance failed: ${sample.status} ${bytes}`);

    floor = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      res.end(bytes);
    });
    await new Promise((resolve) => floor.listen(0, '127.0.0.1', resolve));
    const floorUrl = `http://127.0.0.1:${floor.address().port}/api/credits/balance`;

    // Warm both, then measure the floor and the app one after the other on the same machine.
    await autocannon({ url: floorUrl, connections: 10, duration: 2 });
    await autocannon({ url: `${base}/api/credits/balance`, connections: 10, duration: 2, headers });
    const bare = await load(floorUrl, {});
    const app = await load(`${base}/api/credits/balance`, headers);
    if (app.non2xx > 0 || app.errors > 0)
      throw new Error(`app answered ${app.non2xx} non-2xx and ${app.errors} errors`);

    const row = (name, r) =>
      `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(9)} ${r.latency.p99.toFixed(1).padStart(9)} ${r.latency.average.toFixed(2).padStart(9)}`;
    console.log(
      `\nbench:api — GET /api/credits/balance (${bytes.length} bytes), ${CONNECTIONS} connections, ${DURATION_S} s each\n`,
    );
    console.log(`${''.padEnd(34)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(9)} ${'mean ms'.padStart(9)}`);
    console.log(row('bare Node http, same bytes (floor)', bare));
    console.log(row('services (auth + session + SQLite)', app));
    console.log(
      `\nratio: ${(app.requests.average / bare.requests.average).toFixed(3)} of the floor's req/s, p99 ${(app.latency.p99 / Math.max(bare.latency.p99, 0.001)).toFixed(1)}× the floor's`,
    );
  } finally {
    floor?.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
