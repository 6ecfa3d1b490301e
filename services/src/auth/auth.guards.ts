import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { UserEntity } from '../users/user.entity';
import { AppException } from '../common/app.exception';
import { AuthErrorCode, AuthException } from './auth.exception';

/** Requires a valid bearer token with a live session; identity never comes from x-user-* headers or bodies. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T = UserEntity>(error: unknown, user: T | false, info: unknown): T {
    if (error instanceof AppException) throw error;
    if (error || !user) {
      const expired = info instanceof Error && info.name === 'TokenExpiredError';
      const missing = info instanceof Error && /No auth token/i.test(info.message);
      if (missing) throw new AuthException(AuthErrorCode.NotSignedIn, 'Please sign in first');
      throw new AuthException(
        AuthErrorCode.SessionExpired,
        expired
          ? 'Your session has expired. Please sign in again.'
          : 'Your sign-in is not valid. Please sign in again.',
      );
    }
    return user;
  }
}

/** Site administrators only (ADMIN_EMAILS); use after JwtAuthGuard. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: UserEntity }>().user;
    if (!user?.isAdmin) throw new AuthException(AuthErrorCode.NotAdmin, 'Only administrators can do this');
    return true;
  }
}

/** Blog managers only (BLOG_ADMIN_EMAILS); use after JwtAuthGuard. */
@Injectable()
export class BlogManagerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: UserEntity }>().user;
    if (!user?.canManageBlog) {
      throw new AuthException(AuthErrorCode.NotBlogManager, 'You do not have blog management permissions');
    }
    return true;
  }
}

/** Like JwtAuthGuard, but a request without a token goes on as a visitor (user null); a bad token is still 401. */
@Injectable()
export class OptionalJwtAuthGuard extends JwtAuthGuard {
  override handleRequest<T = UserEntity>(error: unknown, user: T | false, info: unknown): T {
    if (!error && !user && info instanceof Error && /No auth token/i.test(info.message)) return null as T;
    return super.handleRequest(error, user, info);
  }
}
