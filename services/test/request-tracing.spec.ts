import { propagation, ProxyTracerProvider, trace, type TextMapPropagator } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { registerRequestTracing } from '../src/http/request-tracing';
import { currentTraceParent, inSpan } from '../src/telemetry/job-tracing';
import { startTracing, stopTracing } from '../src/telemetry/tracing';
import { ProviderError } from '../src/video/providers/video-provider';
import { sendJson, startFakeServer, type FakeServer } from './providers/fake-http';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';

/**
 * The request hook and the SDK as startTracing sets them up (OTEL_PROPAGATORS unset), in this
 * process: who decides what is traced, what a caller's headers carry on to a provider, and what the
 * exported spans say. Nothing is sampled by ratio (0), so every span here is one a caller asked for.
 */
const SERVER = 2;
const CLIENT = 3;
const PROXY = '127.0.0.2';
const GOOGLE_KEY = 'AIzaSyD3xAmPl3-k3y_0123456789abcdefghi';
const SUSPENDED = `Veo 403: Permission denied: Consumer 'api_key:${GOOGLE_KEY}' has been suspended.`;

jest.setTimeout(30_000);

describe('request tracing (sample ratio 0, TRUST_PROXY naming one proxy)', () => {
  let receiver: OtlpReceiver;
  let provider: FakeServer;
  let app: FastifyInstance;
  const saved = { ...process.env };

  beforeAll(async () => {
    [receiver, provider] = await Promise.all([
      startOtlpReceiver(),
      startFakeServer((_request, res) => sendJson(res, 200, { ok: true })),
    ]);
    // The OTLP exporter reads its endpoint from the environment itself.
    Object.assign(process.env, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_TRACES_SAMPLER_ARG: '0' });
    delete process.env.OTEL_PROPAGATORS;
    startTracing(process.env);
    app = Fastify();
    registerRequestTracing(app, [PROXY]);
    app.get('/case/:name', async (request) => {
      await fetch(`${provider.baseUrl}/v1/models?key=${GOOGLE_KEY}&case=${(request.params as { name: string }).name}`);
      return { ok: true };
    });
    app.get('/submit', async (_request, reply) => {
      const failure = inSpan('provider.submit', { 'veo3.provider': 'veo' }, async () => {
        throw new ProviderError(SUSPENDED, false);
      });
      await failure.catch(() => undefined);
      return reply.code(502).send({ ok: false });
    });
    app.get('/task', async () => ({ traceParent: currentTraceParent() }));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await stopTracing();
    await Promise.all([receiver?.close(), provider?.close()]);
    process.env = saved;
  });

  const traceparent = (flags: '00' | '01') =>
    `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-${flags}`;

  /** Sends the spans ended so far to the receiver now, rather than in the SDK's next batch. */
  async function flushed(): Promise<void> {
    const sdkProvider = (trace.getTracerProvider() as ProxyTracerProvider).getDelegate() as unknown as {
      forceFlush(): Promise<void>;
    };
    await sdkProvider.forceFlush();
  }

  /** Sends one request, waits for its spans to be exported, and returns its server span (if any). */
  async function traced(path: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') {
    const res = await app.inject({ method: 'GET', url: path, headers, remoteAddress });
    await flushed();
    return { res, span: receiver.spans.find((s) => s.kind === SERVER && s.attributes['url.path'] === path) };
  }

  const requestsFor = (name: string) => provider.requests.filter((r) => r.url.endsWith(`case=${name}`));

  it.each([
    ['a sampled traceparent from anyone else', 'untrusted', { traceparent: traceparent('01') }, '127.0.0.1'],
    ['a malformed traceparent from the proxy', 'malformed', { traceparent: '00-not-a-trace-01' }, PROXY],
    ['an empty traceparent from the proxy', 'empty', { traceparent: '' }, PROXY],
    ['an unsampled traceparent from the proxy', 'unsampled', { traceparent: traceparent('00') }, PROXY],
  ])('%s starts no exported span', async (_label, name, headers, from) => {
    const { res, span } = await traced(`/case/${name}`, headers, from);
    expect(res.statusCode).toBe(200);
    expect(span).toBeUndefined();
    expect(receiver.spans.some((s) => String(s.attributes['url.full'] ?? '').includes(`case=${name}`))).toBe(false);
  });

  it('a sampled traceparent from the proxy is followed; the span has no client address; no baggage goes on', async () => {
    const header = traceparent('01');
    const [, callerTrace, callerSpan] = header.split('-');
    const { span } = await traced(
      '/case/proxied',
      { traceparent: header, baggage: 'user.email=ann%40example.com,session=s3cr3t' },
      PROXY,
    );
    expect(span).toMatchObject({ traceId: callerTrace, parentSpanId: callerSpan, name: 'GET /case/:name' });
    expect(span!.attributes).not.toHaveProperty(['client.address']);
    const [sent] = requestsFor('proxied');
    expect(sent!.headers.traceparent).toMatch(new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-01$`));
    expect(sent!.headers).not.toHaveProperty('baggage');
    // Nor does any outgoing call inject it (OTEL_PROPAGATORS unset means tracecontext alone).
    expect(propagation.fields()).toEqual(['traceparent', 'tracestate']);
  });

  it('a hop count (TRUST_PROXY=1) names no proxy: a sampled traceparent through it is not followed', async () => {
    const behindHops = Fastify();
    registerRequestTracing(behindHops, 1);
    behindHops.get('/hops', async () => ({ ok: true }));
    try {
      await behindHops.inject({ url: '/hops', headers: { traceparent: traceparent('01') }, remoteAddress: PROXY });
      await flushed();
      expect(receiver.spans.some((s) => s.attributes['url.path'] === '/hops')).toBe(false);
    } finally {
      await behindHops.close();
    }
  });

  it('masks credentials in every exported span: status, exception event, attributes', async () => {
    const { span } = await traced('/submit', { traceparent: traceparent('01') }, PROXY);
    const submit = receiver.spans.find((s) => s.traceId === span!.traceId && s.name === 'provider.submit');
    expect(submit).toMatchObject({ status: { code: 2, message: expect.stringContaining("'api_key:[masked]'") } });
    const exception = submit!.events.find((e) => e.name === 'exception');
    expect(exception!.attributes['exception.message']).toContain("'api_key:[masked]'");
    expect(String(exception!.attributes['exception.stacktrace'])).toContain("'api_key:[masked]'");

    await traced('/case/keyed', { traceparent: traceparent('01') }, PROXY);
    const fetched = receiver.spans.find((s) => s.kind === CLIENT && String(s.attributes['url.full']).includes('keyed'));
    expect(fetched!.attributes['url.full']).toContain('key=[masked]');

    const everything = JSON.stringify(receiver.spans satisfies ReceivedSpan[]);
    expect(everything).not.toContain(GOOGLE_KEY);
    expect(everything).not.toContain('AIzaSy');
  });

  it("a task keeps its request's traceparent whatever OTEL_PROPAGATORS puts on the wire (none here)", async () => {
    const noHeaders: TextMapPropagator = { inject: () => undefined, extract: (context) => context, fields: () => [] };
    propagation.disable();
    propagation.setGlobalPropagator(noHeaders);
    try {
      const header = traceparent('01');
      const res = await app.inject({ url: '/task', headers: { traceparent: header }, remoteAddress: PROXY });
      expect(res.json().traceParent).toMatch(new RegExp(`^00-${header.split('-')[1]}-[0-9a-f]{16}-01$`));
    } finally {
      propagation.disable();
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    }
  });
});
