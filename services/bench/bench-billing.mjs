// @ts-check
// `npm run bench:billing`: 1,000 signed Stripe webhook deliveries (800 events + 20% duplicates,
// shuffled, 20 at a time) at the built server, whose Stripe SDK talks to a local fake Stripe.
// Prints events per second next to a bare Node server that only checks the signature (the floor),
// and PASS/FAIL for: every balance equals the expected ledger, no event applied twice, no grant missing.
// Optional: BENCH_DATABASE_URL=mysql://… runs it on a fresh database on that MySQL/MariaDB server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, root } from '../../scripts/build-lib.mjs';
import { freePort, pool } from './bench-lib.mjs';
import { startFakeStripe } from '../test/support/fake-stripe.mjs';

const USERS = 100;
const PACKS_PER_USER = 4;
const DUPLICATE_SHARE = 0.2;
const CONCURRENCY = 20;
const WEBHOOK_SECRET = 'whsec_bench';
const PACKS = { starter: 330, basic: 950, standard: 2200 };
const PLANS = { lite: 590, pro: 1340, 'pro+': 3370 };

const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const mysqlBase = process.env.BENCH_DATABASE_URL || null;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

function shuffle(list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

async function waitHealthy(base, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited during startup');
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // starting
    }
    await sleep(100);
  }
  throw new Error('server did not become healthy');
}

function spawnNode(args, env) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  return child;
}

/** A fresh database on the given MySQL server, dropped at the end. */
async function mysqlDatabase() {
  if (!mysqlBase) return null;
  const { createConnection } = await import('mysql2/promise');
  const name = `veo3_bench_billing_${runId}`;
  const admin = await createConnection({ uri: mysqlBase });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(mysqlBase);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const conn = await createConnection({ uri: mysqlBase });
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}

/** Sends every delivery, `CONCURRENCY` at a time; returns events per second and the failed ones. */
async function deliverAll(url, deliveries, sign) {
  const failed = [];
  const startedAt = performance.now();
  await pool(deliveries, CONCURRENCY, async (payload) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      body: payload,
    });
    await res.arrayBuffer();
    if (!res.ok) failed.push(res.status);
  });
  return { perSecond: deliveries.length / ((performance.now() - startedAt) / 1000), failed };
}

// The floor: a bare Node server that checks the Stripe signature and answers, nothing else.
const FLOOR_SERVER = `
const { createServer } = require('node:http');
const Stripe = require('stripe');
const stripe = new Stripe('sk_test_floor');
createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    try {
      stripe.webhooks.constructEvent(Buffer.concat(chunks), req.headers['stripe-signature'], process.env.SECRET);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    } catch {
      res.writeHead(400).end();
    }
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

async function main() {
  await build({ parts: ['services'], onlyStale: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-bench-billing-'));
  const stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  const database = await mysqlDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnNode([join(root, 'services', 'dist', 'main.js')], {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    PORT: String(port),
    SITE_URL: base,
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, 'none'),
    LOG_LEVEL: 'error',
    DEV_LOGIN: 'true',
    SIGNIN_RATE_LIMIT: '100000',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.baseUrl,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const floorPort = await freePort();
  const floor = spawnNode(['-e', FLOOR_SERVER], {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    PORT: String(floorPort),
    SECRET: WEBHOOK_SECRET,
    NODE_PATH: join(root, 'node_modules'),
  });

  try {
    await waitHealthy(base, server);
    const api = async (method, path, token, body) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: body && JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };

    // Set-up through the real API: each user buys 4 packs and 1 plan that renews once.
    const users = [];
    const events = [];
    await pool(
      Array.from({ length: USERS }, (_, i) => i),
      10,
      async (i) => {
        const { token, user } = await api('POST', '/api/auth/dev', null, { email: `bench-${i}@example.com` });
        const expected = { token, id: user.id, credits: 0, payments: new Set() };
        for (let p = 0; p < PACKS_PER_USER; p++) {
          const packId = pick(Object.keys(PACKS));
          const { session_id: id } = await api('POST', '/api/stripe/create-payment-intent', token, {
            type: 'credits',
            package_id: packId,
          });
          stripe.pay(id);
          events.push(stripe.event('checkout.session.completed', id));
          expected.credits += PACKS[packId];
          expected.payments.add(id);
        }
        const planId = pick(Object.keys(PLANS));
        const { session_id: id } = await api('POST', '/api/stripe/create-payment-intent', token, {
          type: 'subscription',
          plan_id: planId,
        });
        const session = stripe.pay(id);
        const renewal = stripe.renew(session.subscription);
        events.push(
          stripe.event('checkout.session.completed', id),
          stripe.event('invoice.paid', session.invoice),
          stripe.event('customer.subscription.updated', session.subscription),
          stripe.event('invoice.paid', renewal),
        );
        expected.credits += 2 * PLANS[planId];
        expected.payments.add(session.invoice).add(renewal);
        users.push(expected);
      },
    );
    const duplicates = shuffle([...events]).slice(
      0,
      Math.round((events.length * DUPLICATE_SHARE) / (1 - DUPLICATE_SHARE)),
    );
    const deliveries = shuffle([...events, ...duplicates]);
    const sign = (payload) => stripe.sign(payload);

    const floorRun = await deliverAll(`http://127.0.0.1:${floorPort}/`, deliveries, sign);
    const run = await deliverAll(`${base}/api/stripe/webhook`, deliveries, sign);

    // The outcome, read back through the API.
    let balancesRight = 0;
    let appliedTwice = 0;
    let missing = 0;
    let ledgerMismatch = 0;
    await pool(users, 10, async (u) => {
      const { data: balance } = await api('GET', '/api/credits/balance', u.token);
      const { data: page } = await api('GET', `/api/credits/${u.id}/transactions?limit=100`, u.token);
      const sources = page.items.map((t) => t.source_id);
      if (balance.total_credits === u.credits) balancesRight++;
      appliedTwice += sources.length - new Set(sources).size + Math.max(0, sources.length - u.payments.size);
      missing += [...u.payments].filter((id) => !sources.includes(id)).length;
      if (page.items.reduce((sum, t) => sum + t.amount, 0) !== balance.total_credits) ledgerMismatch++;
    });

    const line = (ok, text) => console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
    console.log(
      `\nbench:billing — ${deliveries.length} deliveries (${events.length} events + ${duplicates.length} duplicates, shuffled), ${CONCURRENCY} concurrent, ${database ? 'MySQL' : 'SQLite'}, ${USERS} users\n`,
    );
    console.log(`  server   ${run.perSecond.toFixed(0).padStart(6)} events/s`);
    console.log(`  floor    ${floorRun.perSecond.toFixed(0).padStart(6)} events/s  (bare Node, signature check only)`);
    console.log(`  ratio    ${(run.perSecond / floorRun.perSecond).toFixed(2)}× of the floor\n`);
    line(
      run.failed.length === 0,
      `every delivery answered 2xx (${run.failed.length} did not: ${[...new Set(run.failed)].join(', ')})`,
    );
    line(
      balancesRight === users.length,
      `every balance equals the expected ledger exactly (${balancesRight}/${users.length})`,
    );
    line(appliedTwice === 0, `no event applied twice (${appliedTwice} extra grants)`);
    line(missing === 0, `no grant missing (${missing} missing)`);
    line(ledgerMismatch === 0, `balances equal the sum of their ledger (${ledgerMismatch} differ)`);
    process.exitCode =
      run.failed.length || balancesRight !== users.length || appliedTwice || missing || ledgerMismatch ? 1 : 0;
  } finally {
    server.kill('SIGTERM');
    floor.kill('SIGTERM');
    await /** @type {Promise<void>} */ (
      new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)))
    );
    await stripe.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
