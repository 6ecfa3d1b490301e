import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { EntityRows } from '../common/entity-rows';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { UserEntity } from '../users/user.entity';
import { rolesFor } from '../users/user-roles';
import { AuthErrorCode, AuthException } from './auth.exception';
import { SessionCache } from './session-cache';
import { SessionEntity } from './session.entity';

/**
 * Sessions a process remembers at most, and for how long: a sign-out elsewhere takes effect within
 * this (the bound is 5 s). Longer than the generator's 3 s status polls, so every other poll of a
 * video being made finds its session here instead of verifying and querying again.
 */
export const SESSION_CACHE_MAX = 10_000;
export const SESSION_CACHE_TTL_MS = 4_000;

export interface SignedInRequest {
  user: UserEntity;
  sessionId: string;
}

/**
 * The user a cached session stands for. The balance is never cached: reading `credits` from it is
 * a programming error (read it from CreditsService), so it throws rather than answer a stale number.
 */
function withoutBalance(user: UserEntity): UserEntity {
  return Object.defineProperty(user, 'credits', {
    enumerable: false,
    get() {
      throw new Error('The balance of a signed-in user is not cached: read it from the database');
    },
  });
}

/**
 * Identity (and roles, from configuration) from a bearer JWT (HS256, signature and expiry checked) backed by a live session in the
 * database. A verified token with a live session is remembered for a few seconds (never past the
 * token's or the session's expiry) in a bounded cache, so a repeat request neither verifies nor
 * queries again; a sign-out in this process forgets its session at once.
 */
@Injectable()
export class SessionAuthenticator {
  private readonly users: EntityRows<UserEntity>;
  private readonly sessions: EntityRows<SessionEntity>;
  private readonly cache = new SessionCache<SignedInRequest>(SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS);
  private readonly sql: string;
  // Bumped by every sign-out, so a lookup that started before one never caches what it read.
  private forgetEpoch = 0;

  constructor(
    private readonly jwt: JwtService,
    dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.users = new EntityRows(dataSource, UserEntity);
    this.sessions = new EntityRows(dataSource, SessionEntity);
    const columns = this.users.columns(
      'u',
      dataSource
        .getMetadata(UserEntity)
        .columns.map((c) => c.propertyName as keyof UserEntity & string)
        .filter((p) => p !== 'credits' && p !== 'isAdmin' && p !== 'canManageBlog'),
    );
    this.sql =
      `SELECT ${columns}, s.expires_at AS session_expires_at FROM sessions s INNER JOIN users u ON u.id = s.user_id ` +
      'WHERE s.id = :sessionId AND s.user_id = :userId AND s.revoked_at IS NULL AND s.expires_at > :now';
  }

  /** The signed-in user of an Authorization header; null when it carries no bearer token. */
  async authenticate(authorization: string | undefined): Promise<SignedInRequest | null> {
    const token = bearerToken(authorization);
    if (token === null) return null;
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

  /** After the session was revoked in the database: this process stops accepting it now. */
  forget(sessionId: string): void {
    this.forgetEpoch++;
    this.cache.deleteWhere((signedIn) => signedIn.sessionId === sessionId);
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
    const [row] = await this.users.query(this.sql, { sessionId, userId, now: new Date() });
    if (!row) return null;
    const user = this.users.hydrate(row);
    // Roles as configured now, not as stored at sign-in: a removed role ends with the cache entry.
    Object.assign(user, rolesFor(user.email, this.config));
    const signedIn = { user: withoutBalance(user), sessionId };
    if (epoch === this.forgetEpoch) {
      const sessionExpires = this.sessions.hydrate({ expires_at: row.session_expires_at }).expiresAt?.getTime();
      this.cache.set(token, signedIn, Math.min(tokenExpires, sessionExpires ?? Infinity));
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
