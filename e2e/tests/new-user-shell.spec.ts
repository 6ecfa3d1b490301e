import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

/**
 * Issue 32, the shell's part: sign-in returns to the page that asked for it, unknown addresses are
 * real redirects, the header never shows 'Login' for a stored session and marks a stale balance,
 * phones show the balance, the buy dialog keeps Tab inside, and an offline showcase keeps its stills.
 */
test.describe.configure({ mode: 'parallel' });

const LANGS = ['en', 'zh-CN'] as const;

async function useLanguage(page: Page, baseURL: string, lang: (typeof LANGS)[number]): Promise<void> {
  await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
}

async function devSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test("the header's Login on the generator comes back to the generator, query included", async ({ page }) => {
  await page.goto('/text-to-veo3-video?type=image');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Ftext-to-veo3-video%3Ftype%3Dimage$/);
  await devSignIn(page, 'returning-writer@example.com');
  await expect(page).toHaveURL(/\/text-to-veo3-video\?type=image$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
});

test('a pack chosen before signing in is open again after it', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fpricing$/);
  await devSignIn(page, 'returning-buyer@example.com');
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('dialog', { name: 'Buy the Starter pack' })).toBeVisible();
});

test('sign-in never leaves the site, whatever next says', async ({ browser, baseURL }) => {
  for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await devSignIn(page, 'careful@example.com');
    await expect(page).toHaveURL(`${baseURL}/`);
    await context.close();
  }
});

test('unknown addresses are redirects to /, not the home page under their own address', async ({ page, request }) => {
  for (const path of ['/terms', '/this-does-not-exist', '/video-history/xyz']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers()['location']).toBe('/');
  }
  // In the app, an unknown route replaces its history entry: Back goes to the page before it.
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans & Pricing');
  await page.evaluate(() => {
    history.pushState(null, '', '/no-such-route');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("a signed-in user without the blog role gets /admin's 'Not allowed' page at /blog-admin", async ({ page }) => {
  await signIn(page, 'no-blog-role@example.com');
  await page.goto('/blog-admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not allowed');
  await expect(page).toHaveURL(/\/blog-admin$/);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
});

test('a stored session never sees Login, even before the scripts arrive; a visitor does', async ({
  browser,
  baseURL,
}) => {
  for (const signedIn of [true, false]) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    if (signedIn) await signIn(page, 'slow-line@example.com');
    // A slow connection: the page's scripts take long to arrive.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // The server's HTML as first painted: module scripts hold DOMContentLoaded back, so wait for the header only.
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('banner')).toBeVisible();
    const login = page.getByRole('banner').getByRole('link', { name: 'Login' });
    const placeholder = page.locator('.shell-account-pending');
    if (signedIn) {
      await expect(placeholder).toBeVisible();
      await expect(login).toBeHidden();
    } else {
      await expect(login).toBeVisible();
      await expect(placeholder).toBeHidden();
    }
    release();
    if (signedIn) {
      await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
      await expect(login).toHaveCount(0);
    }
    await context.close();
  }
});

test('a stale balance is marked as updating until the server answers, then reads 2,068 credits', async ({ page }) => {
  const session = await signIn(page, 'balance-reader@example.com');
  // The stored user still holds an old figure.
  await page.addInitScript(
    (user) => localStorage.setItem('user', JSON.stringify({ ...user, credits: 828 })),
    session.user,
  );
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/credits/balance', async (route) => {
    await answered;
    await route.fulfill({ json: { success: true, data: { total_credits: 2068, transactions: [] } } });
  });
  await page.goto('/');
  const balance = page.getByTestId('header-credits');
  await expect(balance).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('link', { name: '828 credits (updating)' })).toBeVisible();
  answer();
  await expect(page.getByRole('link', { name: '2,068 credits' })).toBeVisible();
  await expect(balance).not.toHaveAttribute('aria-busy', 'true');
});

for (const lang of LANGS) {
  test(`phones show the balance in the header at 320-480 px, ${lang}`, async ({ page, baseURL }) => {
    await useLanguage(page, baseURL!, lang);
    await signIn(page, `phone-balance-${lang}@example.com`);
    await page.route('**/api/credits/balance', (route) =>
      route.fulfill({ json: { success: true, data: { total_credits: 12068, transactions: [] } } }),
    );
    for (const width of [320, 375, 430, 480]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/');
      const balance = page.getByTestId('header-credits');
      await expect(balance).toBeVisible();
      await expect(balance).toHaveAccessibleName(lang === 'en' ? '12,068 credits' : '12,068 积分');
      const box = (await balance.boundingBox())!;
      const toggle = (await page.locator('button[aria-controls="shell-mobile-menu"]').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(toggle.x);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
}

test('Tab stays inside the buy dialog, both ways', async ({ page }) => {
  await signIn(page, 'tabber@example.com');
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Buy Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy the Starter pack' });
  await expect(dialog).toBeVisible();
  const inside = () => dialog.evaluate((d) => d.contains(document.activeElement) && document.activeElement !== d);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} #${i + 1}`).toBe(true);
    }
  }
});

test('offline, a showcase post keeps its still and links to the post', async ({ page, context }) => {
  await page.goto('/');
  const card = page.getByTestId('showcase-card').first();
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('img')).toBeVisible();
  await context.setOffline(true);
  await card.getByRole('button', { name: /Play/ }).click();
  await expect(card.getByRole('link', { name: /View on X/ })).toBeFocused();
  await expect(card.locator('img')).toBeVisible();
  expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(card.locator('iframe')).toHaveCount(0);
  await context.setOffline(false);
});
