import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';

/** A key prefix no other run uses, on the Redis of TEST_REDIS_URL (call only when it is set). */
export function testRedisPrefix(name: string): string {
  return `veo3${name}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** Deletes every key under `prefix` (BullMQ's and the app's), so runs leave nothing behind. */
export async function dropRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
