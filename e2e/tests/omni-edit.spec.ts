/**
 * Gemini Omni Flash on the embedded default (the local renderer, no key): generate a 4 s video, edit
 * it by instruction, and find both versions in History, each playable and downloadable.
 * Screens of the generator with Omni and of History's versions go to SHOTS, at 1280×800 and 375×812.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { ownSiteTest as test, userWithCredits } from '../support/own-site';

test.setTimeout(240_000);

/** Outside test-results, which every run (also another suite's) empties. */
const SHOTS = join(tmpdir(), 'omni-edit-shots');

/** Waits until `video` has loaded its metadata and returns its length in seconds. */
async function playableSeconds(video: Locator): Promise<number> {
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  return video.evaluate((el: HTMLVideoElement) => el.duration);
}

/** The link answers the MP4 itself. */
async function expectMp4(page: Page, href: string | null) {
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^video\/mp4/);
}

const preview = (page: Page) => page.getByRole('region', { name: 'Your videos' });
/** The feed's newest card. */
const newest = (page: Page) => preview(page).getByRole('article').first();

/** Generate is wholly on the first screen, with the model and length chosen. */
async function expectGenerateInFirstScreen(page: Page) {
  const box = (await page.getByRole('button', { name: 'Generate Video' }).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

test('generate with Gemini Omni Flash, edit by instruction, then play and download both versions from History', async ({
  page,
  consoleErrors,
}) => {
  await userWithCredits(page, 100, 'omni');
  await page.goto('/text-to-veo3-video?type=text');

  // The model choice, the length and the cost, in the first screen.
  await page.getByRole('button', { name: /^Model / }).click();
  await page.getByRole('radio', { name: /^Gemini Omni Flash/ }).click();
  await page.getByRole('combobox', { name: 'Length' }).selectOption('4');
  await expect(page.getByText('16 credits', { exact: true })).toBeVisible();
  await expectGenerateInFirstScreen(page);
  await page.screenshot({ path: `${SHOTS}/desktop-omni-form.png` });

  await page.getByLabel('Prompt', { exact: true }).fill('A lighthouse on a cliff at dusk, waves below');
  const generated = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/video/generate');
  await page.getByRole('button', { name: 'Generate Video' }).click();
  expect((await generated).status()).toBe(200);
  await expect(newest(page).getByRole('status').first()).toHaveText('Your video is ready!', { timeout: 120_000 });
  const firstVideo = newest(page).locator('video');
  expect(await playableSeconds(firstVideo)).toBeCloseTo(4, 0);
  const firstUrl = await firstVideo.getAttribute('src');

  // Edit: the cost first (4 s × 4 credits), then the instruction sent with Enter.
  await newest(page).getByRole('button', { name: 'Edit' }).click();
  const instruction = page.getByLabel('What should change?');
  await expect(instruction).toBeFocused();
  await expect(preview(page).locator('form').getByText('16 credits', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-edit-form.png` });
  await instruction.fill('make it night');
  const edited = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith('/api/video/edit/'));
  await instruction.press('Enter');
  expect((await edited).status()).toBe(200);
  // The new version is a card of its own at the top; the version being edited stays in its card.
  await expect(preview(page).getByRole('article')).toHaveCount(2);
  await expect(preview(page).getByRole('article').nth(1).locator('video')).toHaveAttribute('src', firstUrl!);
  await expect(newest(page).getByRole('status').first()).toHaveText('Your video is ready!', { timeout: 120_000 });
  await expect(newest(page).locator('video')).not.toHaveAttribute('src', firstUrl!);
  expect(await playableSeconds(newest(page).locator('video'))).toBeCloseTo(4, 0);

  // History: one video, two versions, the newest first with its instruction.
  await page.goto('/video-history');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { name: 'Versions (2)' })).toBeVisible();
  const versions = card.getByRole('list', { name: /^Versions of/ }).getByRole('button');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Version 2');
  await expect(versions.nth(0)).toContainText('“make it night”');
  await expect(versions.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(versions.nth(1)).toContainText('Version 1');
  await expect(versions.nth(1)).toContainText('Original');
  await page.screenshot({ path: `${SHOTS}/desktop-history.png`, fullPage: true });

  const player = card.locator('video');
  const download = card.getByRole('link', { name: /^Download/ });
  expect(await playableSeconds(player)).toBeCloseTo(4, 0);
  await expectMp4(page, await download.getAttribute('href'));
  const newestUrl = await player.getAttribute('src');

  await versions.nth(1).click();
  await expect(versions.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(player).not.toHaveAttribute('src', newestUrl!);
  expect(await playableSeconds(player)).toBeCloseTo(4, 0);
  await player.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect.poll(() => player.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(0);
  await expectMp4(page, await download.getAttribute('href'));
  await expect(card.getByRole('link', { name: /^Edit/ })).toHaveAttribute('href', /[?&]edit=/);

  // At a phone's width the card and its versions fit.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/phone-history.png`, fullPage: true });
  await page.goto('/text-to-veo3-video?type=text');
  await page.getByRole('button', { name: /^Model / }).click();
  await page.getByRole('radio', { name: /^Gemini Omni Flash/ }).click();
  await expectGenerateInFirstScreen(page);
  await page.screenshot({ path: `${SHOTS}/phone-omni-form.png` });
  await page.goto('/text-to-veo3-video?type=image');
  await page.getByRole('button', { name: /^Model / }).click();
  await page.getByRole('radio', { name: /^Gemini Omni Flash/ }).click();
  await expectGenerateInFirstScreen(page);
  await page.screenshot({ path: `${SHOTS}/phone-omni-image.png` });
  expect(consoleErrors).toEqual([]);
});
