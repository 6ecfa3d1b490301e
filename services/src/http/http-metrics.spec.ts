import type { ModuleRef } from '@nestjs/core';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { loggerOptions } from '../common/request-log';
import { registerHttpMetrics } from './http-metrics';
import { MetricsService } from '../metrics/metrics.service';

/** The `veo3_http_requests_total` series of a scrape, as `METHOD route class` → count. */
async function requestCounts(metrics: MetricsService): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const text = await metrics.metrics();
  for (const [, method, route, cls, value] of text.matchAll(
    /^veo3_http_requests_total\{method="([^"]+)",route="([^"]+)",status_class="([^"]+)"\} (\d+)$/gm,
  ))
    counts[`${method} ${route} ${cls}`] = Number(value);
  return counts;
}

describe('registerHttpMetrics', () => {
  let fastify: FastifyInstance;
  let metrics: MetricsService;

  beforeEach(async () => {
    // Metrics off for the registry's own gauges (no database here); the hooks are what is tested.
    metrics = new MetricsService({ metricsPort: null, role: 'api' } as AppConfig, {} as ModuleRef);
    // As the app makes it: silent, but with the logger Fastify needs to tell the request log of each reply.
    const { options, requestLog } = loggerOptions('silent', true);
    fastify = Fastify(options);
    registerHttpMetrics(fastify, metrics, requestLog);
    // A hook that answers before the handler, as the blog fast path does.
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.url === '/api/blog/posts/cached') return void reply.send('from the cache');
      done();
    });
    fastify.get('/api/video/status/:taskId', (request) => ({ id: (request.params as { taskId: string }).taskId }));
    fastify.get('/api/blog/posts/:slug', () => 'rendered');
    fastify.get('/api/*', (_request, reply) => reply.code(404).send({ error: 'Not found' }));
    fastify.post('/api/fails', () => {
      throw new Error('boom');
    });
    await fastify.ready();
  });

  afterEach(() => fastify.close());

  it('labels replies by route pattern: ids and unknown paths never become labels', async () => {
    for (let i = 0; i < 5; i++) await fastify.inject(`/api/video/status/task-${i}`);
    for (let i = 0; i < 3; i++) await fastify.inject(`/api/nothing-${i}`);
    await fastify.inject('/no-route-at-all');
    await fastify.inject({ method: 'POST', url: '/api/fails' });
    // Fastify's own HEAD route of a GET: counted once, under the same pattern.
    await fastify.inject({ method: 'HEAD', url: '/api/video/status/task-0' });
    expect(await requestCounts(metrics)).toEqual({
      'GET /api/video/status/:taskId 2xx': 5,
      'HEAD /api/video/status/:taskId 2xx': 1,
      'GET unmatched 4xx': 4,
      'POST /api/fails 5xx': 1,
    });
  });

  it('counts a reply sent from a hook under its route pattern', async () => {
    await fastify.inject('/api/blog/posts/cached');
    await fastify.inject('/api/blog/posts/other');
    expect(await requestCounts(metrics)).toEqual({ 'GET /api/blog/posts/:slug 2xx': 2 });
  });

  it('times every reply and holds none in flight once answered', async () => {
    await fastify.inject('/api/video/status/a');
    const text = await metrics.metrics();
    expect(text).toMatch(
      /^veo3_http_request_duration_seconds_count\{method="GET",route="\/api\/video\/status\/:taskId",status_class="2xx"\} 1$/m,
    );
    expect(text).toMatch(/^veo3_http_requests_in_flight 0$/m);
  });
});
