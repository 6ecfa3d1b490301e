import type { FastifyInstance } from 'fastify';
import { errorBody } from '../common/http-exception.filter';

const NOT_FOUND = JSON.stringify(errorBody(404, 'Not found'));

/**
 * GET (and HEAD) of an unknown /api/... path: the one error shape straight from the router, as the
 * exception filter would answer it, without raising an exception through Nest for each probe.
 * Every real API route is more specific than this wildcard, so it never shadows one.
 */
export function registerApiNotFound(fastify: FastifyInstance): void {
  fastify.get('/api/*', (_request, reply) => {
    void reply
      .code(404)
      .header('cache-control', 'no-store')
      .header('content-type', 'application/json; charset=utf-8')
      .send(NOT_FOUND);
  });
}
