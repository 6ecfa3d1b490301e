import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { dropRedisPrefix, testRedisPrefix } from './support/test-redis';

const redisUrl = process.env.TEST_REDIS_URL;
const describeRedis = redisUrl ? describe : describe.skip;
if (!redisUrl) console.log('TEST_REDIS_URL is not set: the shared rate-limit suite is skipped');

jest.setTimeout(30_000);

describeRedis('rate limits shared through Redis by two API instances', () => {
  const prefix = testRedisPrefix('limits');
  let one: TestApp;
  let two: TestApp;
  let db: TestDatabase;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix, SIGNIN_RATE_LIMIT: '3', GENERATE_RATE_LIMIT: '2' };
    // One database, as API processes share one: the generate limit counts per user.
    db = await createTestDatabase('sqlite');
    one = await createTestApp(db, env);
    two = await createTestApp(db, env);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await db?.drop();
    await dropRedisPrefix(redisUrl!, prefix);
  });

  const signIn = (t: TestApp, email: string, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email }, remoteAddress: ip });

  it('counts sign-ins on either instance against one limit, with the usual 429 and Retry-After', async () => {
    const statuses = [
      (await signIn(one, 'a@example.com')).statusCode,
      (await signIn(two, 'b@example.com')).statusCode,
      (await signIn(one, 'c@example.com')).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200]);
    for (const t of [two, one]) {
      const refused = await signIn(t, 'd@example.com');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Too many sign-in attempts. Please wait a minute and try again.',
        code: 'TOO_MANY_REQUESTS',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.headers['retry-after-signin']).toBeUndefined();
    }
    // Another client address has its own allowance.
    expect((await signIn(two, 'e@example.com', '203.0.113.8')).statusCode).toBe(200);
  });

  it('keeps the generate limit apart from sign-in, shared all the same', async () => {
    const token = (await signIn(one, 'maker@example.com', '198.51.100.4')).json().token;
    const generate = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/video/generate',
        headers: { authorization: `Bearer ${token}` },
        payload: { prompt: 'a fox', model: 'veo3' },
        remoteAddress: '198.51.100.4',
      });
    // Accepted by the limit (no credits: 402), once on each instance.
    expect((await generate(one)).statusCode).toBe(402);
    expect((await generate(two)).statusCode).toBe(402);
    const refused = await generate(one);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many video requests. Please wait a minute and try again.');
  });
});
