import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

// With tracing off the API's no-op tracer answers: spans cost an object each and go nowhere.
const tracer = trace.getTracer('veo3-studio');

// The task row keeps a W3C traceparent whatever OTEL_PROPAGATORS puts on the wire (b3, none).
const taskTraceContext = new W3CTraceContextPropagator();

/** The W3C `traceparent` of the active span (the request creating a task); null with tracing off. */
export function currentTraceParent(): string | null {
  const carrier: Record<string, string> = {};
  taskTraceContext.inject(context.active(), carrier, defaultTextMapSetter);
  return carrier.traceparent ?? null;
}

/**
 * Runs one step of a job in a CONSUMER span whose parent is `traceParent` (kept on the task when it
 * was created), so a generation is one trace whichever worker, process or retry takes each step. A
 * task whose request was not traced (or made with tracing off) keeps that choice: no span.
 */
export function inJobSpan<T>(
  name: string,
  traceParent: string | null,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  if (!traceParent) return work();
  const parent = taskTraceContext.extract(ROOT_CONTEXT, { traceparent: traceParent }, defaultTextMapGetter);
  return tracer.startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent, (span) => ended(span, work));
}

/** Runs `work` in a child span of the active one (a provider call inside a job step). */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, (span) => ended(span, work));
}

/** Runs `work` outside any trace: a job's first reads, before it is known which trace they belong to. */
export function outsideTraces<T>(work: () => T): T {
  return context.with(ROOT_CONTEXT, work);
}

async function ended<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}
