import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** An administrator on the shared server (global-setup puts this address in ADMIN_EMAILS). */
const ADMIN = 'admin@example.com';

test.setTimeout(150_000);

/** A real PNG of `color`, made by the browser itself. */
async function png(page: Page, color: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 640;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 360, 640);
    const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  }, color);
  return Buffer.from(bytes);
}

async function grantCredits(page: Page, userId: string, amount: number): Promise<void> {
  const admin = await (await page.request.post('/api/auth/dev', { data: { email: ADMIN } })).json();
  const grant = await page.request.post('/api/credits/add', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { userId, amount, reason: 'effect credits', sourceId: `e2e-effects-${userId}` },
  });
  expect(grant.status()).toBe(200);
}

test('a visitor fills an effect, signs in from Create, comes back with the photos kept and makes the video', async ({
  page,
  consoleErrors,
}) => {
  // A returning user with credits, not signed in on this browser yet.
  const email = `effect-maker-${Date.now()}@example.com`;
  const account = await (await page.request.post('/api/auth/dev', { data: { email } })).json();
  await grantCredits(page, account.user.id, 45);
  await page.goto('/video-effects');
  await page.locator('main a[href="/effects/ai-hug"]').click();
  await expect(page).toHaveURL(/\/effects\/ai-hug$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Hug/);

  // Photos of people wait for the confirmation, which links the terms' rule.
  const first = page.getByLabel(/First person/);
  await expect(first).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Our rule on photos of real people' })).toHaveAttribute(
    'href',
    /\/terms-of-service#/,
  );
  await page.getByLabel('Everyone in these photos is an adult and has agreed to this video.').check();
  await first.setInputFiles({ name: 'one.png', mimeType: 'image/png', buffer: await png(page, '#7c3aed') });
  await page
    .getByLabel(/Second person/)
    .setInputFiles({ name: 'two.png', mimeType: 'image/png', buffer: await png(page, '#f59e0b') });
  const create = page.getByRole('button', { name: /^Create · \d+ credits$/ });
  await expect(create).toHaveText('Create · 35 credits');
  await create.click();

  // Asked to sign in, and brought back to the same effect with both photos.
  await expect(page).toHaveURL(/\/login\?next=%2Feffects%2Fai-hug/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/effects\/ai-hug$/);
  await expect(page.getByText('Your inputs are back. Press Create to make your video.')).toBeVisible();
  await expect(page.getByRole('img', { name: /one\.png|First person/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /two\.png|Second person/ })).toBeVisible();

  await page.getByRole('button', { name: /^Create · \d+ credits$/ }).click();

  // Charged the effect's price once; progress and the result in place.
  await expect(page.getByTestId('header-credits')).toHaveText(/\b10 credits/);
  const video = page.locator('video[src*="/api/video/file/"]');
  await expect(video).toBeVisible({ timeout: 90_000 });
  await page.getByRole('link', { name: 'See it in History' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video History');
  await expect(page.getByRole('article').filter({ hasText: /Hug/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
