import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { StreamCounts, type UserPresence } from './user-presence';

/** A process's mark on a user lasts this long unless it is renewed; a process that dies stops renewing it. */
export const PRESENCE_TTL_MS = 30_000;
const RENEW_MS = 10_000;

/**
 * Presence every process reads: `<REDIS_PREFIX>:watching:<user id>` is a sorted set of the processes
 * holding a stream of the user, each scored with the time its mark runs out. A process marks a user
 * at their first stream, renews its marks every 10 s and removes one at the user's last stream; the
 * key itself expires with the last mark.
 */
export class RedisUserPresence implements UserPresence {
  private readonly logger = new Logger(RedisUserPresence.name);
  private readonly redis: Redis;
  private readonly processId = randomUUID();
  private readonly streams = new StreamCounts();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    // Connected on first use: a process that never asks nor holds a stream opens no connection.
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    this.redis.on('error', (error: Error) => this.logger.warn(`presence: ${error.message}`));
  }

  enter(userId: string): void {
    if (!this.streams.add(userId) || this.closed) return;
    this.timer ??= setInterval(() => void this.renew(), RENEW_MS).unref();
    void this.mark([userId]);
  }

  leave(userId: string): void {
    if (!this.streams.remove(userId)) return;
    this.redis.zrem(this.key(userId), this.processId).catch((error: unknown) => this.warn('unmark', error));
  }

  async isWatching(userId: string): Promise<boolean> {
    if (this.streams.has(userId)) return true;
    try {
      return (await this.redis.zcount(this.key(userId), Date.now(), '+inf')) > 0;
    } catch (error) {
      this.warn('read', error);
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    const users = this.streams.users();
    if (this.redis.status === 'ready') {
      if (users.length) await this.unmarkAll(users).catch(() => undefined);
      await this.redis.quit().catch(() => undefined);
    }
    this.redis.disconnect();
  }

  private key(userId: string): string {
    return `${this.prefix}:watching:${userId}`;
  }

  private async renew(): Promise<void> {
    const users = this.streams.users();
    if (users.length) await this.mark(users);
  }

  private async mark(users: string[]): Promise<void> {
    const until = Date.now() + PRESENCE_TTL_MS;
    const batch = this.redis.multi();
    for (const userId of users) {
      batch.zadd(this.key(userId), until, this.processId);
      batch.zremrangebyscore(this.key(userId), '-inf', Date.now());
      batch.pexpire(this.key(userId), PRESENCE_TTL_MS);
    }
    await batch.exec().catch((error: unknown) => this.warn('mark', error));
  }

  private async unmarkAll(users: string[]): Promise<void> {
    const batch = this.redis.multi();
    for (const userId of users) batch.zrem(this.key(userId), this.processId);
    await batch.exec();
  }

  private warn(what: string, error: unknown): void {
    this.logger.warn(`presence ${what} failed: ${String(error)}`);
  }
}
