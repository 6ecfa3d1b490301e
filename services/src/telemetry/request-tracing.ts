import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestSampleRatio } from './tracing';

const tracer = trace.getTracer('veo3-studio');
const spanOf = new WeakMap<FastifyRequest, Span>();

/** Probes answer every few seconds from every pod: traces of them would be noise. */
const UNTRACED = new Set(['/api/health/live', '/api/health/ready']);

/**
 * The server span of a traced request, made here rather than by OpenTelemetry's generic HTTP
 * instrumentation, which builds every request's attributes, rebinds its emitters and enters a
 * context before it samples (+60 to 90 µs a request on bench:api, traced or not). Here the choice
 * comes first: a request carrying a `traceparent` follows it; any other is traced at the sample
 * ratio, and an untraced one costs a header lookup and a random number. A traced request's span is
 * named by its route, and `context.with` around the rest of Fastify's lifecycle makes every
 * database, Redis and fetch span of its handler a child.
 */
export function registerRequestTracing(fastify: FastifyInstance): void {
  const ratio = requestSampleRatio();
  fastify.addHook('onRequest', (request, _reply, done) => {
    const incoming = request.headers.traceparent !== undefined;
    if (!incoming && !(Math.random() < ratio)) return done();
    const route = request.routeOptions.url;
    if (route !== undefined && UNTRACED.has(route)) return done();
    const parent = incoming ? propagation.extract(ROOT_CONTEXT, request.headers) : ROOT_CONTEXT;
    const span = tracer.startSpan(
      route === undefined ? request.method : `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
      },
      parent,
    );
    if (span.isRecording())
      span.setAttributes({
        'http.request.method': request.method,
        'url.path': request.url.split('?', 1)[0],
        ...(route === undefined ? {} : { 'http.route': route }),
        'client.address': request.ip,
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

/** `trace_id` and `span_id` of the request's server span, for its log line; none when it is not traced. */
export function traceFields(request: FastifyRequest): { trace_id: string; span_id: string } | undefined {
  const span = spanOf.get(request);
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
