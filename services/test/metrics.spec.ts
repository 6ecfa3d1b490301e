import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { DataSource } from 'typeorm';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { VideoProviders } from '../src/video/providers/video-providers';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.mjs';
import { multipart } from './support/multipart';
import { ScriptedProvider } from './support/scripted-provider';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { freePort } from './support/video-client';

jest.setTimeout(60_000);

const WEBHOOK_SECRET = 'whsec_metrics_secret';
const redis = process.env.TEST_REDIS_URL;

type Scrape = Map<string, number>;

/** GET /metrics on the metrics port, as Prometheus reads it: series (`name{labels}`) → value. */
async function scrape(port: number): Promise<Scrape> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const series: Scrape = new Map();
  for (const line of (await res.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

/** How much each series of `name` moved between two scrapes (series that did not move are left out). */
function moved(before: Scrape, after: Scrape, name: string): Record<string, number> {
  const deltas: Record<string, number> = {};
  for (const [key, value] of after) {
    if (key !== name && !key.startsWith(`${name}{`)) continue;
    const delta = value - (before.get(key) ?? 0);
    if (delta !== 0) deltas[key.slice(name.length)] = delta;
  }
  return deltas;
}

const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;

describe.each(databaseKinds())('metrics after a scripted session on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let provider: ScriptedProvider;
  let port: number;
  /** Every request this test sent, as the HTTP counter should have it: `{method,route,status_class}` → count. */
  const sent: Record<string, number> = {};

  async function call(route: string, options: InjectOptions & { url: string }) {
    const res = await t.app.inject(options);
    const key = `{method="${options.method ?? 'GET'}",route="${route}",status_class="${statusClass(res.statusCode)}"}`;
    sent[key] = (sent[key] ?? 0) + 1;
    return res;
  }

  beforeAll(async () => {
    stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    provider = new ScriptedProvider();
    port = await freePort();
    const env: Record<string, string> = {
      METRICS_PORT: String(port),
      SIGNIN_RATE_LIMIT: '1000',
      GENERATE_RATE_LIMIT: '1000',
      VIDEO_POLL_INTERVAL_MS: '20',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.baseUrl,
    };
    if (redis) Object.assign(env, { REDIS_URL: redis, REDIS_PREFIX: `veo3metrics${Date.now()}${kind}` });
    t = await createTestApp(kind, env, [{ provide: VideoProviders, useValue: new VideoProviders([provider]) }]);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('counts exactly what happened, with a route label set as small as the routes', async () => {
    const before = await scrape(port);

    // Sign-in, then a pack bought at (the fake) Stripe: the webhook comes twice and an unhandled event once.
    const signIn = await call('/api/auth/dev', {
      method: 'POST',
      url: '/api/auth/dev',
      payload: { email: 'metrics@example.com' },
    });
    const auth = { authorization: `Bearer ${signIn.json().token}` };
    const checkout = await call('/api/stripe/create-payment-intent', {
      method: 'POST',
      url: '/api/stripe/create-payment-intent',
      headers: auth,
      payload: { type: 'credits', package_id: 'starter' },
    });
    const sessionId = checkout.json().session_id as string;
    stripe.pay(sessionId);
    const deliver = (payload: string) =>
      call('/api/stripe/webhook', {
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
        payload,
      });
    const paid = stripe.event('checkout.session.completed', sessionId);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(stripe.event('customer.created', 'cus_metrics'))).statusCode).toBe(200);

    // A generation that completes and one the provider fails (refunded).
    const generate = async (prompt: string) => {
      const { payload, headers } = multipart({ prompt, model: 'veo3' }, {});
      const res = await call('/api/video/generate', {
        method: 'POST',
        url: '/api/video/generate',
        payload,
        headers: { ...headers, ...auth },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.taskId as string;
    };
    const status = (taskId: string) =>
      call('/api/video/status/:taskId', { method: 'GET', url: `/api/video/status/${taskId}`, headers: auth });
    const waitFor = async (taskId: string, state: string) => {
      for (let i = 0; i < 400; i++) {
        if ((await status(taskId)).json().data.status === state) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`task ${taskId} never ${state}`);
    };
    const done = await generate('a lighthouse at dusk');
    await waitFor(done, 'completed');
    const failed = await generate('a storm [fail]');
    await waitFor(failed, 'failed');

    // 300 requests to random unknown paths: API GETs (the /api/* 404), POSTs no route takes, asset-like paths.
    for (let i = 0; i < 100; i++) {
      expect((await call('unmatched', { method: 'GET', url: `/api/${randomUUID()}` })).statusCode).toBe(404);
      expect((await call('unmatched', { method: 'POST', url: `/api/${randomUUID()}/x` })).statusCode).toBe(404);
      expect((await call('unmatched', { method: 'GET', url: `/${randomUUID()}.php` })).statusCode).toBe(404);
    }

    // 50 status reads of different tasks (the user's, copied from the failed one).
    const tasks = t.app.get(DataSource).getRepository(VideoTaskEntity);
    const template = await tasks.findOneByOrFail({ id: failed });
    const ids = [done, failed];
    for (let i = 0; i < 48; i++) {
      const id = randomUUID();
      await tasks.insert({ ...template, id, callbackToken: null });
      ids.push(id);
    }
    for (const id of ids) expect((await status(id)).statusCode).toBe(200);

    const after = await scrape(port);

    expect(moved(before, after, 'veo3_http_requests_total')).toEqual(sent);
    expect(moved(before, after, 'veo3_http_request_duration_seconds_count')).toEqual(sent);
    const routes = new Set([...after.keys()].flatMap((key) => /route="([^"]*)"/.exec(key)?.[1] ?? []));
    expect([...routes].sort()).toEqual(
      [
        '/api/auth/dev',
        '/api/stripe/create-payment-intent',
        '/api/stripe/webhook',
        '/api/video/generate',
        '/api/video/status/:taskId',
        'unmatched',
      ].sort(),
    );
    expect(after.get('veo3_http_requests_in_flight')).toBe(0);

    expect(moved(before, after, 'veo3_checkout_sessions_total')).toEqual({ '{product_kind="pack"}': 1 });
    expect(moved(before, after, 'veo3_stripe_webhook_events_total')).toEqual({
      '{type="checkout.session.completed",outcome="processed"}': 1,
      '{type="checkout.session.completed",outcome="duplicate"}': 1,
      '{type="customer.created",outcome="ignored"}': 1,
    });
    expect(moved(before, after, 'veo3_stripe_fulfillment_delay_seconds_count')).toEqual({ '': 1 });
    // Starter: 330 credits bought; two generations at 40, the failed one's 40 refunded.
    expect(moved(before, after, 'veo3_credits_granted_total')).toEqual({
      '{kind="purchase"}': 330,
      '{kind="refund"}': 40,
    });
    expect(moved(before, after, 'veo3_credits_spent_total')).toEqual({ '{kind="video"}': 80 });

    expect(moved(before, after, 'veo3_video_tasks_finished_total')).toEqual({
      '{model="veo3",kind="generate",outcome="completed"}': 1,
      '{model="veo3",kind="generate",outcome="failed"}': 1,
    });
    expect(moved(before, after, 'veo3_video_refunds_total')).toEqual({
      '{model="veo3",reason="generation_failed"}': 1,
    });
    expect(moved(before, after, 'veo3_video_provider_errors_total')).toEqual({
      '{provider="kie",model="veo3",kind="generation_failed"}': 1,
    });
    const calls = moved(before, after, 'veo3_video_provider_request_duration_seconds_count');
    expect(calls['{provider="kie",model="veo3",operation="submit"}']).toBe(2);
    expect(calls['{provider="kie",model="veo3",operation="download"}']).toBe(1);
    // Each task is polled until it ends: at least the scripted provider's two running polls and the last.
    expect(calls['{provider="kie",model="veo3",operation="poll"}']).toBeGreaterThanOrEqual(6);

    // Read at scrape time: nothing waits, the app is ready, its worker beats and its models are served.
    expect(after.get('veo3_video_tasks{state="pending"}')).toBe(0);
    expect(after.get('veo3_video_tasks{state="processing"}')).toBe(0);
    expect(after.get('veo3_video_queue_depth')).toBe(0);
    expect(after.get('veo3_video_queue_oldest_waiting_seconds')).toBe(0);
    expect(after.get('veo3_ready{role="all"}')).toBe(1);
    expect(after.get('veo3_video_model_available{model="veo3"}')).toBe(1);
    expect(after.get('veo3_worker_heartbeat_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(after.get('veo3_process_cpu_seconds_total')).toBeGreaterThan(0);
    if (redis) expect(after.has('veo3_bullmq_jobs{state="waiting"}')).toBe(true);
    else expect([...after.keys()].some((key) => key.startsWith('veo3_bullmq_jobs'))).toBe(false);
  });

  it('reads the waiting tasks at scrape time: how many and how long the oldest has waited', async () => {
    const tasks = t.app.get(DataSource).getRepository(VideoTaskEntity);
    const template = await tasks.findOneByOrFail({ status: 'failed' });
    // Far in the past, so no worker step will take them before the scrape (they time out when taken).
    const createdAt = new Date(Date.now() - 3600_000);
    const ids = [randomUUID(), randomUUID()];
    await tasks.insert(
      ids.map((id) => ({ ...template, id, callbackToken: null, status: 'pending' as const, createdAt })),
    );
    try {
      const series = await scrape(port);
      expect(series.get('veo3_video_tasks{state="pending"}')).toBe(2);
      expect(series.get('veo3_video_queue_depth')).toBe(2);
      expect(series.get('veo3_video_queue_oldest_waiting_seconds')).toBeGreaterThanOrEqual(3600);
    } finally {
      await tasks.delete(ids);
    }
  });
});

describe('the metrics port', () => {
  it('counts rate-limit refusals and blog cache lookups; a taken port does not stop a second process; closed with the app', async () => {
    const port = await freePort();
    const t = await createTestApp('sqlite', { METRICS_PORT: String(port), SIGNIN_RATE_LIMIT: '1' });
    const before = await scrape(port);
    const signIn = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: 'limited@example.com' } });
    expect((await signIn()).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(429);
    // The first read renders (a miss), the next two are answered from the cache (one by the fast path).
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/api/blog/posts')).statusCode).toBe(200);
    const after = await scrape(port);
    expect(moved(before, after, 'veo3_rate_limit_refusals_total')).toEqual({ '{limit="signin"}': 1 });
    expect(moved(before, after, 'veo3_blog_cache_requests_total')).toEqual({
      '{result="miss"}': 1,
      '{result="hit"}': 2,
    });
    expect(moved(before, after, 'veo3_http_requests_total')).toEqual({
      '{method="POST",route="/api/auth/dev",status_class="2xx"}': 1,
      '{method="POST",route="/api/auth/dev",status_class="4xx"}': 1,
      '{method="GET",route="/api/blog/posts",status_class="2xx"}': 3,
    });

    // A second process on the same host and port boots and serves, without metrics; the first keeps them.
    const second = await createTestApp('sqlite', { METRICS_PORT: String(port) });
    expect((await second.app.inject('/api/health')).statusCode).toBe(200);
    await second.close();
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);

    // The app's own port does not serve the metrics (/metrics there is a client route of the site).
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('veo3_');
    await t.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow('fetch failed');
  });
});
