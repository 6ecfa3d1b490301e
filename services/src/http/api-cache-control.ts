import type { FastifyInstance } from 'fastify';

/**
 * API replies (/api, and the developer API's /v1) may carry tokens and private data: `no-store` unless the route set its own Cache-Control
 * (public blog reads, blog images, video files). onSend also runs for replies sent from a hook, such as
 * the blog's fast path, which sets its own.
 */
export function registerApiNoStore(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if ((request.url.startsWith('/api/') || request.url.startsWith('/v1/')) && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
