import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeKie, type FakeKie } from './providers/fake-kie';
import { call } from './support/http-call';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { buildServices, runServicesScript, startServiceProcess, type ServiceProcess } from './support/service-process';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { dropRedisPrefix, testRedisPrefix } from './support/test-redis';
import { freePort } from './support/video-client';

/**
 * OpenTelemetry as an operator runs it: an API and a worker process (services/dist) on MySQL and
 * Redis, exporting OTLP over HTTP to a receiver inside the test, a provider (kie.ai's fake) called
 * over fetch. One generation must be one trace across both processes.
 */
const mysqlUrl = process.env.TEST_MYSQL_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const describeTracing = mysqlUrl && redisUrl ? describe : describe.skip;
if (!mysqlUrl || !redisUrl) console.log('tracing suite skipped: it needs TEST_MYSQL_URL and TEST_REDIS_URL');

jest.setTimeout(120_000);

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;
const ERROR = 2;
const GOOGLE_KEY = 'AIzaSyD3xAmPl3-k3y_0123456789abcdefghi';

describeTracing('traces of an API and a worker process (OTLP/HTTP)', () => {
  let db: TestDatabase;
  let kie: FakeKie;
  let receiver: OtlpReceiver;
  let api: ServiceProcess;
  let worker: ServiceProcess;
  let dataDir: string;
  const prefix = testRedisPrefix('tracing');

  beforeAll(async () => {
    buildServices();
    [db, kie, receiver] = await Promise.all([createTestDatabase('mysql'), startFakeKie(), startOtlpReceiver()]);
    kie.scenario = { pollsBeforeDone: 1, outcome: { kind: 'video' } };
    dataDir = mkdtempSync(join(tmpdir(), 'veo3-tracing-'));
    const [apiPort, workerPort] = await Promise.all([freePort(), freePort()]);
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEV_LOGIN: 'true',
      SITE_URL: `http://127.0.0.1:${apiPort}`,
      ADMIN_EMAILS: 'admin@example.com',
      ...db.env,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      VIDEO_PROVIDER: 'kie',
      KIE_API_KEY: kie.apiKey,
      KIE_BASE_URL: kie.baseUrl,
      VIDEO_POLL_INTERVAL_MS: '100',
      MIGRATE_ON_BOOT: 'false',
    };
    const tracing = {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      // Spans leave in batches every 100 ms instead of 5 s; every request is sampled.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_TRACES_SAMPLER_ARG: '1',
    };
    runServicesScript('migrate.js', env);
    api = startServiceProcess('api', 'main.js', apiPort, { ...env, ...tracing, ROLE: 'api' });
    worker = startServiceProcess('worker', 'main.js', workerPort, { ...env, ...tracing, ROLE: 'worker' });
    await Promise.all([api.ready(), worker.ready()]);
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await Promise.all([db?.drop(), kie?.close(), receiver?.close(), dropRedisPrefix(redisUrl!, prefix)]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Signs in `email` with `credits` granted by the admin; its token. */
  async function userWith(email: string, credits: number): Promise<string> {
    const admin = (await call(api.baseUrl, 'POST', '/api/auth/dev', { json: { email: 'admin@example.com' } })).body;
    const user = (await call(api.baseUrl, 'POST', '/api/auth/dev', { json: { email } })).body;
    const granted = await call(api.baseUrl, 'POST', '/api/credits/add', {
      token: admin.token,
      json: { userId: user.user.id, amount: credits, reason: 'test credits', sourceId: `seed-${email}` },
    });
    expect(granted.status).toBe(200);
    return user.token as string;
  }

  it('a provider refusal that quotes its key leaves the key in no span: status, exception, attributes', async () => {
    const token = await userWith('refused@example.com', 100);
    kie.failNext(
      {
        status: 403,
        body: { code: 403, msg: `Permission denied: Consumer 'api_key:${GOOGLE_KEY}' has been suspended.` },
      },
      /^\/api\/v1\/veo\/generate$/,
    );
    const made = await call(api.baseUrl, 'POST', '/api/video/generate', {
      token,
      form: { prompt: 'a paper boat in the rain', model: 'veo3' },
    });
    expect(made.status).toBe(200);
    const taskId = made.body.data.taskId as string;
    const deadline = Date.now() + 30_000;
    let submit: ReceivedSpan | undefined;
    while (!submit && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const step = receiver.spans.find((s) => s.name === 'video.step' && s.attributes['veo3.task_id'] === taskId);
      submit = receiver.spans.find((s) => s.name === 'provider.submit' && s.parentSpanId === step?.spanId);
    }
    expect(submit).toMatchObject({ status: { code: ERROR, message: expect.stringContaining('api_key:[masked]') } });
    const exception = submit!.events.find((e) => e.name === 'exception');
    expect(exception!.attributes['exception.message']).toContain('api_key:[masked]');
    expect(exception!.attributes['exception.stacktrace']).toContain('api_key:[masked]');
    expect(JSON.stringify(receiver.spans)).not.toContain(GOOGLE_KEY);
  });

  it('one generation is one trace: the request, its database and Redis calls, each job step and provider call; its log line carries the ids', async () => {
    const token = await userWith('traced@example.com', 100);
    const made = await call(api.baseUrl, 'POST', '/api/video/generate', {
      token,
      form: { prompt: 'a lantern drifting down a river at dusk', model: 'veo3' },
      // A caller's baggage stays with the caller.
      headers: { baggage: 'user.email=traced%40example.com,session=s3cr3t' },
    });
    expect(made.status).toBe(200);
    const taskId = made.body.data.taskId as string;
    const deadline = Date.now() + 60_000;
    let status = '';
    while (status !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await call(api.baseUrl, 'GET', `/api/video/status/${taskId}`, { token })).body.data.status;
    }
    expect(status).toBe('completed');
    // A caller's trace (a gateway or a client that traces) is continued, not restarted.
    const callerTrace = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const continued = await fetch(`${api.baseUrl}/api/video/status/${taskId}`, {
      headers: { authorization: `Bearer ${token}`, traceparent: `00-${callerTrace}-${callerSpan}-01` },
    });
    expect(continued.status).toBe(200);
    // A graceful stop exports what is still batched and flushes the log.
    await Promise.all([api.stop(), worker.stop()]);

    const firstStep = receiver.spans.find((s) => s.name === 'video.step' && s.attributes['veo3.task_id'] === taskId);
    const request = receiver.spans.find((s) => s.kind === SERVER && s.spanId === firstStep?.parentSpanId);
    expect(request).toMatchObject({
      name: 'POST /api/video/generate',
      serviceName: 'veo3-api',
      attributes: expect.objectContaining({ 'http.route': '/api/video/generate' }),
    });
    // A user's address has no place in an operator's traces.
    for (const span of receiver.spans.filter((s) => s.kind === SERVER))
      expect(span.attributes).not.toHaveProperty(['client.address']);
    const trace = receiver.spans.filter((s) => s.traceId === request!.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const underRequest = (span: ReceivedSpan): boolean => {
      for (let s: ReceivedSpan | undefined = span; s; s = byId.get(s.parentSpanId)) if (s === request) return true;
      return false;
    };
    const attr = (s: ReceivedSpan, ...keys: string[]) => keys.map((k) => s.attributes[k]).find((v) => v !== undefined);

    // The API: the request's own database writes and the job's enqueueing in Redis.
    const sql = trace.filter((s) => s.kind === CLIENT && attr(s, 'db.system.name', 'db.system') === 'mysql');
    expect(sql.filter((s) => s.serviceName === 'veo3-api' && underRequest(s)).length).toBeGreaterThan(0);
    const redis = trace.filter((s) => s.kind === CLIENT && attr(s, 'db.system.name', 'db.system') === 'redis');
    expect(redis.filter((s) => s.serviceName === 'veo3-api' && underRequest(s)).length).toBeGreaterThan(0);

    // The worker: every step of the task is a child of the request, whichever process took it.
    const steps = trace.filter((s) => s.name === 'video.step');
    expect(steps.length).toBeGreaterThanOrEqual(3); // submit, a poll still running, the finishing poll
    for (const step of steps) {
      expect(step).toMatchObject({ kind: CONSUMER, serviceName: 'veo3-worker', parentSpanId: request!.spanId });
      expect(step.attributes['veo3.task_id']).toBe(taskId);
    }
    const stepIds = new Set(steps.map((s) => s.spanId));
    const providerCalls = trace.filter((s) => s.name.startsWith('provider.'));
    expect(new Set(providerCalls.map((s) => s.name))).toEqual(
      new Set(['provider.submit', 'provider.poll', 'provider.download']),
    );
    for (const providerCall of providerCalls) expect(stepIds.has(providerCall.parentSpanId)).toBe(true);
    // The provider's HTTP calls (fetch) sit under the provider call that made them…
    const fetches = trace.filter((s) => s.kind === CLIENT && String(attr(s, 'url.full') ?? '').startsWith(kie.baseUrl));
    expect(fetches.length).toBeGreaterThanOrEqual(3);
    const providerIds = new Set(providerCalls.map((s) => s.spanId));
    for (const f of fetches) expect(providerIds.has(f.parentSpanId)).toBe(true);
    // …and carried the trace to the provider (W3C traceparent).
    const submits = kie.requests.filter(
      (r) => r.method === 'POST' && String(r.headers.traceparent).includes(request!.traceId),
    );
    expect(submits.length).toBe(1);
    expect(String(submits[0]!.headers.traceparent)).toMatch(new RegExp(`^00-${request!.traceId}-[0-9a-f]{16}-01$`));
    expect(kie.requests.filter((r) => r.headers.baggage !== undefined)).toEqual([]);
    // The worker's own database reads and writes of a step are in the trace too.
    expect(sql.some((s) => s.serviceName === 'veo3-worker' && stepIds.has(s.parentSpanId))).toBe(true);

    // Background work (sweeps, leases, BullMQ's polling) starts no trace of its own; probes are not traced.
    const roots = receiver.spans.filter((s) => !s.parentSpanId);
    expect(roots.every((s) => s.kind === SERVER || s.kind === CONSUMER)).toBe(true);
    expect(receiver.spans.some((s) => /health\/(live|ready)/.test(s.name))).toBe(false);
    expect(receiver.otherPaths).toEqual([]);

    expect(receiver.spans.find((s) => s.traceId === callerTrace && s.kind === SERVER)).toMatchObject({
      kind: SERVER,
      name: 'GET /api/video/status/:taskId',
      parentSpanId: callerSpan,
    });

    // The request's log line names the same trace and span.
    const line = api
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'request' && l.route === '/api/video/generate' && l.trace_id === request!.traceId);
    expect(line).toMatchObject({ status: 200, trace_id: request!.traceId, span_id: request!.spanId });
  });
});
