import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { SessionUser } from '../users/session-user';

/** The user of the verified bearer token (set by JwtAuthGuard). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionUser =>
    context.switchToHttp().getRequest<{ user: SessionUser }>().user,
);
