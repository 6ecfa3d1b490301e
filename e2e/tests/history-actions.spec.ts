import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

test.setTimeout(120_000);

const PROMPT = 'A paper boat drifts down a rainy street';

/** A signed-in user with one finished video made by the local renderer; its task id. */
async function userWithVideo(page: Page, email: string): Promise<string> {
  const session = await signIn(page, email);
  const auth = { authorization: `Bearer ${session.token}` };
  const admin = await (await page.request.post('/api/auth/dev', { data: { email: 'admin@example.com' } })).json();
  const grant = await page.request.post('/api/credits/add', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { userId: session.user.id, amount: 40, reason: 'test credits', sourceId: `e2e-${email}` },
  });
  expect(grant.status()).toBe(200);
  const generated = await page.request.post('/api/video/generate', {
    headers: auth,
    multipart: { prompt: PROMPT, model: 'veo3' },
  });
  expect(generated.status()).toBe(200);
  const taskId: string = (await generated.json()).data.taskId;
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/video/status/${taskId}`, { headers: auth })).json()).data.status,
      { timeout: 90_000, intervals: [500] },
    )
    .toBe('completed');
  return taskId;
}

test('History: Reuse opens the generator from the video; Delete, Undo, and a delete that outlives its notice', async ({
  page,
  consoleErrors,
}) => {
  const taskId = await userWithVideo(page, 'history-actions@example.com');
  // The page's own clock, so the 10-second Undo window can be waited out at once.
  await page.clock.install();
  await page.goto('/video-history');
  const card = page.getByRole('article', { name: PROMPT });
  await expect(card).toBeVisible();
  const reuse = card.getByRole('link', { name: `Reuse the settings of “${PROMPT}”` });
  const remove = card.getByRole('button', { name: `Delete “${PROMPT}”` });
  await expect(card.getByRole('link', { name: `Remix “${PROMPT}”` })).toHaveAttribute(
    'href',
    `/text-to-veo3-video?type=image&from=${taskId}&remix=1`,
  );

  // On a phone the actions stay inside the card.
  await page.setViewportSize({ width: 375, height: 812 });
  const box = (await card.boundingBox())!;
  for (const action of await card.locator('a, button').all()) {
    const a = (await action.boundingBox())!;
    expect(a.x).toBeGreaterThanOrEqual(box.x);
    expect(a.x + a.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Reuse lands on the generator with the task (the generator may then take `from` out of the address).
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await reuse.click();
  await expect(page).toHaveURL(/\/text-to-veo3-video\?type=text/);
  expect(visited.map((url) => new URL(url).search)).toContain(`?type=text&from=${taskId}`);
  await expect(page.getByLabel('Prompt', { exact: true })).toBeVisible();
  await page.goBack();
  await expect(card).toBeVisible();

  // Delete with the keyboard: the card goes, the notice offers Undo, which brings it back with focus.
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  const notice = page.getByRole('status').filter({ hasText: 'Video deleted.' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await notice.getByRole('button', { name: `Undo deleting “${PROMPT}”` }).click();
  await expect(card).toBeVisible();
  await expect(reuse).toBeFocused();
  await expect(notice).toHaveCount(0);

  // Deleted again and the notice left to expire: after a reload the video is gone.
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
  await remove.click();
  expect((await deleted).status()).toBe(200);
  await expect(notice).toBeVisible();
  await page.clock.fastForward(10_000);
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No videos yet' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
