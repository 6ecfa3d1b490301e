import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ApiKeyScope } from '@veo3/contracts/api-keys';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../users/session-user';
import type { ApiKeyIdentity } from './api-key-caller';
import { ApiKeyAuthenticator, ApiRateLimited } from './api-key-authenticator';
import { API_SCOPES } from './api-scopes.decorator';

export type ApiKeyRequest = FastifyRequest & { user: SessionUser; apiKey: ApiKeyIdentity };

/**
 * `/v1`'s guard: the API key of the bearer header (a browser session token is refused), the
 * route's scopes (`@ApiScopes`), then the key's per-minute limit (429 with Retry-After).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly keys: ApiKeyAuthenticator,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ApiKeyRequest>();
    const caller = await this.keys.authenticate(request.headers.authorization);
    const scopes = this.reflector.getAllAndOverride<ApiKeyScope[] | undefined>(API_SCOPES, [
      context.getHandler(),
      context.getClass(),
    ]);
    for (const scope of scopes ?? []) this.keys.requireScope(caller, scope);
    try {
      await this.keys.limit(caller);
    } catch (error) {
      if (error instanceof ApiRateLimited)
        void context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', error.retryAfterSeconds);
      throw error;
    }
    request.user = caller.user;
    request.apiKey = caller.key;
    return true;
  }
}
