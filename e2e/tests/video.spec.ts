import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { ownSiteTest, userWithCredits } from '../support/own-site';

test.setTimeout(120_000);

test('text mode: generate with the local renderer, watch progress, play, download, find it in history', async ({
  page,
  consoleErrors,
}) => {
  await userWithCredits(page, 80, 'maker');
  await page.goto('/text-to-veo3-video?type=text');
  await expect(page.getByTestId('header-credits')).toHaveText(/80 credits/);
  await page.getByLabel('Prompt', { exact: true }).fill('A red toy car races across a wooden table at sunset');
  await page.getByRole('button', { name: 'Generate Video' }).click();

  // The balance drops at once; the progress card (one title, plus the renderer's status line while it
  // works) is beside the form, in view.
  await expect(page.getByTestId('header-credits')).toHaveText(/40 credits/);
  const progress = page.getByRole('region', { name: 'Your videos' });
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
  await userWithCredits(page, 40, 'picture');
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
  await userWithCredits(page, 40, 'portrait');
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
  // Until History's code has arrived the generator's page, whose feed holds the same card, is still
  // in the document (hidden once the route suspends): look for the card only on History.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video History');
  const card = page.getByRole('article').filter({ hasText: 'A dancer spins on a rooftop at dusk' });
  await expect(card.getByText('9:16 · 1080p')).toBeVisible();
  const preview = card.locator('video');
  await expect.poll(() => preview.evaluate(size), { timeout: 20_000 }).toEqual([1080, 1920]);
  const inCard = (await preview.boundingBox())!;
  expect(inCard.height).toBeGreaterThan(inCard.width * 1.5);
  expect(consoleErrors).toEqual([]);
});

test('a failed generation shows the failure panel; Try Again puts its prompt back in the form', async ({ page }) => {
  await userWithCredits(page, 40, 'unlucky');
  // The provider's failure is simulated at the status call, which the page polls only without the
  // task events stream; the real request and debit still happen.
  await page.route('**/api/video/events', (route) => route.abort('connectionrefused'));
  await page.route('**/api/video/status/*', async (route) => {
    const real = (await (await route.fetch()).json()) as { data: Record<string, unknown> };
    const data = { ...real.data, status: 'FAILED', status_message: null, error_message: 'The provider gave up' };
    await route.fulfill({ json: { success: true, data } });
  });
  await page.goto('/text-to-veo3-video');
  await page.getByLabel('Prompt', { exact: true }).fill('Anything at all');
  await page.getByRole('button', { name: 'Generate Video' }).click();
  const panel = page.getByRole('alert').filter({ hasText: 'Video Generation Failed' });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel).toBeInViewport();
  await expect(panel).toContainText('The provider gave up');
  // The failed card stays in the feed as a record; Try Again puts its prompt back in the form.
  await page.getByLabel('Prompt', { exact: true }).fill('');
  await panel.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('Anything at all');
  await expect(page.getByLabel('Prompt', { exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Generate Video' })).toBeVisible();
  // The feed still polls the task (it is being made on the server): a poll in the faked route when
  // the test ends must end with it, not fail the worker's next test.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

// On a server of its own: on the shared one its render would queue behind the render the test
// before it leaves running (and other files'), one at a time on this machine's two cores.
ownSiteTest('a reload while the video is being made comes back to the same task', async ({ page }) => {
  await userWithCredits(page, 40, 'reloader');
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
