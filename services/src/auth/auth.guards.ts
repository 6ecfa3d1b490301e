import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../users/session-user';
import { AuthErrorCode, AuthException } from './auth.exception';
import { notSignedIn, SessionAuthenticator, type SignedInRequest } from './session-authenticator';

export type AuthenticatedRequest = FastifyRequest & SignedInRequest;

/** Requires a valid bearer token with a live session; identity never comes from x-user-* headers or bodies. */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(private readonly sessions: SessionAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & Partial<SignedInRequest>>();
    const signedIn = await this.sessions.authenticate(request.headers.authorization);
    if (!signedIn) return this.visitor(request);
    request.user = signedIn.user;
    request.sessionId = signedIn.sessionId;
    return true;
  }

  protected visitor(_request: FastifyRequest & { user?: SessionUser | null }): boolean {
    throw notSignedIn();
  }
}

/** Site administrators only (ADMIN_EMAILS, or granted in the admin console); use after JwtAuthGuard. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: SessionUser }>().user;
    if (!user?.isAdmin) throw new AuthException(AuthErrorCode.NotAdmin, 'Only administrators can do this');
    return true;
  }
}

/** Blog managers only (BLOG_ADMIN_EMAILS, or granted in the admin console); use after JwtAuthGuard. */
@Injectable()
export class BlogManagerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: SessionUser }>().user;
    if (!user?.canManageBlog) {
      throw new AuthException(AuthErrorCode.NotBlogManager, 'You do not have blog management permissions');
    }
    return true;
  }
}

/** Like JwtAuthGuard, but a request without a token goes on as a visitor (user null); a bad token is still 401. */
@Injectable()
export class OptionalJwtAuthGuard extends JwtAuthGuard {
  protected override visitor(request: FastifyRequest & { user?: SessionUser | null }): boolean {
    request.user = null;
    return true;
  }
}
