import {
  context,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { isNamedProxy } from './trusted-proxies';
import { requestSampleRatio } from '../telemetry/tracing';

const tracer = trace.getTracer('veo3-studio');
const spanOf = new WeakMap<FastifyRequest, Span>();

/** Probes answer every few seconds from every pod: traces of them would be noise. */
const UNTRACED = new Set(['/api/health/live', '/api/health/ready']);

// A caller's trace context and nothing else, whatever OTEL_PROPAGATORS says: its `baggage` is never
// taken in, so no outgoing call (a provider, Stripe) carries it on.
const callerContext = new W3CTraceContextPropagator();

/**
 * The server span of a traced request, made here rather than by OpenTelemetry's generic HTTP
 * instrumentation, which builds every request's attributes, rebinds its emitters and enters a
 * context before it samples (+60 to 90 µs a request on bench:api, traced or not). Here the choice
 * comes first (tracedParent), and an untraced request costs a header lookup and a random number. A
 * traced request's span is named by its route, and `context.with` around the rest of Fastify's
 * lifecycle makes every database, Redis and fetch span of its handler a child.
 */
export function registerRequestTracing(fastify: FastifyInstance, trustProxy: AppConfig['trustProxy']): void {
  const ratio = requestSampleRatio();
  const fromProxy = isNamedProxy(trustProxy);
  fastify.addHook('onRequest', (request, _reply, done) => {
    const parent = tracedParent(request, ratio, fromProxy);
    if (!parent) return done();
    const route = request.routeOptions.url;
    if (route !== undefined && UNTRACED.has(route)) return done();
    const name = route === undefined ? request.method : `${request.method} ${route}`;
    const span = tracer.startSpan(name, { kind: SpanKind.SERVER }, parent);
    // No client.address: a user's address has no place in an operator's traces.
    if (span.isRecording())
      span.setAttributes({
        'http.request.method': request.method,
        'url.path': request.url.split('?', 1)[0],
        ...(route === undefined ? {} : { 'http.route': route }),
      });
    spanOf.set(request, span);
    // The rest of the lifecycle (later hooks, the handler and what it awaits) runs inside the span.
    context.with(trace.setSpan(parent, span), done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = spanOf.get(request);
    if (span) {
      if (span.isRecording()) {
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    }
    done();
  });
}

/**
 * The context a request's span starts in, or null when it is not traced. A valid `traceparent` is
 * continued, but its sampled flag decides only when a proxy TRUST_PROXY names by address sent it (a
 * gateway that samples): anyone could send `-01` on every request, and a proxy known only by a hop
 * count may just pass its clients' header on. Otherwise the ratio decides, as it does for a request
 * without one or with a malformed or empty one.
 */
function tracedParent(
  request: FastifyRequest,
  ratio: number,
  fromProxy: (address: string | undefined) => boolean,
): Context | null {
  const caller = request.headers.traceparent
    ? trace.getSpanContext(callerContext.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter))
    : undefined;
  if (caller && fromProxy(request.socket.remoteAddress)) return trace.setSpanContext(ROOT_CONTEXT, caller);
  if (!(Math.random() < ratio)) return null;
  return caller
    ? trace.setSpanContext(ROOT_CONTEXT, { ...caller, traceFlags: caller.traceFlags | TraceFlags.SAMPLED })
    : ROOT_CONTEXT;
}

/** `trace_id` and `span_id` of the request's server span, for its log line; none when it is not traced. */
export function traceFields(request: FastifyRequest): { trace_id: string; span_id: string } | undefined {
  const span = spanOf.get(request);
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
