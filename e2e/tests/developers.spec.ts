import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

async function withoutJs(browser: Browser, locale: string, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL, locale });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('/developers holds the whole API reference without JavaScript, with this site’s address, in both languages', async ({
  browser,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await withoutJs(browser, 'en-GB', async (page) => {
    await page.goto('/developers');
    await expect(page.getByRole('heading', { level: 2, name: 'API reference' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Create a video' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Create a video (curl)' })).toContainText(`${origin}/v1/videos`);
    await expect(page.locator('#errors-api-keys-invalid')).toContainText('API_KEYS_INVALID');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Developers' })).toHaveAttribute(
      'href',
      '/developers',
    );
  });
  await withoutJs(browser, 'zh-CN', async (page) => {
    await page.goto('/developers');
    await expect(page.getByRole('heading', { level: 2, name: 'API 参考' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: '创建视频' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: '开发者' })).toBeVisible();
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  test(`/developers at 320 px in ${lang}: no sideways page scroll; code scrolls inside its block`, async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
    await page.goto('/developers');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const block = page.locator('.shell-dev-code__pre').first();
    const [scrollWidth, clientWidth] = await block.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // Reachable by keyboard, so it can be scrolled without a mouse.
    await block.focus();
    await expect(block).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });
}
