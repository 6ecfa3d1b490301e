import type { Page } from '@playwright/test';
import { expect, signIn, test as siteTest } from './fixtures';
import { startSiteServer, type SiteServer } from './site-server';

/**
 * The site fixtures on a server of each worker's own: the shared server renders one video at a
 * time for every test of the run, so a test that waits on renders would wait behind other files'.
 */
export const ownSiteTest = siteTest.extend<object, { site: SiteServer; siteEnv: Record<string, string> }>({
  /** More of the server's environment, for a file's `test.use({ siteEnv })`. */
  siteEnv: [{}, { option: true, scope: 'worker' }],
  site: [
    async ({ siteEnv }, use) => {
      const site = await startSiteServer({
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        ...siteEnv,
      });
      await use(site);
      expect(await site.stop()).toBe(0);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});

/** A new signed-in user (its e-mail starting with `prefix`) with `credits`, granted by an administrator through the real API. */
export async function userWithCredits(page: Page, credits: number, prefix: string) {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const session = await signIn(page, email);
  const admin = await (await page.request.post('/api/auth/dev', { data: { email: 'admin@example.com' } })).json();
  const grant = await page.request.post('/api/credits/add', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { userId: session.user.id, amount: credits, reason: 'test credits', sourceId: `e2e-${email}` },
  });
  expect(grant.status()).toBe(200);
  return session;
}
