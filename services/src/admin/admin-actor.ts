import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../users/session-user';

/** Who acts in the console, as the audit trail records it: the admin and the request (its log's `reqId`). */
export interface AdminActor {
  id: string;
  email: string;
  requestId: string | null;
}

/** The signed-in admin of the request (after JwtAuthGuard and AdminGuard) as an AdminActor. */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): AdminActor => {
  const request = context.switchToHttp().getRequest<FastifyRequest & { user: SessionUser }>();
  return { id: request.user.id, email: request.user.email, requestId: request.id ? String(request.id) : null };
});

/** The "who" of an admin's audit record, with the reason given. */
export function auditedBy(actor: AdminActor, reason: string | null) {
  return {
    actorType: 'admin' as const,
    actorId: actor.id,
    actorEmail: actor.email,
    reason,
    requestId: actor.requestId,
  };
}
