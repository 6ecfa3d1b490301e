/**
 * TEMPORARY stand-in for the API-key layer (services/src/api-keys/, built on main in parallel):
 * the same names and shapes, so /v1 can be developed before it lands. It accepts a signed-in
 * session's token and grants every scope. Deleted when main is merged.
 */
import { createParamDecorator, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { API_KEY_SCOPES, type ApiKeyScope } from '@veo3/contracts/api-keys';
import type { FastifyRequest } from 'fastify';
import { SessionAuthenticator } from '../auth/session-authenticator';
import { notSignedIn } from '../auth/session-authenticator';
import type { SessionUser } from '../users/session-user';

export interface ApiKeyIdentity {
  id: string;
  prefix: string;
  userId: string;
  scopes: ApiKeyScope[];
  monthlyCap: number | null;
}
export interface ApiCaller {
  user: SessionUser;
  key: ApiKeyIdentity;
}

export const ApiScopes = (...scopes: ApiKeyScope[]) => SetMetadata('apiScopes', scopes);

@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly sessions: SessionAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest & { user?: SessionUser; apiKey?: ApiKeyIdentity }>();
    const signedIn = await this.sessions.authenticate(request.headers.authorization);
    if (!signedIn) throw notSignedIn();
    request.user = signedIn.user;
    request.apiKey = {
      id: 'stand-in',
      prefix: 'v3s_standin',
      userId: signedIn.user.id,
      scopes: [...API_KEY_SCOPES],
      monthlyCap: null,
    };
    return true;
  }
}

export const CurrentApiKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ApiKeyIdentity =>
    context.switchToHttp().getRequest<{ apiKey: ApiKeyIdentity }>().apiKey,
);
