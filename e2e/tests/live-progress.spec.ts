import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { ownSiteTest as test, userWithCredits } from '../support/own-site';

test.setTimeout(120_000);

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

// How soon the event arrives is bench:events' measure; here, that it is the stream that delivers it.
test('the generator shows the finished video from the event stream, with no status request', async ({
  page,
  consoleErrors,
}) => {
  const session = await userWithCredits(page, 40, 'live');
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

  const status = await page.request.get(`/api/video/status/${taskId}`, {
    headers: {
      authorization: `Bearer ${session.token}`,
      'x-user-id': session.user.id,
      'x-user-email': session.user.email,
    },
  });
  const task = (await status.json()).data;
  expect(task.status).toBe('completed');
  expect(polls).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('with the stream blocked, the generator falls back to polling and still finishes', async ({ page }) => {
  await userWithCredits(page, 40, 'live');
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
