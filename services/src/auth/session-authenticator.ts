import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { API_KEY_PREFIX } from '@veo3/contracts/api-keys';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { toSessionUser, type SessionUser } from '../users/session-user';
import { rolesFor } from '../users/user-roles';
import { AuthErrorCode, AuthException } from './auth.exception';
import { SessionCache } from './session-cache';
import { SessionRepository } from './session.repository';

/**
 * Sessions a process remembers at most, and for how long: a sign-out elsewhere takes effect within
 * this (the bound is 5 s). Longer than the generator's 3 s status polls, so every other poll of a
 * video being made finds its session here instead of verifying and querying again.
 */
export const SESSION_CACHE_MAX = 10_000;
export const SESSION_CACHE_TTL_MS = 4_000;

export interface SignedInRequest {
  user: SessionUser;
  sessionId: string;
}

/**
 * Identity (and roles, from configuration or granted in the console) from a bearer JWT (HS256, signature and expiry checked) backed by a live session in the
 * database. A verified token with a live session is remembered for a few seconds (never past the
 * token's or the session's expiry) in a bounded cache, so a repeat request neither verifies nor
 * queries again; a sign-out in this process forgets its session at once.
 */
@Injectable()
export class SessionAuthenticator {
  private readonly cache = new SessionCache<SignedInRequest>(SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS);
  // Bumped by every sign-out, so a lookup that started before one never caches what it read.
  private forgetEpoch = 0;

  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The signed-in user of an Authorization header; null when it carries no bearer token. */
  async authenticate(authorization: string | undefined): Promise<SignedInRequest | null> {
    const token = bearerToken(authorization);
    if (token === null) return null;
    if (token.startsWith(API_KEY_PREFIX)) {
      throw new AuthException(
        AuthErrorCode.ApiKeyNotAccepted,
        'API keys work only with the developer API (/v1) and the MCP server (/mcp). Sign in to use this.',
      );
    }
    const cached = this.cache.get(token);
    if (cached) return cached;
    const { sub, sid, exp } = this.verify(token);
    const signedIn = await this.lookUp(token, sub, sid, exp);
    if (!signedIn)
      throw new AuthException(AuthErrorCode.SessionExpired, 'Your session has ended. Please sign in again.');
    return signedIn;
  }

  /** The signed-in user of an Authorization header; without a bearer token, the 401 that asks to sign in. */
  async require(authorization: string | undefined): Promise<SignedInRequest> {
    const signedIn = await this.authenticate(authorization);
    if (!signedIn) throw notSignedIn();
    return signedIn;
  }

  /**
   * Of `sessionIds`, those still live in the database now (never from the cache: a revocation in
   * another process counts at once). For checks of many long-lived requests at a time.
   */
  async liveSessionIds(sessionIds: readonly string[]): Promise<Set<string>> {
    return this.sessions.liveIds(sessionIds, new Date());
  }

  /** After the session was revoked in the database: this process stops accepting it now. */
  forget(sessionId: string): void {
    this.forgetEpoch++;
    this.cache.deleteWhere((signedIn) => signedIn.sessionId === sessionId);
  }

  /** After the user's sessions or roles changed in the database: this process reads them again now. */
  forgetUser(userId: string): void {
    this.forgetEpoch++;
    this.cache.deleteWhere((signedIn) => signedIn.user.id === userId);
  }

  private verify(token: string): { sub: string; sid: string; exp: number } {
    // Only on a cache miss: once per token and time to live.
    let payload: { sub?: unknown; sid?: unknown; exp?: unknown };
    try {
      payload = this.jwt.verify(token, { algorithms: ['HS256'] });
    } catch (error) {
      throw new AuthException(
        AuthErrorCode.SessionExpired,
        error instanceof Error && error.name === 'TokenExpiredError'
          ? 'Your session has expired. Please sign in again.'
          : 'Your sign-in is not valid. Please sign in again.',
      );
    }
    const { sub, sid, exp } = typeof payload === 'object' && payload !== null ? payload : {};
    if (typeof sub !== 'string' || typeof sid !== 'string')
      throw new AuthException(AuthErrorCode.SessionExpired, 'Your session has ended. Please sign in again.');
    // A token without `exp` is cached for the time to live alone.
    return { sub, sid, exp: typeof exp === 'number' ? exp * 1000 : Infinity };
  }

  private async lookUp(
    token: string,
    userId: string,
    sessionId: string,
    tokenExpires: number,
  ): Promise<SignedInRequest | null> {
    const epoch = this.forgetEpoch;
    const live = await this.sessions.findLive(sessionId, userId, new Date());
    if (!live) return null;
    const { user } = live;
    // Roles as configured or granted now, not as stored at sign-in: a removed role ends with the cache entry.
    // A plain object without the balance (never cached: read it now from CreditsService).
    const signedIn: SignedInRequest = { user: toSessionUser(user, rolesFor(user, this.config)), sessionId };
    if (epoch === this.forgetEpoch) {
      this.cache.set(token, signedIn, Math.min(tokenExpires, live.expiresAt?.getTime() ?? Infinity));
    }
    return signedIn;
  }
}

/** The reply to a request that needs a signed-in user and carries no token. */
export function notSignedIn(): AuthException {
  return new AuthException(AuthErrorCode.NotSignedIn, 'Please sign in first');
}

/** The bearer token of an Authorization header: its first two words, the first being `bearer` in any case. */
function bearerToken(header: string | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /(\S+)\s+(\S+)/.exec(header);
  return match && match[1]!.toLowerCase() === 'bearer' ? match[2]! : null;
}
