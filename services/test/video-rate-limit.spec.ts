import { randomUUID } from 'node:crypto';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { dropRedisPrefix, testRedisPrefix } from './support/test-redis';

jest.setTimeout(30_000);

const redisUrl = process.env.TEST_REDIS_URL;
const counters = redisUrl ? ['memory', 'redis'] : ['memory'];
const cases = databaseKinds().flatMap((db) => counters.map((counter) => [db, counter] as const));

describe.each(cases)('one video request budget per user on %s, counted in %s', (kind, counter) => {
  const prefix = redisUrl ? testRedisPrefix('budget') : '';
  let t: TestApp;

  beforeAll(async () => {
    const env: Record<string, string> = { GENERATE_RATE_LIMIT: '3', SIGNIN_RATE_LIMIT: '1000' };
    if (counter === 'redis') Object.assign(env, { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix });
    t = await createTestApp(kind, env);
  });
  afterAll(async () => {
    await t?.close();
    if (counter === 'redis') await dropRedisPrefix(redisUrl!, prefix);
  });

  const ADDRESS = '198.51.100.9';
  const send = (user: SignedIn, route: 'generate' | 'edit' | 'extend') =>
    t.app.inject({
      method: 'POST',
      url: route === 'generate' ? '/api/video/generate' : `/api/video/${route}/${randomUUID()}`,
      headers: user.auth,
      payload:
        route === 'generate'
          ? { prompt: 'a fox', model: 'veo3' }
          : route === 'edit'
            ? { instruction: 'rain' }
            : { seconds: 4 },
      remoteAddress: ADDRESS,
    });

  it('generate, edit and extend draw on one per-minute budget: the next request on any route is a 429', async () => {
    const user = await devSignIn(t.app, 'budget@example.com');
    // Counted whatever the answer: no credits (402), no such video (404).
    expect((await send(user, 'generate')).statusCode).toBe(402);
    expect((await send(user, 'edit')).statusCode).toBe(404);
    expect((await send(user, 'extend')).statusCode).toBe(404);
    for (const route of ['edit', 'extend', 'generate'] as const) {
      const refused = await send(user, route);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Too many video requests. Please wait a minute and try again.',
        code: 'TOO_MANY_REQUESTS',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // The budget is the user's: another user from the same address has a whole one.
    const other = await devSignIn(t.app, 'budget-other@example.com');
    expect((await send(other, 'edit')).statusCode).toBe(404);
    expect((await send(other, 'generate')).statusCode).toBe(402);
  });
});
