import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';
import { InMemorySpanExporter, SamplingDecision, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import mysql2 from 'mysql2';
import { createServer } from 'node:net';
import { EntrySampler, sampleRatio, tracedLibraries, tracingWanted } from './tracing';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

describe('tracingWanted', () => {
  it('is on with an OTLP endpoint, off without one or when turned off', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});

describe('sampleRatio', () => {
  it('reads OTEL_TRACES_SAMPLER_ARG, kept within 0..1, 1 when unset or not a number', () => {
    expect(sampleRatio({})).toBe(1);
    expect(sampleRatio({ OTEL_TRACES_SAMPLER_ARG: '0.1' })).toBe(0.1);
    expect(sampleRatio({ OTEL_TRACES_SAMPLER_ARG: '7' })).toBe(1);
    expect(sampleRatio({ OTEL_TRACES_SAMPLER_ARG: '-1' })).toBe(0);
    expect(sampleRatio({ OTEL_TRACES_SAMPLER_ARG: 'half' })).toBe(1);
  });
});

describe('EntrySampler', () => {
  const sampler = new EntrySampler();
  const decide = (kind: SpanKind, context = ROOT_CONTEXT) =>
    sampler.shouldSample(context, TRACE_ID, 'span', kind, {}, []).decision;
  const parent = (flags: TraceFlags) =>
    trace.setSpanContext(ROOT_CONTEXT, { traceId: TRACE_ID, spanId: 'b7ad6b7169203331', traceFlags: flags });

  it('starts traces only at the requests the request hook chose', () => {
    expect(decide(SpanKind.SERVER)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    // A background loop's query, Redis command or fetch with no trace around it.
    expect(decide(SpanKind.CLIENT)).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(SpanKind.INTERNAL)).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(SpanKind.CONSUMER)).toBe(SamplingDecision.NOT_RECORD);
  });

  it('follows the parent inside a trace', () => {
    expect(decide(SpanKind.CLIENT, parent(TraceFlags.SAMPLED))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(SpanKind.CONSUMER, parent(TraceFlags.SAMPLED))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(SpanKind.CLIENT, parent(TraceFlags.NONE))).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(SpanKind.SERVER, parent(TraceFlags.NONE))).toBe(SamplingDecision.NOT_RECORD);
  });
});

describe('tracedLibraries', () => {
  it("keeps a query's values out of its mysql2 span, even when mysql2's format is known before its connection loads", async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    const mysql = tracedLibraries().find((i) => i instanceof MySQL2Instrumentation)!;
    mysql.setTracerProvider(provider);
    // The load order that hands the instrumentation mysql2's `format`: the package, then its connection.
    const [definition] = mysql.getModuleDefinitions();
    definition!.patch!(mysql2);
    const connectionFile = definition!.files.find((f) => f.name === 'mysql2/lib/connection.js')!;
    connectionFile.patch(mysql2.Connection);
    // A server that closes every connection: the query fails, its span ends all the same.
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const connection = mysql2.createConnection({
        host: '127.0.0.1',
        port: (server.address() as { port: number }).port,
      });
      await new Promise((resolve) =>
        connection.query('SELECT id FROM users WHERE email = ? AND credits > ?', ['ann@example.com', 40], resolve),
      );
      connection.destroy();
    } finally {
      connectionFile.unpatch!(mysql2.Connection);
      server.close();
    }
    await provider.forceFlush();
    const [span] = exporter.getFinishedSpans();
    expect(span!.attributes['db.query.text']).toBe('SELECT id FROM users WHERE email = ? AND credits > ?');
  });
});
