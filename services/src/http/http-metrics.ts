import type { FastifyInstance } from 'fastify';
import type { HttpSeries, MetricsService } from '../metrics/metrics.service';
import type { RequestLogController } from '../common/request-log';
import { routeLabel, statusClass } from './route-label';

/**
 * Counts and times every reply by method, route pattern and status class, and keeps the in-flight
 * count. The start is an onRequest hook registered first, so a reply sent by a later hook (role
 * gate, schema gate, blog fast path) is counted too; the reply is counted by the request log as it
 * writes its line (RequestLogController), with the route and time it reads anyway. Per request: a
 * few number updates on a label set found in nested maps.
 */
export function registerHttpMetrics(
  fastify: FastifyInstance,
  metrics: MetricsService,
  requestLog: RequestLogController,
): void {
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
  requestLog.countWith((method, pattern, statusCode, elapsedMs) => {
    metrics.requestEnded();
    // Only methods Fastify routes reach here with a route; anything else is one `OTHER` label.
    metrics.httpReply(lookup(KNOWN_METHODS.has(method) ? method : 'OTHER', pattern, statusCode), elapsedMs / 1000);
  });
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
