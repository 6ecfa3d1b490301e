import { Inject, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerException, type ThrottlerStorage } from '@nestjs/throttler';
import { API_KEY_PREFIX, type ApiKeyScope } from '@veo3/contracts/api-keys';
import { SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS } from '../auth/session-authenticator';
import { SessionCache } from '../auth/session-cache';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { toSessionUser } from '../users/session-user';
import { UserRepository } from '../users/user.repository';
import type { ApiCaller } from './api-key-caller';
import type { ApiKeyEntity } from './api-key.entity';
import { ApiKeyRepository } from './api-key.repository';
import { bearerOf, hashApiKey, looksLikeApiKey } from './api-key-secret';
import { ApiKeysErrorCode, ApiKeysException } from './api-keys.exception';

/** A key's last use is written at most this often per process. */
const TOUCH_EVERY_MS = 60_000;
const RATE_WINDOW_MS = 60_000;

export const RATE_LIMITED_MESSAGE = 'Too many requests with this API key. Please wait a minute and try again.';

const invalid = () =>
  new ApiKeysException(
    ApiKeysErrorCode.Invalid,
    'This API key is not valid: it was revoked or never existed. Create a key on your account page.',
  );

/**
 * The caller of `/v1` and `/mcp` from `Authorization: Bearer v3s_…`: the key found by the hash of its
 * secret, with its owner. Remembered for the session cache's seconds, so a revocation in another
 * process counts within that bound (in this one at once); its last use written once a minute.
 */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly cache = new SessionCache<ApiCaller>(SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS);
  private readonly touched = new Map<string, number>();
  private forgetEpoch = 0;

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly users: UserRepository,
    // A symbol token: the type alone names nothing Nest can inject in the built code.
    @InjectThrottlerStorage() private readonly throttler: ThrottlerStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async authenticate(authorization: string | undefined): Promise<ApiCaller> {
    const token = bearerOf(authorization);
    if (token === null) {
      throw new ApiKeysException(
        ApiKeysErrorCode.Invalid,
        `Send your API key as "Authorization: Bearer ${API_KEY_PREFIX}…". Create one on your account page.`,
      );
    }
    if (!token.startsWith(API_KEY_PREFIX)) {
      throw new ApiKeysException(
        ApiKeysErrorCode.NotAnApiKey,
        'This API takes an API key, not a browser sign-in. Create a key on your account page.',
      );
    }
    if (!looksLikeApiKey(token)) throw invalid();
    const hash = hashApiKey(token);
    const caller = this.cache.get(hash) ?? (await this.lookUp(hash));
    this.touch(caller.key.id);
    return caller;
  }

  /** The 403 of a key without `scope`. */
  requireScope(caller: ApiCaller, scope: ApiKeyScope): void {
    if (caller.key.scopes.includes(scope)) return;
    throw new ApiKeysException(
      ApiKeysErrorCode.MissingScope,
      `This API key lacks the "${scope}" scope. Create a key with it on your account page.`,
    );
  }

  /**
   * Counts one request against the key's per-minute limit (API_RATE_LIMIT, shared through Redis with
   * REDIS_URL); over it, the 429 and the seconds to wait.
   */
  async limit(caller: ApiCaller): Promise<void> {
    const limit = this.config.apiRateLimit;
    const hits = await this.throttler.increment(`api:${caller.key.id}`, RATE_WINDOW_MS, limit, RATE_WINDOW_MS, 'api');
    if (hits.isBlocked) throw new ApiRateLimited(Math.max(1, hits.timeToBlockExpire));
  }

  /** After a key was revoked in the database: this process refuses it now. */
  forget(keyId: string): void {
    this.forgetEpoch++;
    this.cache.deleteWhere((caller) => caller.key.id === keyId);
  }

  /** After a user's keys were deleted (account deletion): this process refuses them now. */
  forgetUser(userId: string): void {
    this.forgetEpoch++;
    this.cache.deleteWhere((caller) => caller.user.id === userId);
  }

  private async lookUp(hash: string): Promise<ApiCaller> {
    const epoch = this.forgetEpoch;
    const key = await this.keys.findLiveByHash(hash);
    const user = key && (await this.users.findById(key.userId));
    if (!key || !user || user.erasedAt) throw invalid();
    // No roles through a key: it never works on admin or blog routes whatever its owner may do.
    const caller: ApiCaller = {
      user: toSessionUser(user, { isAdmin: false, canManageBlog: false }),
      key: toIdentity(key),
    };
    if (epoch === this.forgetEpoch) this.cache.set(hash, caller, Infinity);
    return caller;
  }

  private touch(keyId: string): void {
    const now = Date.now();
    if (now - (this.touched.get(keyId) ?? 0) < TOUCH_EVERY_MS) return;
    this.touched.set(keyId, now);
    if (this.touched.size > SESSION_CACHE_MAX) this.touched.clear();
    // A lost write of the last-used time is not worth failing the request for.
    void this.keys.touch(keyId, new Date(now)).catch(() => undefined);
  }
}

/** The 429 of a key over its per-minute limit, with the seconds to wait (sent as Retry-After). */
export class ApiRateLimited extends ThrottlerException {
  constructor(readonly retryAfterSeconds: number) {
    super(RATE_LIMITED_MESSAGE);
  }
}

function toIdentity(key: ApiKeyEntity): ApiCaller['key'] {
  return {
    id: key.id,
    prefix: key.prefix,
    userId: key.userId,
    scopes: key.scopes.split(' ').filter(Boolean) as ApiKeyScope[],
    monthlyCap: key.monthlyCap,
  };
}
