import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

test.setTimeout(120_000);

/** A signed-in user with `credits`, granted by an administrator through the real API. */
async function userWithCredits(page: Page, email: string, credits: number) {
  const session = await signIn(page, email);
  const admin = await (await page.request.post('/api/auth/dev', { data: { email: 'admin@example.com' } })).json();
  const grant = await page.request.post('/api/credits/add', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { userId: session.user.id, amount: credits, reason: 'test credits', sourceId: `e2e-${email}` },
  });
  expect(grant.status()).toBe(200);
  return session;
}

test('text mode: generate with the local renderer, watch progress, play, download, find it in history', async ({
  page,
  consoleErrors,
}) => {
  await userWithCredits(page, 'maker@example.com', 80);
  await page.goto('/text-to-veo3-video?type=text');
  await expect(page.getByTestId('header-credits')).toHaveText(/80 credits/);
  await page.getByLabel('Prompt', { exact: true }).fill('A red toy car races across a wooden table at sunset');
  await page.getByRole('button', { name: 'Generate Video' }).click();

  // The balance drops at once; the progress card (one title, plus the renderer's status line while it
  // works) is beside the form, in view.
  await expect(page.getByTestId('header-credits')).toHaveText(/40 credits/);
  const progress = page.getByRole('region', { name: 'Preview' });
  await expect(progress.getByText('Generating your video...', { exact: true }).last()).toBeInViewport();
  await expect(progress.getByText(/Rendering video|Preparing the scene|Finishing/).first()).toBeVisible({
    timeout: 30_000,
  });

  const video = page.locator('video[src*="/api/video/file/"]');
  await expect(video).toBeVisible({ timeout: 60_000 });
  // A still from the video is shown before it plays.
  const poster = await video.getAttribute('poster');
  expect(poster).toMatch(/\/api\/video\/poster\//);
  const still = await page.request.get(poster!);
  expect(still.headers()['content-type']).toBe('image/jpeg');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 })
    .toBeGreaterThan(7.9);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ai-video-\d+\.mp4$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(4, 8).toString()).toBe('ftyp');
  await expect(page.getByText('Video downloaded successfully!')).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video History');
  await expect(page.getByText('A red toy car races across a wooden table at sunset')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('image mode: an uploaded picture becomes a video', async ({ page }) => {
  await userWithCredits(page, 'picture@example.com', 40);
  await page.goto('/text-to-veo3-video?type=image');
  await page.getByLabel('Prompt', { exact: true }).fill('Slow zoom into the scene');
  // A real PNG, made by the browser itself.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 320, 180);
    gradient.addColorStop(0, '#7c3aed');
    gradient.addColorStop(1, '#f59e0b');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 320, 180);
    const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  await page
    .getByLabel('Starting image')
    .setInputFiles({ name: 'scene.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.locator('video[src*="/api/video/file/"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('header-credits')).toHaveText(/0 credits/);
});

test('portrait 1080p: the local renderer makes a 1080×1920 video that plays and stands upright in History', async ({
  page,
  consoleErrors,
}) => {
  await userWithCredits(page, 'portrait@example.com', 40);
  await page.goto('/text-to-veo3-video?type=text');
  await page.getByLabel('Prompt', { exact: true }).fill('A dancer spins on a rooftop at dusk');
  // The radios are styled as buttons: their labels are what a user clicks.
  await page.locator('label', { hasText: '9:16' }).click();
  await page.locator('label', { hasText: '1080p' }).click();
  await expect(page.getByRole('radio', { name: /9:16/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: '1080p' })).toBeChecked();
  await expect(page.getByText('9:16 · 1080p')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Video' }).click();

  const video = page.locator('video[src*="/api/video/file/"]');
  await expect(video).toBeVisible({ timeout: 90_000 });
  const size = (v: HTMLVideoElement) => [v.videoWidth, v.videoHeight];
  await expect.poll(() => video.evaluate(size), { timeout: 20_000 }).toEqual([1080, 1920]);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  const shown = (await video.boundingBox())!;
  expect(shown.height).toBeGreaterThan(shown.width * 1.5);

  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  const card = page.getByRole('article').filter({ hasText: 'A dancer spins on a rooftop at dusk' });
  await expect(card.getByText('9:16 · 1080p')).toBeVisible();
  const preview = card.locator('video');
  await expect.poll(() => preview.evaluate(size), { timeout: 20_000 }).toEqual([1080, 1920]);
  const inCard = (await preview.boundingBox())!;
  expect(inCard.height).toBeGreaterThan(inCard.width * 1.5);
  expect(consoleErrors).toEqual([]);
});

test('a failed generation shows the failure panel; Try Again returns to the form', async ({ page }) => {
  await userWithCredits(page, 'unlucky@example.com', 40);
  // The provider's failure is simulated at the status call, which the page polls only without the
  // task events stream; the real request and debit still happen.
  await page.route('**/api/video/events', (route) => route.abort('connectionrefused'));
  await page.route('**/api/video/status/*', (route) =>
    route.fulfill({
      json: {
        success: true,
        data: {
          id: 'x',
          status: 'FAILED',
          status_message: null,
          result_url: null,
          error_message: 'The provider gave up',
        },
      },
    }),
  );
  await page.goto('/text-to-veo3-video');
  await page.getByLabel('Prompt', { exact: true }).fill('Anything at all');
  await page.getByRole('button', { name: 'Generate Video' }).click();
  const panel = page.getByRole('alert').filter({ hasText: 'Video Generation Failed' });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel).toBeInViewport();
  await expect(panel).toContainText('The provider gave up');
  await panel.getByRole('button', { name: 'Try Again' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate Video' })).toBeVisible();
});

test('a reload while the video is being made comes back to the same task', async ({ page }) => {
  await userWithCredits(page, `reloader-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`, 40);
  // Without the task events stream, the page polls (live-progress.spec.ts covers the stream).
  await page.route('**/api/video/events', (route) => route.abort('connectionrefused'));
  await page.goto('/text-to-veo3-video');
  await page.getByLabel('Prompt', { exact: true }).fill('Waves on a quiet beach');
  // Polling starts once the task id is stored for a resume; the balance can show 0 a moment earlier.
  const polling = page.waitForRequest(/\/api\/video\/status\//);
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByTestId('header-credits')).toHaveText(/0 credits/);
  await polling;
  await page.reload();
  await expect(page.locator('video[src*="/api/video/file/"]')).toBeVisible({ timeout: 60_000 });
  const history = await page.request.get('/api/video/history', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}` },
  });
  expect((await history.json()).data.total).toBe(1);
});
