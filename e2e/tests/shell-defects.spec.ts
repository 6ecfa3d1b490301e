import type { Page } from '@playwright/test';
import { expect, signIn, test, waitForHydration } from '../support/fixtures';

/**
 * The shell's defects a new user met: the phone header fits, the account menu gives focus back on Escape,
 * brand names never break across lines in headings, and the landing pages are linked in the
 * server's HTML (footer and the closed AI Tools menu) for crawlers that run no JavaScript.
 */
test.describe.configure({ mode: 'parallel' });

const PHONE_WIDTHS = [320, 375, 390, 430];
const LANDING_PAGES = ['/video-effects', '/ai-french-kissing', '/asmr-video'];
const LANGS = ['en', 'zh-CN'] as const;

async function useLanguage(page: Page, baseURL: string, lang: (typeof LANGS)[number]): Promise<void> {
  // As a visitor who chose it: the server pre-renders in it (cookie), the page keeps it (storage).
  await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
}

/** The page is interactive: a signed-in header appears only after hydration; a signed-out page has no stream open. */
async function openHome(page: Page, signedIn: boolean): Promise<void> {
  await page.goto('/');
  if (signedIn) await expect(page.getByRole('button', { name: /Account menu|账户菜单/ })).toBeVisible();
  else await waitForHydration(page);
}

const accountMenuName = (lang: string) => (lang === 'en' ? /Account menu/ : /账户菜单/);

for (const signedIn of [false, true]) {
  for (const lang of LANGS) {
    test(`phone header fits at ${PHONE_WIDTHS.join(', ')} px: ${signedIn ? 'signed in' : 'signed out'}, ${lang}`, async ({
      page,
      baseURL,
      consoleErrors,
    }) => {
      await useLanguage(page, baseURL!, lang);
      if (signedIn) await signIn(page, `phone-header-${lang}@example.com`);
      for (const width of PHONE_WIDTHS) {
        await test.step(`${width} px`, async () => {
          await page.setViewportSize({ width, height: 740 });
          await openHome(page, signedIn);
          const toggle = page.locator('button[aria-controls="shell-mobile-menu"]');
          const logo = page.getByRole('banner').locator('.shell-logo');
          const account = signedIn
            ? page.getByRole('button', { name: accountMenuName(lang) })
            : page.getByRole('banner').getByRole('link', { name: lang === 'en' ? 'Login' : '登录' });
          const [toggleBox, logoBox, accountBox] = await Promise.all([
            toggle.boundingBox(),
            logo.boundingBox(),
            account.boundingBox(),
          ]);
          // Each control whole and inside the screen, in order, none on top of another.
          expect(logoBox!.x).toBeGreaterThanOrEqual(0);
          expect(logoBox!.x + logoBox!.width).toBeLessThanOrEqual(accountBox!.x);
          expect(accountBox!.x + accountBox!.width).toBeLessThanOrEqual(toggleBox!.x);
          expect(toggleBox!.x + toggleBox!.width).toBeLessThanOrEqual(width);
          // A one-line button: the Chinese Login button once wrapped to two lines when squeezed.
          expect(accountBox!.height).toBeLessThanOrEqual(toggleBox!.height);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

          // The menu button is the way to Pricing, Blog and AI Tools on a phone.
          await toggle.click();
          const menu = page.locator('#shell-mobile-menu');
          await expect(menu.getByRole('link', { name: lang === 'en' ? 'Pricing' : '价格' })).toBeVisible();
          await expect(menu.getByRole('link', { name: lang === 'en' ? 'Blog' : '博客' })).toBeVisible();
          await expect(menu.getByRole('link', { name: lang === 'en' ? 'AI Tools' : 'AI 工具' })).toBeVisible();
          // The language menu, which has no room in the header here, is in the mobile menu instead.
          await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(1);
          await expect(menu.getByRole('combobox', { name: lang === 'en' ? 'Language' : '语言' })).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await expect(toggle).toBeFocused();
        });
      }
      expect(consoleErrors).toEqual([]);
    });
  }
}

test('on a phone the language is switched from the mobile menu', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openHome(page, false);
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#shell-mobile-menu').getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('#shell-mobile-menu').getByRole('link', { name: '价格' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('account and AI Tools menus: the same keys, and Escape gives focus back to their button', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'avatar-escape@example.com');
  await openHome(page, true);
  const banner = page.getByRole('banner');

  const avatar = banner.getByRole('button', { name: 'Account menu for avatar-escape' });
  await avatar.focus();
  await page.keyboard.press('Enter');
  const account = banner.getByRole('link', { name: 'Account', exact: true });
  const buy = banner.getByRole('link', { name: 'Buy credits' });
  const signOut = banner.getByRole('button', { name: 'Sign out' });
  await expect(account).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(buy).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(signOut).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(avatar).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(signOut).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');
  await expect(signOut).toHaveCount(0);
  await expect(avatar).toBeFocused();
  // The menu closed with focus on its button, so Enter opens it again.
  await page.keyboard.press('Enter');
  await expect(account).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(avatar).toBeFocused();

  const aiTools = banner.getByRole('button', { name: 'AI Tools' });
  await aiTools.focus();
  await page.keyboard.press('Enter');
  const first = banner.getByRole('link', { name: /Text to Video/ });
  const last = banner.getByRole('link', { name: /ASMR Video/ });
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(last).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(aiTools).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(last).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(aiTools).toHaveAttribute('aria-expanded', 'false');
  await expect(last).toBeHidden();
  await expect(aiTools).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

/** The distinct line tops of every "Veo 3" inside the page's headings and eyebrows, per occurrence. */
function brandLines(page: Page) {
  return page.evaluate(() => {
    const found: { text: string; lines: number; nbsp: boolean }[] = [];
    for (const el of document.querySelectorAll('main h1, main h2, main h3, main .shell-eyebrow')) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/Veo\s3(\sStudio)?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          found.push({
            text: el.textContent ?? '',
            lines: tops.size,
            nbsp: !/\s/.test(match[0].replace(/\u00a0/g, '')),
          });
        }
      }
    }
    return found;
  });
}

for (const lang of LANGS) {
  test(`brand names stay on one line in the home page's headings at 320 and 375 px (${lang})`, async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, baseURL!, lang);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await openHome(page, false);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText(/Veo\u00a03/);
      const brands = await brandLines(page);
      // The hero's title and eyebrow, the gallery, features and steps, and the FAQ's "What is Veo 3?".
      expect(brands.length).toBeGreaterThanOrEqual(6);
      expect(brands.filter((brand) => brand.lines !== 1 || !brand.nbsp)).toEqual([]);
    }
  });
}

test('the landing pages are linked in the server HTML of /: in the footer and in the closed AI Tools menu', async ({
  request,
}) => {
  for (const lang of LANGS) {
    const html = await (await request.get(`/?lang=${lang}`)).text();
    const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';
    const menu = /<div [^>]*class="shell-dropdown__menu"[^>]*>[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
    // Closed: hidden from view and from the accessibility tree until a visitor opens it.
    expect(menu).toMatch(/^<div [^>]*\bhidden=""/);
    for (const path of LANDING_PAGES) {
      expect(footer).toContain(`href="${path}"`);
      expect(menu).toContain(`href="${path}"`);
    }
  }
});

test('without JavaScript the landing pages are reachable from / through the footer', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const product = page.getByRole('contentinfo').getByRole('navigation', { name: 'Product' });
    await product.getByRole('link', { name: 'ASMR Video' }).click();
    await expect(page).toHaveURL(/\/asmr-video$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ASMR/);
  } finally {
    await context.close();
  }
});

test('the closed AI Tools menu keeps its links out of the Tab order; open, they lead to the landing pages', async ({
  page,
  consoleErrors,
}) => {
  await openHome(page, false);
  const banner = page.getByRole('banner');
  const aiTools = banner.getByRole('button', { name: 'AI Tools' });
  const effects = banner.getByRole('link', { name: /Video Effects/ });
  await expect(effects).toBeHidden();
  await aiTools.focus();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('link', { name: 'Pricing' })).toBeFocused();

  await aiTools.click();
  await expect(aiTools).toHaveAttribute('aria-expanded', 'true');
  await expect(effects).toBeVisible();
  await effects.click();
  await expect(page).toHaveURL(/\/video-effects$/);
  await expect(aiTools).toHaveAttribute('aria-expanded', 'false');
  await expect(effects).toBeHidden();
  await expect(aiTools).toHaveClass(/is-active/);
  expect(consoleErrors).toEqual([]);
});
