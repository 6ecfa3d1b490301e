import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpSeries, MetricsService } from '../metrics/metrics.service';
import { routeLabel, statusClass } from './route-label';

/**
 * Counts and times every reply by method, route pattern and status class, and keeps the in-flight
 * count. Registered first of the onRequest hooks so replies sent by later hooks (role gate, schema
 * gate, blog fast path) are counted too; Fastify has matched the route before any hook, so those
 * carry their pattern. Registered before any route, so every route gets its counting hook. Per
 * request: a few number updates on a label set found in nested maps.
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
  const counting =
    (pattern: string | undefined) =>
    (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
      metrics.requestEnded();
      // Only methods Fastify routes reach here with a route; anything else is one `OTHER` label.
      const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
      metrics.httpReply(lookup(method, pattern, reply.statusCode), reply.elapsedTime / 1000);
      done();
    };
  fastify.addHook('onRequest', (_request, _reply, done) => {
    metrics.requestStarted();
    done();
  });
  // Each route counts its replies in a hook of its own that knows its pattern: reading it per request
  // (request.routeOptions) builds an object each time, a tenth of the cost of the cheapest reply.
  fastify.addHook('onRoute', (route) => {
    const own = route.onResponse === undefined ? [] : [route.onResponse].flat();
    route.onResponse = [...own, counting(route.url)];
  });
  // Requests no route matched (Fastify's own 404) have only the instance's hooks.
  const unmatched = counting(undefined);
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request, reply, done);
    else done();
  });
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
