import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, signIn, test } from '../support/fixtures';
import { repoRoot } from '../support/site-server';

/**
 * Every public route, shell and remotes, passes axe with no serious or critical
 * violation, in both languages, at 1280 px and 375 px, signed in and signed out, and shows
 * no raw message key. One page per combination visits every route in turn (a page load per
 * route, not a browser per route).
 */
test.describe.configure({ mode: 'parallel' });
test.setTimeout(180_000);

const EDITOR = 'editor@example.com';
const READER = 'a11y-reader@example.com';

interface PublicRoute {
  path: string;
  /** The page's main heading once its screen (or remote) has rendered. */
  ready: (page: Page) => Promise<void>;
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

let postSlug = '';

const ROUTES: PublicRoute[] = [
  {
    path: '/',
    ready: async (page) => {
      await h1(page);
      await expect(page.locator('[data-testid=showcase-card], .shell-gallery-card').first()).toBeVisible();
    },
  },
  { path: '/video-effects', ready: h1 },
  { path: '/ai-french-kissing', ready: h1 },
  { path: '/asmr-video', ready: h1 },
  { path: '/terms-of-service', ready: h1 },
  { path: '/privacy-policy', ready: h1 },
  { path: '/refund-policy', ready: h1 },
  { path: '/developers', ready: h1 },
  { path: '/login', ready: h1 },
  { path: '/pricing', ready: h1 },
  { path: '/blog', ready: h1 },
  { path: '/blog/{slug}', ready: h1 },
  { path: '/text-to-veo3-video?type=text', ready: h1 },
  { path: '/text-to-veo3-video?type=image', ready: h1 },
];

interface Finding {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function seriousViolations(page: Page, route: string, scope?: string): Promise<Finding[]> {
  // Only violations are collected: listing every passing node doubles the time axe takes.
  // label-content-name-mismatch (a control whose name does not contain its visible text) is
  // 'experimental' in axe 4.11, so off unless asked for.
  const builder = new AxeBuilder({ page }).options({
    resultTypes: ['violations'],
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
  const results = await (scope ? builder.include(scope) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      rule: v.id,
      impact: v.impact!,
      targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
}

/** The camelCase message keys of every catalogue (`heroTitle: '...'`): none may show as text. */
function messageKeys(dir = repoRoot): Set<string> {
  const keys = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', '.git', 'e2e', 'services', 'data'].includes(entry.name)) {
        for (const key of messageKeys(join(dir, entry.name))) keys.add(key);
      }
    } else if (entry.name.endsWith('.messages.ts')) {
      const source = readFileSync(join(dir, entry.name), 'utf8');
      for (const [, key] of source.matchAll(/^\s+([a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*):/gm)) keys.add(key!);
    }
  }
  return keys;
}
const MESSAGE_KEYS = messageKeys();

/**
 * Visible text that is a raw message key or a placeholder left unfilled, e.g. "heroTitle" or "{count}".
 * Braces inside code (the developer docs' samples and URL templates, `/v1/videos/{id}`) are code's own.
 */
async function rawTexts(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const code = (await page.locator('code, pre').allInnerTexts()).join('\n');
  const words = text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
  const placeholders = (text.match(/\{[a-zA-Z]\w*\}/g) ?? []).filter((placeholder) => !code.includes(placeholder));
  return [...placeholders, ...words.filter((word) => MESSAGE_KEYS.has(word))];
}

test.beforeAll(async ({ request }) => {
  const signedIn = await request.post('/api/auth/dev', { data: { email: EDITOR } });
  const { token } = (await signedIn.json()) as { token: string };
  const created = await request.post('/api/blog/admin/posts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: `Accessible article ${Date.now()}`,
      content: '<h2>Light</h2><p>Golden hour light and <strong>soft</strong> sound.</p><ul><li>Plan</li></ul>',
      excerpt: 'Light and sound.',
      featured_image: null,
      meta_title: '',
      meta_description: '',
      tags: ['Guides'],
      status: 'published',
    },
  });
  expect(created.ok()).toBe(true);
  postSlug = ((await created.json()) as { data: { slug: string } }).data.slug;
});

for (const signedIn of [false, true]) {
  for (const lang of ['en', 'zh-CN'] as const) {
    for (const width of [1280, 375]) {
      test(`public routes pass axe: ${signedIn ? 'signed in' : 'signed out'}, ${lang}, ${width} px`, async ({
        page,
        consoleErrors,
        baseURL,
      }) => {
        void consoleErrors; // its fixture cuts the page off from the internet
        await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
        // The language a visitor chose: the server pre-renders in it (cookie), the page keeps it (storage).
        await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
        await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
        if (signedIn) await signIn(page, READER);

        const findings: Finding[] = [];
        const placeholders: string[] = [];
        for (const route of ROUTES) {
          // Signed in, /login sends the reader home; the home page is checked on its own.
          if (signedIn && route.path === '/login') continue;
          const path = route.path.replace('{slug}', postSlug);
          await test.step(path, async () => {
            await page.goto(path);
            await route.ready(page);
            await expect(page.locator('html')).toHaveAttribute('lang', lang);
            findings.push(...(await seriousViolations(page, path)));
            placeholders.push(...(await rawTexts(page)).map((p) => `${path}: ${p}`));
            if (path === '/') {
              // The header's popups, open: the mobile menu on a phone, AI Tools on a desktop.
              const toggle =
                width < 800
                  ? page.locator('button[aria-controls="shell-mobile-menu"]')
                  : page.getByRole('banner').getByRole('button', { name: lang === 'en' ? 'AI Tools' : /AI/ });
              await toggle.click();
              await expect(toggle).toHaveAttribute('aria-expanded', 'true');
              findings.push(...(await seriousViolations(page, `${path} (header menu open)`, 'header')));
              await page.keyboard.press('Escape');
              await expect(toggle).toHaveAttribute('aria-expanded', 'false');
            }
          });
        }
        expect(findings).toEqual([]);
        expect(placeholders).toEqual([]);
      });
    }
  }
}
