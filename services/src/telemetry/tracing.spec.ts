import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace';
import { EntrySampler, sampleRatio, tracingWanted } from './tracing';

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
