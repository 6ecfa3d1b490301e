/**
 * Issue 32, the generator as a workspace, on the embedded default (the local renderer, no key): a
 * feed of the user's recent videos beside the form, several generations at once up to the per-user
 * limit, variations with their seeds, Extend with an instruction, and the Text/Image tabs after a
 * reload. Screens at 1280×800 and 375×812, en and zh-CN, go to SHOTS.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { ownSiteTest as test, userWithCredits } from '../support/own-site';

test.setTimeout(300_000);

// While this file exists the server's renders wait to start: a render takes seconds, and a test
// that needs videos still in the making must not race it.
// One path for every process that loads this file (runner and worker), one per checkout.
const RENDER_HOLD = join(
  tmpdir(),
  `veo3-render-hold-${createHash('sha256').update(__dirname).digest('hex').slice(0, 12)}`,
);
test.use({
  siteEnv: {
    FFMPEG_PATH: join(__dirname, '..', 'support', 'held-ffmpeg.sh'),
    FFMPEG_HOLD: RENDER_HOLD,
    FFMPEG_REAL: (createRequire(__filename)('@ffmpeg-installer/ffmpeg') as { path: string }).path,
  },
});
// A test that fails while holding must not hold the next test's renders.
test.afterEach(() => rmSync(RENDER_HOLD, { force: true }));

/** Outside test-results, which every run (also another suite's) empties. */
const SHOTS = join(tmpdir(), 'generator-workspace-shots');
mkdirSync(SHOTS, { recursive: true });

const feed = (page: Page, lang: 'en' | 'zh-CN' = 'en') =>
  page.getByRole('region', { name: lang === 'en' ? 'Your videos' : '你的视频' });
const cards = (page: Page) => feed(page).getByRole('article');

/** Fills the prompt and presses Generate; resolves with the generate reply's status and body. */
async function generate(page: Page, prompt: string) {
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  const reply = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/video/generate');
  await page.getByRole('button', { name: 'Generate Video' }).click();
  const response = await reply;
  return { status: response.status(), body: await response.json() };
}

test('three generations at once with live progress, kept over a reload; a fourth is refused without charge', async ({
  page,
  consoleErrors,
}) => {
  await userWithCredits(page, 200, 'ws');
  await page.goto('/text-to-veo3-video?type=text');
  await expect(page.getByTestId('header-credits')).toHaveText(/200 credits/);

  // Renders held until the fourth is refused: the three are surely still in the making then.
  writeFileSync(RENDER_HOLD, '');
  for (const prompt of ['A red kite over a beach', 'A paper boat in the rain', 'A lighthouse at dusk']) {
    expect((await generate(page, prompt)).status).toBe(200);
  }
  await expect(page.getByTestId('header-credits')).toHaveText(/80 credits/);
  await expect(cards(page)).toHaveCount(3);
  await expect(cards(page).first().getByRole('heading')).toHaveText('A lighthouse at dusk');

  // The fourth, while three are being made: refused, said once by Generate, nothing charged, no card.
  const fourth = await generate(page, 'A fourth video');
  rmSync(RENDER_HOLD, { force: true });
  expect(fourth.status).toBe(409);
  expect(fourth.body.code).toBe('VIDEO_TOO_MANY_ACTIVE');
  const refusal =
    'You already have 3 videos being made. Please wait for one to finish before starting another. No credits were taken.';
  await expect(page.getByText(refusal)).toHaveCount(1);
  await expect(page.getByText(refusal)).toBeInViewport();
  await expect(page.getByTestId('header-credits')).toHaveText(/80 credits/);
  await expect(cards(page)).toHaveCount(3);
  await expect(feed(page).getByText(/^\d of 3 in progress$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-three-at-once.png` });

  // A reload (and so a new tab) reads the feed from the server: the three are still there.
  await page.reload();
  await expect(cards(page)).toHaveCount(3);
  await expect(cards(page).nth(2).getByRole('heading')).toHaveText('A red kite over a beach');

  // Each card turns into its video as it is ready, without another reload.
  await expect(feed(page).locator('video[src*="/api/video/file/"]')).toHaveCount(3, { timeout: 240_000 });
  await expect(feed(page).getByText(/in progress$/)).toHaveCount(0);
  // The browser logs the refused request (409) itself; nothing else may go wrong.
  expect(consoleErrors.filter((error) => !error.includes('409'))).toEqual([]);
});

test('×2 makes two videos from one prompt, each with its own seed, and Reuse keeps the seed', async ({ page }) => {
  await userWithCredits(page, 200, 'ws');
  const options = (await (await page.request.get('/api/video/options')).json()).data;
  test.skip(!options.variations.includes(2), 'the server offers no ×2');
  await page.goto('/text-to-veo3-video?type=text');
  await page.getByRole('combobox', { name: 'Videos' }).selectOption('2');
  await expect(page.getByText('2 videos · 80 credits', { exact: true })).toBeVisible();
  const takesSeed = options.models.veo3.seed === true;
  if (takesSeed) {
    await page.getByText('More options').click();
    await page.getByLabel('Seed (optional)').fill('1000');
  }
  const reply = await generate(page, 'Two takes of a dancing robot');
  expect(reply.status).toBe(200);
  expect(reply.body.data.taskIds).toHaveLength(2);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId('header-credits')).toHaveText(/120 credits/);
  if (!takesSeed) return;

  await expect(cards(page).getByText(/Seed 100[01]/)).toHaveCount(2);
  const seeds = await cards(page)
    .getByText(/Seed \d+/)
    .allTextContents();
  expect(seeds.map((text) => text.match(/Seed (\d+)/)![1]).sort()).toEqual(['1000', '1001']);
  await cards(page)
    .first()
    .getByRole('button', { name: /^Reuse/ })
    .click();
  await expect(page.getByLabel('Seed (optional)')).toHaveValue(/^100[01]$/);
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('Two takes of a dancing robot');
});

test('after a reload during a generation the address keeps its tab (issue 32, defect 1)', async ({ page }) => {
  await userWithCredits(page, 80, 'ws');
  await page.goto('/text-to-veo3-video?type=text');
  expect((await generate(page, 'A snail crosses a leaf')).status).toBe(200);
  await page.goto('/text-to-veo3-video?type=image');
  // A page opened at ?type=image while a text video is made shows Image to Video.
  await expect(page.getByRole('tab', { name: 'Image to Video' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(feed(page).locator('video[src*="/api/video/file/"]')).toHaveCount(1, { timeout: 120_000 });
  await page.getByRole('tab', { name: 'Text to Video' }).click();
  await page.getByRole('tab', { name: 'Image to Video' }).click();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\?type=image$/);
  await expect(page.getByRole('tab', { name: 'Image to Video' })).toHaveAttribute('aria-selected', 'true');
});

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`Omni's Extend box opens under its video, which stays in view (${size.name}), in en and zh-CN`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(size);
    await userWithCredits(page, 200, 'ws');
    await page.goto('/text-to-veo3-video?type=text');
    await page.getByRole('button', { name: /^Model / }).click();
    await page.getByRole('radio', { name: /^Gemini Omni Flash/ }).click();
    await page.getByRole('combobox', { name: 'Length' }).selectOption('4');
    // Every fact follows the chosen model (defect 6).
    await expect(page.getByText('Powered by Gemini Omni Flash')).toBeAttached();
    await expect(page.getByText(/Official \$6\.00/)).toHaveCount(0);
    expect((await generate(page, 'A lighthouse on a cliff at dusk')).status).toBe(200);
    const card = cards(page).first();
    const video = card.locator('video[src*="/api/video/file/"]');
    await expect(video).toBeVisible({ timeout: 120_000 });
    await video.scrollIntoViewIfNeeded();

    await card.getByRole('button', { name: 'Extend' }).click();
    await expect(card.getByRole('button', { name: /^Extend by/ })).toBeInViewport();
    await expect(video).toBeInViewport({ ratio: 0.3 });
    const options = (await (await page.request.get('/api/video/options')).json()).data;
    if (options.models.omni.extend_instruction) {
      await expect(card.getByLabel('What happens next? (optional)')).toBeVisible();
    }
    await page.screenshot({ path: `${SHOTS}/${size.name}-en-extend.png` });

    await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL! }]);
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await expect(feed(page, 'zh-CN').getByRole('article').first().locator('video')).toBeVisible();
    await expect(page.getByText(/余额：/).first()).toBeAttached();
    await page.screenshot({ path: `${SHOTS}/${size.name}-zh-CN-feed.png`, fullPage: true });
  });
}
