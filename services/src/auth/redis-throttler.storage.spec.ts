import Redis from 'ioredis';
import { dropRedisPrefix, testRedisPrefix } from '../../test/support/test-redis';
import { RedisThrottlerStorage } from './redis-throttler.storage';

const redisUrl = process.env.TEST_REDIS_URL;
const describeRedis = redisUrl ? describe : describe.skip;
if (!redisUrl) console.log('TEST_REDIS_URL is not set: the Redis rate-limit storage tests are skipped');

describeRedis('RedisThrottlerStorage', () => {
  const prefix = testRedisPrefix('throttle');
  let a: RedisThrottlerStorage;
  let b: RedisThrottlerStorage;

  beforeAll(() => {
    a = new RedisThrottlerStorage(redisUrl!, prefix);
    b = new RedisThrottlerStorage(redisUrl!, prefix);
  });
  afterAll(async () => {
    await a.onApplicationShutdown();
    await b.onApplicationShutdown();
    await dropRedisPrefix(redisUrl!, prefix);
  });

  it('counts hits from every instance against one limit, then blocks for the block duration', async () => {
    const hit = (s: RedisThrottlerStorage) => s.increment('client-1', 60_000, 3, 20_000, 'signin');
    expect(await hit(a)).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
    expect(await hit(b)).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await hit(a)).toMatchObject({ totalHits: 3, isBlocked: false, timeToExpire: 60 });
    expect(await hit(b)).toMatchObject({ totalHits: 4, isBlocked: true, timeToBlockExpire: 20 });
    expect(await hit(a)).toMatchObject({ isBlocked: true, timeToBlockExpire: 20 });
  });

  it('keeps clients and named limits apart', async () => {
    await a.increment('client-2', 60_000, 1, 60_000, 'generate');
    expect(await a.increment('client-2', 60_000, 1, 60_000, 'generate')).toMatchObject({ isBlocked: true });
    expect(await b.increment('client-2', 60_000, 1, 60_000, 'signin')).toMatchObject({ isBlocked: false });
    expect(await b.increment('client-3', 60_000, 1, 60_000, 'generate')).toMatchObject({ isBlocked: false });
  });

  it('forgets hits after the window and lets a client in again once the block ends', async () => {
    expect(await a.increment('client-4', 300, 1, 300, 'signin')).toMatchObject({ isBlocked: false });
    expect(await b.increment('client-4', 300, 1, 300, 'signin')).toMatchObject({ isBlocked: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await a.increment('client-4', 300, 1, 300, 'signin')).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('without a block duration refuses the hit over the limit and does not count it', async () => {
    await a.increment('client-5', 60_000, 2, 0, 'signin');
    await b.increment('client-5', 60_000, 2, 0, 'signin');
    expect(await a.increment('client-5', 60_000, 2, 0, 'signin')).toMatchObject({ totalHits: 3, isBlocked: true });
    expect(await b.increment('client-5', 60_000, 2, 0, 'signin')).toMatchObject({ totalHits: 3, isBlocked: true });
  });

  it('counts exactly under concurrent hits (the script is atomic)', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).increment('client-6', 60_000, 25, 60_000, 'signin')),
    );
    expect(results.filter((r) => !r.isBlocked)).toHaveLength(25);
  });

  it('keeps its keys under the prefix, expiring', async () => {
    const redis = new Redis(redisUrl!);
    try {
      const keys = await redis.keys(`${prefix}:throttle:*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });
});
