import type { FastifyInstance } from 'fastify';
import type { HttpSeries, MetricsService } from './metrics.service';
import { routeLabel, statusClass } from './route-label';

/**
 * Counts and times every reply by method, route pattern and status class, and keeps the in-flight
 * count. Registered first of the onRequest hooks so replies sent by later hooks (role gate, schema
 * gate, blog fast path) are counted too; Fastify has matched the route before any hook, so those
 * carry their pattern. Per request: a few number updates on a label set found in nested maps.
 */
export function registerHttpMetrics(fastify: FastifyInstance, metrics: MetricsService): void {
  // method → route pattern → status code → children: every series is made once, on its first reply.
  const series = new Map<string, Map<string | undefined, Map<number, HttpSeries>>>();
  const lookup = (method: string, pattern: string | undefined, statusCode: number): HttpSeries => {
    let byRoute = series.get(method);
    if (!byRoute) series.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(pattern);
    if (!byStatus) byRoute.set(pattern, (byStatus = new Map()));
    let found = byStatus.get(statusCode);
    if (!found) {
      found = metrics.httpSeries(method, routeLabel(pattern, statusCode), statusClass(statusCode));
      byStatus.set(statusCode, found);
    }
    return found;
  };
  fastify.addHook('onRequest', (_request, _reply, done) => {
    metrics.requestStarted();
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.requestEnded();
    // Only methods Fastify routes reach here with a route; anything else is one `OTHER` label.
    const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
    const found = lookup(method, request.routeOptions.url, reply.statusCode);
    metrics.httpReply(found, reply.elapsedTime / 1000);
    done();
  });
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
