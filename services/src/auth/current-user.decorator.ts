import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { UserEntity } from '../users/user.entity';

/** The user of the verified bearer token (set by JwtAuthGuard). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UserEntity =>
    context.switchToHttp().getRequest<{ user: UserEntity }>().user,
);
