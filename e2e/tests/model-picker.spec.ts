/**
 * The model catalogue in the generator, on the embedded default (the local renderer offers every
 * catalogue model): the picker grouped by vendor passes axe at 1280 px and 375 px, the wait estimate
 * is said before Generate, and two models compared from one prompt finish side by side (stacked on
 * a phone). Screens in en and zh-CN go to SHOTS.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect } from '../support/fixtures';
import { ownSiteTest as test, userWithCredits } from '../support/own-site';

test.setTimeout(300_000);

/** What these tests read of a catalogue model (GET /api/video/options' `catalogue`). */
interface OfferedModel {
  id: string;
  name: string;
  vendor: string;
  available: boolean;
  inputs: { text: boolean };
  outputs: { aspect_ratios: string[]; resolutions: string[] };
}

const SHOTS = join(tmpdir(), 'model-picker-shots');
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

async function catalogue(page: Page): Promise<{ models: OfferedModel[]; maxCompare: number }> {
  const data = (await (await page.request.get('/api/video/options')).json()).data;
  return { models: data.catalogue, maxCompare: data.max_compare };
}

const modelButton = (page: Page, lang: 'en' | 'zh-CN' = 'en') =>
  page.getByRole('button', { name: new RegExp(`^${lang === 'en' ? 'Model' : '模型'} `) });

for (const size of SIZES) {
  test(`the picker lists the tab's models by vendor, passes axe and keeps Generate in view (${size.name})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(size);
    await userWithCredits(page, 100, 'picker');
    const { models } = await catalogue(page);
    const textModels = models.filter((m) => m.inputs.text);
    expect(models.length).toBeGreaterThanOrEqual(15);

    for (const lang of ['en', 'zh-CN'] as const) {
      await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
      await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
      await page.goto('/text-to-veo3-video?type=text');
      const generate = page.getByRole('button', { name: lang === 'en' ? 'Generate Video' : '生成视频', exact: true });
      await expect(generate).toBeInViewport();
      await expect(page.getByText(lang === 'en' ? /^Usually ready in about / : /^通常约 /).first()).toBeAttached();

      await modelButton(page, lang).click();
      const list = page.getByRole('group', { name: lang === 'en' ? 'Models' : '模型', exact: true });
      await expect(list.getByRole('radio')).toHaveCount(textModels.length);
      for (const vendor of new Set(textModels.map((m) => m.vendor))) {
        await expect(list.getByRole('group', { name: vendor, exact: true })).toBeVisible();
      }
      expect(await seriousViolations(page, 'form[role=tabpanel]')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${size.name}-${lang}-picker.png` });
      // Escape from a choice closes the list and gives focus back to the button.
      await list.getByRole('radio').first().focus();
      await page.keyboard.press('Escape');
      await expect(modelButton(page, lang)).toHaveAttribute('aria-expanded', 'false');
      await expect(modelButton(page, lang)).toBeFocused();
    }
  });
}

/** Two available text models that make a format and a length in common, cheapest first. */
function comparable(models: OfferedModel[]): [OfferedModel, OfferedModel] {
  const offered = models.filter((m) => m.inputs.text && m.available);
  for (const a of offered) {
    for (const b of offered) {
      const shares = (x: readonly unknown[], y: readonly unknown[]) => x.some((v) => y.includes(v));
      if (
        a !== b &&
        shares(a.outputs.aspect_ratios, b.outputs.aspect_ratios) &&
        shares(a.outputs.resolutions, b.outputs.resolutions)
      ) {
        return [a, b];
      }
    }
  }
  throw new Error('no two comparable models');
}

for (const size of SIZES) {
  test(`two models compared from one prompt finish side by side (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    await userWithCredits(page, 1000, 'picker');
    const [first, second] = comparable((await catalogue(page)).models);
    await page.goto('/text-to-veo3-video?type=text');
    await page.getByRole('checkbox', { name: 'Compare models' }).check();
    await page.getByRole('checkbox', { name: first.name, exact: true }).check();
    await page.getByRole('checkbox', { name: second.name, exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByText(/^2 videos · \d+ credits$/)).toBeVisible();

    await page.getByLabel('Prompt', { exact: true }).fill('A paper boat drifts down a rainy street');
    const reply = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/video/generate');
    await page.getByRole('button', { name: 'Generate Video' }).click();
    const sent = (await reply).postData() ?? '';
    expect(sent).toContain(`${first.id},${second.id}`);

    const row = page.getByRole('list', { name: `Comparison: ${first.name}, ${second.name}` });
    const cards = row.getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(first.name);
    await expect(cards.nth(1)).toContainText(second.name);
    await expect(cards.nth(0).getByText(/Usually ready in about/)).toBeVisible();
    for (const i of [0, 1]) {
      await expect(cards.nth(i).locator('video[src*="/api/video/file/"]')).toBeVisible({ timeout: 180_000 });
    }
    const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    if (size.name === 'desktop') expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    else expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
    await page.screenshot({ path: `${SHOTS}/${size.name}-compare.png`, fullPage: true });
  });
}
