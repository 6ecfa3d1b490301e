import type { Browser } from '@playwright/test';
import { expect, signIn, test, waitForHydration } from '../support/fixtures';

/**
 * The shell's own routes: pre-rendered at build time, in each language, and hydrated; and the
 * effects' pages (`remote`), rendered by the server from the database and replaced by their remote.
 */
const SHELL_ROUTES: { path: string; heading: RegExp; zh: RegExp; remote?: true }[] = [
  { path: '/', heading: /Veo\s3 AI Video Generator with Realistic Sound/, zh: /[\u4e00-\u9fff]/ },
  { path: '/video-effects', heading: /Effects/i, zh: /[\u4e00-\u9fff]/, remote: true },
  { path: '/effects/ai-french-kissing', heading: /Kiss/i, zh: /[\u4e00-\u9fff]/, remote: true },
  { path: '/ai-french-kissing', heading: /Kiss/i, zh: /[\u4e00-\u9fff]/ },
  { path: '/asmr-video', heading: /ASMR/, zh: /[\u4e00-\u9fff]/ },
  { path: '/terms-of-service', heading: /Terms of Service/, zh: /[\u4e00-\u9fff]/ },
  { path: '/privacy-policy', heading: /Privacy Policy/, zh: /[\u4e00-\u9fff]/ },
  { path: '/refund-policy', heading: /Refund Policy/, zh: /[\u4e00-\u9fff]/ },
  { path: '/developers', heading: /Veo 3 Studio API/, zh: /Veo 3 Studio API/ },
  { path: '/login', heading: /Sign in|Log ?in|Welcome/i, zh: /[\u4e00-\u9fff]/ },
];

async function withoutJs<T>(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number } },
  run: (page: import('@playwright/test').Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL, ...options });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

for (const route of SHELL_ROUTES) {
  test(`${route.path} reads whole without JavaScript, in English and in Chinese`, async ({ browser }) => {
    await withoutJs(browser, {}, async (page) => {
      await page.goto(route.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(route.heading);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
      // Styled by the one render-blocking stylesheet: the header is laid out as a bar, not a list.
      expect(await page.locator('.shell-header').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    });
    await withoutJs(browser, { locale: 'zh-TW' }, async (page) => {
      await page.goto(route.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(route.zh);
    });
  });

  if (route.remote) continue;
  test(`${route.path} hydrates its server HTML with no mismatch`, async ({ page, consoleErrors }) => {
    // The server's nodes are kept by hydration: a node marked before the app runs is still in the page after.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.querySelector('#root h1')?.setAttribute('data-from-server', '');
      });
    });
    await page.goto(route.path);
    // Hydrated: the language menu is React's (switching re-renders the page in Chinese).
    await waitForHydration(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(route.zh);
    await expect(page.locator('#root h1[data-from-server]').first()).toBeAttached();
    expect(consoleErrors).toEqual([]);
  });
}

test('the stored language choice picks the server page; ?lang= and hreflang alternates name each language', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // The choice travels to the server as a cookie: the next page comes pre-rendered in Chinese.
  const reply = await page.request.get('/terms-of-service');
  expect(reply.headers()['content-language']).toBe('zh-CN');
  expect(await reply.text()).toContain('<html lang="zh-CN">');

  const home = await (await request.get('/?lang=zh-CN')).text();
  expect(home).toContain('<html lang="zh-CN">');
  expect(home).toMatch(/<link rel="alternate" hreflang="en" href="[^"]+\/\?lang=en" \/>/);
  expect(home).toMatch(/<link rel="alternate" hreflang="zh-CN" href="[^"]+\/\?lang=zh-CN" \/>/);
  expect(home).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"]+\/" \/>/);
  expect(home).toContain('<script id="app-config" type="application/json">');
});

test('a choice stored before the cookie existed wins after hydration, and is then sent to the server', async ({
  page,
  consoleErrors,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
  await page.goto('/video-effects');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('zh-CN');
  expect(consoleErrors).toEqual([]);
});

test('a signed-in visitor gets the signed-out first paint, then their header, with no mismatch', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'first-paint@example.com');
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('href="/login"');
  await page.goto('/');
  await expect(page.getByTestId('header-credits')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('the hero paints with its poster; the video comes after first paint, and never for reduced motion', async ({
  page,
  browser,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).not.toContain('<video');
  expect(html).toMatch(/<img class="shell-home__hero-poster" src="\/assets\/[^"]+\.jpg" width="640" height="360"/);

  await page.goto('/');
  await expect(page.locator('video.shell-home__hero-video')).toBeAttached();

  const context = await browser.newContext({ reducedMotion: 'reduce', baseURL: process.env.E2E_BASE_URL });
  const calm = await context.newPage();
  const videos: string[] = [];
  calm.on('request', (r) => r.url().endsWith('.mp4') && videos.push(r.url()));
  await calm.goto('/');
  await calm.waitForLoadState('networkidle');
  await expect(calm.locator('img.shell-home__hero-poster')).toBeVisible();
  await expect(calm.locator('video')).toHaveCount(0);
  expect(videos).toEqual([]);
  await context.close();
});

test('a remote route is pre-rendered as header, footer and a sized placeholder; its remote replaces the placeholder', async ({
  page,
  browser,
  consoleErrors,
  requests,
}) => {
  await withoutJs(browser, {}, async (noJs) => {
    await noJs.goto('/pricing');
    await expect(noJs.getByRole('banner')).toBeVisible();
    await expect(noJs.getByRole('contentinfo')).toBeVisible();
    const placeholder = noJs.locator('[data-remote-placeholder="billing"]');
    await expect(placeholder).toBeAttached();
    const { height } = (await placeholder.boundingBox())!;
    expect(height).toBeGreaterThan(500);
    // The footer starts below the first screen, so the remote's arrival moves nothing in view.
    expect((await noJs.getByRole('contentinfo').boundingBox())!.y).toBeGreaterThanOrEqual(800 - 1);
    // The remote's own rendering of the page, styled by its stylesheet, inert until the remote runs.
    const remotePage = placeholder.locator('.shell-remote-page[inert]');
    await expect(remotePage.locator('h1')).toHaveText('Plans & Pricing');
    await expect(remotePage.locator('h1')).toBeVisible();
    await expect(noJs.locator('link[rel="stylesheet"][href^="/mfe/billing/"]')).toHaveCount(1);
  });
  await withoutJs(browser, { locale: 'zh-CN' }, async (noJs) => {
    await noJs.goto('/pricing');
    await expect(noJs.locator('.shell-remote-page h1')).toHaveText(/[\u4e00-\u9fff]/);
  });

  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Plans & Pricing/);
  await expect(page.locator('[data-remote-placeholder]')).toHaveCount(0);
  expect(requests.some((p) => p.startsWith('/mfe/billing/'))).toBe(true);
  expect(requests.some((p) => p.startsWith('/mfe/blog/') || p.startsWith('/mfe/generator/'))).toBe(false);
  expect(consoleErrors).toEqual([]);
});

test.describe('on a phone', () => {
  // A narrow screen: the options' model row takes a line of its own there.
  test.use({ viewport: { width: 412, height: 823 } });

  const at = async (p: import('@playwright/test').Page, selector: string) => {
    const box = (await p.locator(selector).first().boundingBox())!;
    return [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)];
  };
  /** Layout shifts from the start of the page, read at the end of the test. */
  const recordShifts = (page: import('@playwright/test').Page) =>
    page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
  const shifts = (page: import('@playwright/test').Page) =>
    page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);

  test("the generator paints its form from the server's HTML, and nothing moves when its remote takes over", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    const fixed = ['main h1', 'main textarea', 'main button[type="submit"]'];
    const before = await withoutJs(browser, { viewport: page.viewportSize()! }, async (noJs) => {
      await noJs.goto('/text-to-veo3-video?type=text');
      await expect(noJs.locator('.shell-remote-page[inert] textarea').first()).toBeVisible();
      return Promise.all(fixed.map((selector) => at(noJs, selector)));
    });

    await recordShifts(page);
    await page.goto('/text-to-veo3-video?type=text');
    await expect(page.locator('[data-remote-placeholder]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Generate Video' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    // The same places as in the server's HTML (the model row was there, kept empty, while the options loaded).
    expect(await Promise.all(fixed.map((selector) => at(page, selector)))).toEqual(before);
    expect(await shifts(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  // The server's page of an effect is the remote's markup: the remote takes its place without a move
  // (nor a larger paint of the same text, which would be the page's LCP after the scripts).
  const EFFECT_PAGES = [
    { path: '/video-effects', fixed: ['main h1', 'main .fx-chips', 'main .fx-grid img'] },
    { path: '/effects/ai-french-kissing', fixed: ['main h1', 'main h1 + p', 'main .fx-effect__video'] },
  ];
  for (const { path, fixed } of EFFECT_PAGES) {
    test(`${path}: the remote takes the server page's place and nothing moves`, async ({
      page,
      browser,
      consoleErrors,
    }) => {
      const before = await withoutJs(browser, { viewport: page.viewportSize()! }, async (noJs) => {
        await noJs.goto(path);
        await expect(noJs.locator('[data-remote-placeholder] h1')).toBeVisible();
        return Promise.all(fixed.map((selector) => at(noJs, selector)));
      });
      await recordShifts(page);
      await page.goto(path);
      await expect(page.locator('[data-remote-placeholder]')).toHaveCount(0);
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await Promise.all(fixed.map((selector) => at(page, selector)))).toEqual(before);
      expect(await shifts(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test('/ loads no remote code', async ({ page, requests }) => {
  await page.goto('/');
  await waitForHydration(page);
  // The hero's video is attached after the first paint, when the page has done its loading.
  await expect(page.locator('video.shell-home__hero-video')).toBeAttached();
  expect(requests.filter((p) => p.startsWith('/mfe/'))).toEqual([]);
});
