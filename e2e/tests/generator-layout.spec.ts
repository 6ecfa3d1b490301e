/**
 * The generator's layout in a real browser: the prompt, the main choices and Generate fit
 * the first screen below the header, and what follows Generate (progress, a refusal) shows where the
 * user is looking, at 1280×800 and 375×812.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

test.setTimeout(90_000);

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;
/** The site header is fixed over the top 4rem of the page. */
const HEADER_PX = 64;
/** Outside test-results, which every run (also another suite's) empties. */
const SHOTS = join(tmpdir(), 'generator-layout-shots');

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

/** A new signed-in user with `credits`, granted by an administrator through the real API. */
async function userWithCredits(page: Page, name: string, credits: number) {
  const session = await signIn(page, uniqueEmail(name));
  if (credits === 0) return session;
  const admin = await (await page.request.post('/api/auth/dev', { data: { email: 'admin@example.com' } })).json();
  const grant = await page.request.post('/api/credits/add', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { userId: session.user.id, amount: credits, reason: 'test credits', sourceId: `e2e-${session.user.id}` },
  });
  expect(grant.status()).toBe(200);
  return session;
}

/** Whether `locator` is wholly on screen below the fixed header, without scrolling. */
async function expectInFirstScreen(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const { height } = page.viewportSize()!;
  expect(box, 'rendered').toBeTruthy();
  expect(box.y, 'below the header').toBeGreaterThanOrEqual(HEADER_PX);
  expect(box.y + box.height, 'above the bottom of the screen').toBeLessThanOrEqual(height);
}

const promptBox = (page: Page, lang: 'en' | 'zh-CN' = 'en') =>
  page.getByLabel(lang === 'en' ? 'Prompt' : '提示词', { exact: true });
const generateButton = (page: Page, lang: 'en' | 'zh-CN' = 'en') =>
  page.getByRole('button', { name: lang === 'en' ? 'Generate Video' : '生成视频', exact: true });

for (const size of WIDTHS) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const lang of ['en', 'zh-CN'] as const) {
      test(`prompt, format, cost and Generate are in the first screen in both modes (${lang})`, async ({
        page,
        baseURL,
        consoleErrors,
      }) => {
        await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
        await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
        await userWithCredits(page, 'layout', 40);
        for (const mode of ['text', 'image'] as const) {
          await page.goto(`/text-to-veo3-video?type=${mode}`);
          await expect(generateButton(page, lang)).toBeEnabled();
          await expectInFirstScreen(page, promptBox(page, lang));
          await expectInFirstScreen(page, page.getByRole('radio', { name: /9:16/ }).locator('..'));
          await expectInFirstScreen(page, page.getByRole('radio', { name: '1080p' }).locator('..'));
          await expectInFirstScreen(
            page,
            page.getByRole('main').getByText(lang === 'en' ? '40 credits' : '40 积分', { exact: true }),
          );
          await expectInFirstScreen(page, generateButton(page, lang));
          if (mode === 'image') {
            await expectInFirstScreen(page, page.getByText(lang === 'en' ? 'Starting image' : '起始图片').first());
          }
          await page.screenshot({ path: `${SHOTS}/${size.name}-${lang}-${mode}.png` });
        }
        // The empty preview's play icon keeps its round shape at every width.
        const icon = page
          .getByRole('region', { name: lang === 'en' ? 'Your videos' : '你的视频' })
          .locator('span[aria-hidden]');
        const box = (await icon.first().boundingBox())!;
        expect(Math.abs(box.width - box.height)).toBeLessThan(1);
        expect(consoleErrors).toEqual([]);
      });
    }

    test('after Generate the progress card is in view', async ({ page }) => {
      await userWithCredits(page, 'progress', 40);
      // The task is held in progress (polled, no stream) to look at it; no real render is started,
      // as the run's one renderer is kept for the tests that wait for a video.
      await page.route('**/api/video/events', (route) => route.abort('connectionrefused'));
      await page.route('**/api/video/generate', (route) =>
        route.fulfill({ json: { success: true, data: { taskId: 'x', remainingCredits: 0 } } }),
      );
      await page.route('**/api/video/status/*', (route) =>
        route.fulfill({ json: { success: true, data: { id: 'x', status: 'processing', status_message: null } } }),
      );
      await page.goto('/text-to-veo3-video?type=text');
      await promptBox(page).fill('A paper boat drifts down a rain gutter');
      await generateButton(page).click();
      // The card's title, shown for the eye; the live region beside it reads it out.
      const title = page
        .getByText('Generating your video...', { exact: true })
        .and(page.locator('[aria-hidden="true"]'));
      await expect(
        page
          .getByRole('region', { name: 'Your videos' })
          .getByRole('status')
          .filter({ hasText: /^Generating your video/ }),
      ).toHaveCount(1);
      await expect(title).toBeVisible();
      await expect(title).toBeInViewport();
      await expectInFirstScreen(page, title);
      await page.screenshot({ path: `${SHOTS}/${size.name}-progress.png` });
    });

    test('with 0 credits, Generate is refused once, by the notice next to the button, in view', async ({ page }) => {
      await userWithCredits(page, 'broke', 0);
      await page.goto('/text-to-veo3-video?type=text');
      await promptBox(page).fill('A paper boat drifts down a rain gutter');
      const generateRequest = page.waitForRequest('**/api/video/generate', { timeout: 2_000 }).catch(() => null);
      await generateButton(page).click();
      // Said once (issue 32, defect 13): Generate moves focus to the notice's Buy Credits link.
      await expect(page.getByText(/Not enough credits/)).toHaveCount(1);
      const buy = page.getByRole('link', { name: 'Buy Credits' });
      await expect(buy).toBeFocused();
      await expectInFirstScreen(page, page.getByText('Not enough credits (0/40)'));
      expect(await generateRequest).toBeNull();
      await page.screenshot({ path: `${SHOTS}/${size.name}-refused.png` });
    });
  });
}

test('a text file renamed .png is refused as soon as it is picked, keeping the picker usable', async ({ page }) => {
  await userWithCredits(page, 'picker', 40);
  await page.goto('/text-to-veo3-video?type=image');
  await page.getByLabel('Starting image').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are my notes, not a picture'),
  });
  const alert = page.getByRole('alert').filter({ hasText: 'notes.png' });
  await expect(alert).toHaveText('"notes.png" could not be read as a picture. Please choose another file.');
  await expect(page.getByRole('img', { name: /Preview of/ })).toHaveCount(0);
  await expectInFirstScreen(page, alert);
});

test('the prompt counter counts, and a prompt over 2,000 characters is refused in the form', async ({ page }) => {
  await userWithCredits(page, 'counter', 40);
  await page.goto('/text-to-veo3-video?type=text');
  const counter = page.getByTestId('prompt-counter');
  await expect(counter).toContainText('0 / 2,000');
  await promptBox(page).fill('A paper boat');
  await expect(counter).toContainText('12 / 2,000');
  await promptBox(page).fill('x'.repeat(5000));
  await expect(counter).toContainText('5,000 / 2,000');
  await generateButton(page).click();
  const alert = page.getByRole('alert').filter({ hasText: 'too long' });
  await expect(alert).toHaveText('The prompt is too long (5,000 / 2,000 characters). Please shorten it.');
  await expectInFirstScreen(page, alert);
  await expect(promptBox(page)).toBeFocused();
});

test('a reload while the video is being made keeps it in the feed, and the form to the address', async ({ page }) => {
  await userWithCredits(page, 'restore', 40);
  // Without the task events stream, the page polls: the task stays in progress long enough to reload.
  await page.route('**/api/video/events', (route) => route.abort('connectionrefused'));
  await page.goto('/text-to-veo3-video?type=text');
  await promptBox(page).fill('Waves roll onto a quiet beach at night');
  const polling = page.waitForRequest(/\/api\/video\/status\//);
  await generateButton(page).click();
  await polling;
  await page.reload();
  const card = page.getByRole('region', { name: 'Your videos' }).getByRole('article').first();
  await expect(card).toContainText('Waves roll onto a quiet beach at night');
  await expect(promptBox(page)).toHaveValue('');
  await expect(page).toHaveURL(/type=text/);
});
