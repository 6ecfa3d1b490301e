import type { FastifyInstance } from 'fastify';
import { errorBody } from '../common/http-exception.filter';
import { DatabaseErrorCode, DatabaseException } from '../database/database.exception';
import type { SchemaGate } from '../database/schema-gate';

const HEALTH = '/api/health';

const PENDING = new DatabaseException(
  DatabaseErrorCode.SchemaPending,
  'The service is starting: the database is being upgraded to this release. Please try again shortly.',
);
const PENDING_BODY = JSON.stringify(errorBody(PENDING.status, PENDING.message, PENDING.code));

/**
 * While the schema is older than this code needs, every route but /api/health* answers 503 (with
 * Retry-After) rather than running queries against the previous release's tables. The health
 * routes stay, so the liveness probe keeps the process and readiness can say why it is not ready.
 * Judged on the matched route, like the role gate; register it before hooks that answer early.
 */
export function registerSchemaGate(fastify: FastifyInstance, gate: SchemaGate): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (gate.isCurrent()) return done();
    const pattern = request.routeOptions.url;
    if (pattern === HEALTH || pattern?.startsWith(`${HEALTH}/`)) return done();
    void reply
      .code(PENDING.status)
      .header('retry-after', '5')
      .header('cache-control', 'no-store')
      .header('content-type', 'application/json; charset=utf-8')
      .send(PENDING_BODY);
  });
}
