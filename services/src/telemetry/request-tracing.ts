import { trace, type SpanContext } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const spanOf = new WeakMap<FastifyRequest, SpanContext>();

/**
 * Names each request's server span by its route pattern (`GET /api/video/status/:taskId`, with
 * `http.route`) and keeps its ids for the request's log line. The HTTP instrumentation has made the
 * span the active one before Fastify routes, so it is found here in the first onRequest hook.
 */
export function registerRequestTracing(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const span = trace.getActiveSpan();
    if (span) {
      const route = request.routeOptions.url;
      if (route) {
        span.updateName(`${request.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      spanOf.set(request, span.spanContext());
    }
    done();
  });
}

/** `trace_id` and `span_id` of the request's server span, for its log line; none when tracing is off. */
export function traceFields(request: FastifyRequest): { trace_id: string; span_id: string } | undefined {
  const ids = spanOf.get(request);
  return ids && { trace_id: ids.traceId, span_id: ids.spanId };
}
