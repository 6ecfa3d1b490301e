import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Fastify's logger options: JSON lines written to stdout by pino's file transport in a worker
 * thread (flushed on exit), so a request never waits on a write; and Fastify's own two lines per
 * request (with their request/response serializers) replaced by one.
 */
export function loggerOptions(level: string): Pick<FastifyServerOptions, 'logger' | 'disableRequestLogging'> {
  if (level === 'silent') return { logger: false, disableRequestLogging: true };
  return {
    logger: { level, transport: { target: 'pino/file', options: { destination: 1 } } },
    disableRequestLogging: true,
  };
}

/** One structured line per request once answered: request id, method, route (the pattern, not the URL), status, duration. */
export function registerRequestLog(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });
}
