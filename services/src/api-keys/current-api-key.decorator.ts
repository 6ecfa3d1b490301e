import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ApiKeyIdentity } from './api-key-caller';

/** The API key of the request (set by ApiKeyGuard). */
export const CurrentApiKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ApiKeyIdentity =>
    context.switchToHttp().getRequest<{ apiKey: ApiKeyIdentity }>().apiKey,
);
