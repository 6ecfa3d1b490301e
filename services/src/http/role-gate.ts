import type { FastifyInstance } from 'fastify';
import { routeAllowed, type ProcessRole } from '../roles/process-role';

/**
 * Answers the normal JSON 404 for routes this process's role does not serve. Judged on the route
 * the router matched (not the raw URL), so no spelling of a path (percent-encoding, a trailing
 * slash) reaches a route of another role. Register it before hooks that answer early.
 */
export function registerRoleGate(fastify: FastifyInstance, role: ProcessRole): void {
  if (role === 'all') return;
  fastify.addHook('onRequest', (request, reply, done) => {
    const pattern = request.routeOptions.url;
    if (pattern === undefined || routeAllowed(role, pattern)) return done();
    reply.callNotFound();
  });
}
