import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedReply } from './blog-cache';

/**
 * Sends a public reply a CDN may keep but must revalidate (an admin change shows on the next
 * request); a client that already holds these bytes gets 304.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedReply,
  contentType: string,
  status = 200,
): void {
  if (status !== 200) {
    void reply.status(status).header('Cache-Control', 'no-store').header('Content-Type', contentType).send(cached.body);
    return;
  }
  void reply.header('ETag', cached.etag).header('Cache-Control', 'public, max-age=0, must-revalidate');
  if (request.headers['if-none-match'] === cached.etag) {
    void reply.status(304).send();
    return;
  }
  void reply.header('Content-Type', contentType).send(cached.body);
}
