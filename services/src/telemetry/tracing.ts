import { SpanKind, trace, type Attributes, type Context, type Link } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  AlwaysOnSampler,
  ParentBasedSampler,
  SamplingDecision,
  type Sampler,
  type SamplingResult,
} from '@opentelemetry/sdk-trace';
import { MaskedSpanExporter } from './masked-span-exporter';

/**
 * Whether the standard OTEL_* variables ask for traces: an OTLP endpoint is set, and neither
 * OTEL_SDK_DISABLED nor OTEL_TRACES_EXPORTER=none turns them off. Without one, nothing is loaded
 * and nothing is exported.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  if ((env.OTEL_TRACES_EXPORTER ?? 'otlp').split(',').includes('none')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** OTEL_TRACES_SAMPLER_ARG as a ratio in [0, 1]; 1 when unset or not a number. */
export function sampleRatio(env: NodeJS.ProcessEnv): number {
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG);
  return env.OTEL_TRACES_SAMPLER_ARG && Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 1;
}

/**
 * Traces start only at requests (request-tracing.ts chooses which, at the sample ratio, before any
 * span exists: an unchosen request costs nothing); a span with a parent follows its parent. A
 * database, Redis or fetch call made by a background loop (the sweep, leases, BullMQ's own
 * polling) has no parent and would start a trace of one span every few seconds: those are dropped.
 */
export class EntrySampler implements Sampler {
  private readonly sampler = new ParentBasedSampler({ root: new AlwaysOnSampler() });

  shouldSample(
    context: Context,
    traceId: string,
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    links: Link[],
  ): SamplingResult {
    if (kind !== SpanKind.SERVER && !trace.getSpanContext(context)) return { decision: SamplingDecision.NOT_RECORD };
    return this.sampler.shouldSample(context, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `EntrySampler{${this.sampler.toString()}}`;
  }
}

let sdk: NodeSDK | null = null;
let ratio = 0;

/**
 * Starts OpenTelemetry when the environment asks for it (tracingWanted): OTLP over HTTP to
 * OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, the service name from OTEL_SERVICE_NAME (else veo3-<ROLE>),
 * W3C trace context on incoming and outgoing calls, the instrumentation of outgoing fetch (undici:
 * Google, kie.ai, Stripe's fetch client), mysql2 and ioredis; incoming requests get their server
 * span from the Fastify hooks of request-tracing.ts. Must run before those modules are loaded (services/src/telemetry/start-tracing.ts is
 * the entry points' first import).
 */
export function startTracing(env: NodeJS.ProcessEnv): boolean {
  if (sdk || !tracingWanted(env)) return false;
  sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || `veo3-${env.ROLE || 'all'}`,
    traceExporter: new MaskedSpanExporter(new OTLPTraceExporter()),
    sampler: new EntrySampler(),
    // W3C trace context only unless OTEL_PROPAGATORS says otherwise: the SDK's default adds `baggage`.
    textMapPropagator: env.OTEL_PROPAGATORS ? undefined : new W3CTraceContextPropagator(),
    // Resources from the environment only: no cloud or host detectors probing metadata endpoints at boot.
    autoDetectResources: false,
    // Traces only: metrics are Prometheus's (METRICS_PORT), logs are stdout's.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: tracedLibraries(),
  });
  sdk.start();
  ratio = sampleRatio(env);
  return true;
}

/**
 * Outgoing fetch, mysql2 and ioredis, inside a trace only. A query's values (e-mails, tokens, amounts)
 * never reach a span: without maskStatement, mysql2's instrumentation writes them into
 * `db.query.text` whenever it sees mysql2's `format` before its connection module loads.
 */
export function tracedLibraries() {
  return [
    new UndiciInstrumentation({ requireParentforSpans: true }),
    new MySQL2Instrumentation({ maskStatement: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
  ];
}

/** The share of requests that start a trace (OTEL_TRACES_SAMPLER_ARG); 0 with tracing off. */
export function requestSampleRatio(): number {
  return ratio;
}

/** Whether startTracing started the SDK in this process. */
export function tracingOn(): boolean {
  return sdk !== null;
}

/** Sends the spans still buffered and stops the SDK (at shutdown, after the server has closed). */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = null;
  ratio = 0;
  await running?.shutdown();
}
