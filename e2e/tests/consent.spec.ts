import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { seriousViolations } from '../support/axe';
import { expect, test as siteTest } from '../support/fixtures';
import { repoRoot, startSiteServer, type SiteServer } from '../support/site-server';

const GA_ID = 'G-TEST12345';
const GOOGLE = /^https:\/\/(www\.)?(googletagmanager|google-analytics)\.com\//;
const SHOTS = join(repoRoot, '.tmp', 'consent-shots');

/** The site on a server of its own with GA4 configured (the shared server has none). */
const test = siteTest.extend<{ googleRequests: string[] }, { site: SiteServer }>({
  site: [
    // Playwright reads a fixture's dependencies from this pattern, so it must be there even when empty.
    // oxlint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSiteServer({ GA_MEASUREMENT_ID: GA_ID });
      await use(site);
      expect(await site.stop()).toBe(0);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  // Google's hosts answered by a fake gtag.js that keeps what the page queued for it; never the internet.
  googleRequests: async ({ page, consoleErrors }, use) => {
    void consoleErrors;
    const seen: string[] = [];
    await page.route(GOOGLE, (route) => {
      seen.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.gtagSeen = (window.dataLayer || []).map((args) => Array.from(args));',
      });
    });
    await use(seen);
  },
});

const banner = (page: Page) => page.getByRole('region', { name: /Cookies and analytics|Cookie 与统计分析/ });

/** The gtag calls gtag.js found queued when it loaded (the fake script's record). */
const gtagSeen = (page: Page) => page.evaluate(() => (window as unknown as { gtagSeen?: unknown[][] }).gtagSeen);

async function useLanguage(page: Page, baseURL: string, lang: 'en' | 'zh-CN') {
  await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
}

test('a first visit asks, and nothing reaches Google before an answer', async ({
  page,
  googleRequests,
  consoleErrors,
}) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await page.goto('/pricing');
  await expect(banner(page)).toBeVisible();
  expect(googleRequests).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('_ga');
  // The banner comes after hydration, which it leaves intact.
  expect(consoleErrors).toEqual([]);
});

test('a choice older than 6 months is asked again', async ({ page, googleRequests }) => {
  await page.addInitScript(() => {
    const at = new Date();
    at.setMonth(at.getMonth() - 7);
    localStorage.setItem('analyticsConsent', JSON.stringify({ choice: 'granted', at: at.toISOString() }));
  });
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  expect(googleRequests).toEqual([]);
});

test('Reject stays rejected across reloads, and Google is never asked', async ({ page, googleRequests }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Reject' }).click();
  await expect(banner(page)).toBeHidden();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('analyticsConsent') ?? 'null'));
  expect(stored.choice).toBe('denied');
  await page.reload();
  await page.goto('/video-effects');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  expect(googleRequests).toEqual([]);
});

test('Accept loads gtag.js with consent denied by default, then granted, before its config', async ({
  page,
  googleRequests,
}) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => gtagSeen(page)).toBeTruthy();
  expect(googleRequests[0]).toBe(`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`);
  const seen = (await gtagSeen(page))!;
  const denied = {
    analytics_storage: 'denied',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  };
  const granted = {
    analytics_storage: 'granted',
    ad_storage: 'granted',
    ad_user_data: 'granted',
    ad_personalization: 'granted',
  };
  expect(seen[0]).toEqual(['consent', 'default', denied]);
  expect(seen[1]).toEqual(['consent', 'update', granted]);
  expect(seen.findIndex((call) => call[0] === 'config')).toBeGreaterThan(1);
  // A returning visitor who accepted is not asked, and GA4 loads again.
  await page.reload();
  await expect.poll(() => googleRequests.length).toBe(2);
  await expect(banner(page)).toBeHidden();
});

test('Cookie settings in the footer asks again; a later Reject tells GA4 at once', async ({ page, googleRequests }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => gtagSeen(page)).toBeTruthy();
  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await settings.click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('link', { name: 'Privacy Policy' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Reject' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  await expect(settings).toBeFocused();
  expect(googleRequests).toHaveLength(1);
  const last = await page.evaluate(() =>
    Array.from((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer.at(-1)!),
  );
  expect(last).toEqual([
    'consent',
    'update',
    { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
  ]);
});

for (const lang of ['en', 'zh-CN'] as const) {
  test(`the banner passes axe and fits at 1280 and 375 px (${lang})`, async ({ page, baseURL }) => {
    await useLanguage(page, baseURL!, lang);
    for (const [width, height] of [
      [1280, 800],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/');
      await expect(banner(page)).toBeVisible();
      expect(await seriousViolations(page, '.shell-consent')).toEqual([]);
      const box = (await banner(page).boundingBox())!;
      expect(box.x).toBe(0);
      expect(box.width).toBe(width);
      expect(box.y + box.height).toBeCloseTo(height, 0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await page.screenshot({ path: join(SHOTS, `consent-${lang}-${width}.png`) });
    }
  });
}

test('the banner fits on the narrowest phone (320 px) and does not move the page', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(shift).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  const accept = (await banner(page).getByRole('button', { name: 'Accept' }).boundingBox())!;
  const reject = (await banner(page).getByRole('button', { name: 'Reject' }).boundingBox())!;
  expect(accept.width).toBeCloseTo(reject.width, 0);
  expect(accept.height).toBe(reject.height);
});
