import type { Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const fallback = (page: import('@playwright/test').Page) =>
  page.getByRole('alert').filter({ hasText: /could not load/ });

test('a remote answering 404 shows the fallback inside the layout; the rest of the site works; Retry recovers', async ({
  page,
}) => {
  await page.route('**/mfe/generator/**', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto('/text-to-veo3-video');
  await expect(fallback(page)).toBeVisible();
  await expect(fallback(page)).toContainText('The video generator could not load');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  // Other routes, in the shell and in other remotes, keep working.
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Plans & Pricing/);
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Veo\s3 AI Video Generator/);

  // The remote comes back: Retry loads it without a page reload.
  await page.goBack();
  await page.goBack();
  await expect(fallback(page)).toBeVisible();
  await page.unroute('**/mfe/generator/**');
  await fallback(page).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('tab', { name: /Text to Video/ })).toBeVisible();
  await expect(fallback(page)).toHaveCount(0);
});

test('a remote answering 500 for its code shows the fallback', async ({ page }) => {
  // The current release's entry: /mfe/billing/<release id>/remoteEntry.js.
  await page.route('**/mfe/billing/*/remoteEntry.js', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/pricing');
  await expect(fallback(page)).toContainText('Pricing and billing could not load');
  await page.getByRole('link', { name: 'Blog' }).first().click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Blog/);
});

test('a remote that hangs shows the fallback after 10 s, and Retry loads it once it answers', async ({ page }) => {
  test.setTimeout(60_000);
  const held: Route[] = [];
  await page.route('**/mfe/blog/**', (route) => {
    held.push(route);
  });
  await page.goto('/blog');
  await expect(page.getByRole('status')).toBeVisible();
  await expect(fallback(page)).toBeVisible({ timeout: 15_000 });
  await expect(fallback(page)).toContainText('timed out after 10 s');

  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Veo\s3 AI Video Generator/);
  await page.goBack();

  await page.unroute('**/mfe/blog/**');
  await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  await fallback(page).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Blog/);
  await expect(fallback(page)).toHaveCount(0);
});
