import type { Page } from '@playwright/test';
import { expect, signIn, test as siteTest } from '../support/fixtures';
import { startSiteServer, type SiteServer } from '../support/site-server';

/**
 * A server of its own: the shared one renders one video at a time for every test of the run, so a
 * task here could wait behind other files' renders for longer than any bound on its own render.
 */
const test = siteTest.extend<object, { site: SiteServer }>({
  site: [
    // Playwright reads a fixture's dependencies from this pattern, so it must be there even when empty.
    // oxlint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSiteServer({ ADMIN_EMAILS: 'admin@example.com', SIGNIN_RATE_LIMIT: '1000' });
      await use(site);
      expect(await site.stop()).toBe(0);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});

test.setTimeout(120_000);

/** A signed-in user with `credits`, granted by an administrator through the real API. */
async function userWithCredits(page: Page, credits: number) {
  const email = `live-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const session = await signIn(page, email);
  const admin = await (await page.request.post('/api/auth/dev', { data: { email: 'admin@example.com' } })).json();
  const grant = await page.request.post('/api/credits/add', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { userId: session.user.id, amount: credits, reason: 'test credits', sourceId: `e2e-${email}` },
  });
  expect(grant.status()).toBe(200);
  return session;
}

/** Times (page clock) of the page's status requests. */
function statusRequests(page: Page): number[] {
  const times: number[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/video/status/')) times.push(Date.now());
  });
  return times;
}

/** Presses Generate and returns the new task's id. */
async function generate(page: Page, prompt: string): Promise<string> {
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  const accepted = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/video/generate');
  await page.getByRole('button', { name: 'Generate Video' }).click();
  const reply = await (await accepted).json();
  expect(reply.success).toBe(true);
  return reply.data.taskId as string;
}

const finishedVideo = (page: Page) => page.locator('video[src*="/api/video/file/"]');

test('the generator shows the finished video within 1 s of the task completing, with no status request', async ({
  page,
  consoleErrors,
}) => {
  const session = await userWithCredits(page, 40);
  // When the finished video appears, by the page's clock (the server runs on this machine's clock).
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (document.querySelector('video[src*="/api/video/file/"]')) {
        (window as unknown as { videoShownAt: number }).videoShownAt = Date.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });
  });
  const polls = statusRequests(page);
  const streamOpened = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/video/events');
  const streamAnswered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/video/events');
  await page.goto('/text-to-veo3-video?type=text');

  // One stream, its token in the Authorization header and never in the URL.
  const stream = await streamOpened;
  expect(new URL(stream.url()).search).toBe('');
  expect(await stream.headerValue('authorization')).toBe(`Bearer ${session.token}`);
  expect((await streamAnswered).status()).toBe(200);
  await expect(page.getByTestId('header-credits')).toHaveText(/40 credits/);

  const taskId = await generate(page, 'A paper boat drifts down a rainy street');
  // The balance comes down at once (the generate reply, then the stream's balance event).
  await expect(page.getByTestId('header-credits')).toHaveText(/0 credits/);
  await expect(finishedVideo(page)).toBeVisible({ timeout: 60_000 });

  const shownAt = await page.evaluate(() => (window as unknown as { videoShownAt?: number }).videoShownAt);
  const status = await page.request.get(`/api/video/status/${taskId}`, {
    headers: {
      authorization: `Bearer ${session.token}`,
      'x-user-id': session.user.id,
      'x-user-email': session.user.email,
    },
  });
  const task = (await status.json()).data;
  expect(task.status).toBe('completed');
  const completedAt = Date.parse(task.updated_at);
  expect(shownAt).toBeDefined();
  expect(shownAt! - completedAt).toBeLessThan(1_000);
  expect(shownAt! - completedAt).toBeGreaterThan(-1_000);
  expect(polls).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('with the stream blocked, the generator falls back to polling and still finishes', async ({ page }) => {
  await userWithCredits(page, 40);
  let streamAttempts = 0;
  await page.route('**/api/video/events', (route) => {
    streamAttempts++;
    return route.abort('connectionrefused');
  });
  const polls = statusRequests(page);
  await page.goto('/text-to-veo3-video?type=text');
  await generate(page, 'A kite climbs over a windy hill');
  await expect(finishedVideo(page)).toBeVisible({ timeout: 60_000 });
  expect(streamAttempts).toBeGreaterThan(0);
  expect(polls.length).toBeGreaterThan(0);
});
