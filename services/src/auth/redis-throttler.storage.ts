import { randomUUID } from 'node:crypto';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One hit, atomically, with the in-memory storage's rules: hits count in a sliding window of `ttl`
 * (a sorted set scored by each hit's expiry); the hit that goes past `limit` blocks the key for
 * `blockDuration` and clears its hits; hits while blocked are not counted. Without a block duration
 * a hit over the limit is refused and not counted. Time is Redis's, so processes with skewed clocks agree.
 * KEYS: hits, block. ARGV: ttl ms, limit, block ms, a unique member. Returns hits, ms to expiry, blocked, ms to unblock.
 */
const INCREMENT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl, limit, block = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local blockLeft = redis.call('PTTL', KEYS[2])
if blockLeft > 0 then
  return {limit + 1, blockLeft, 1, blockLeft}
end
local hits = redis.call('ZCARD', KEYS[1])
if block <= 0 and hits >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local left = tonumber(oldest[2]) - now
  return {hits + 1, left, 1, left}
end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[4])
redis.call('PEXPIRE', KEYS[1], ttl)
hits = hits + 1
if block > 0 and hits > limit then
  redis.call('DEL', KEYS[1])
  redis.call('SET', KEYS[2], '1', 'PX', block)
  return {hits, block, 1, block}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {hits, tonumber(oldest[2]) - now, 0, 0}
`;

/**
 * Rate-limit counters in Redis (with REDIS_URL), so every API process counts against one limit.
 * Keys live under `<REDIS_PREFIX>:throttle:`.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(redisUrl: string, prefix: string) {
    // A request waits for at most one reconnection attempt rather than hanging on a Redis outage.
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    this.prefix = `${prefix}:throttle:`;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}${throttlerName}:${key}`;
    const [totalHits, expiresInMs, blocked, unblocksInMs] = (await this.redis.eval(
      INCREMENT,
      2,
      `${base}:hits`,
      `${base}:block`,
      ttl,
      limit,
      blockDuration,
      randomUUID(),
    )) as [number, number, number, number];
    return {
      totalHits,
      timeToExpire: Math.ceil(expiresInMs / 1000),
      isBlocked: blocked === 1,
      timeToBlockExpire: Math.ceil(unblocksInMs / 1000),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status === 'wait' || this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
