import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, signIn, test } from '../support/fixtures';
import { repoRoot } from '../support/site-server';

/**
 * Every public route, shell and remotes, passes axe with no serious or critical violation, in both
 * languages, at 1280 px and 375 px, and shows no raw message key. Signed in, the routes whose screen
 * reads the user are checked again (the header with the account menu is on each of them); the
 * documents are the same page for everyone. One page per combination and group visits its routes in
 * turn (a page load per route, not a browser per route), so that no test runs long.
 */
test.describe.configure({ mode: 'parallel' });
test.setTimeout(120_000);

const EDITOR = 'editor@example.com';
const READER = 'a11y-reader@example.com';

interface PublicRoute {
  path: string;
  /** The page's main heading once its screen (or remote) has rendered. */
  ready: (page: Page) => Promise<void>;
  /** Documents and landing pages, or the screens of the app. */
  group: 'documents' | 'screens';
  /** Checked signed in too: the screen shows something of the user. */
  signedIn?: true;
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

let postSlug = '';

const ROUTES: PublicRoute[] = [
  {
    path: '/',
    group: 'screens',
    signedIn: true,
    ready: async (page) => {
      await h1(page);
      await expect(page.locator('[data-testid=showcase-card], .shell-gallery-card').first()).toBeVisible();
    },
  },
  { path: '/video-effects', group: 'documents', ready: h1 },
  { path: '/ai-french-kissing', group: 'documents', ready: h1 },
  { path: '/asmr-video', group: 'documents', ready: h1 },
  { path: '/terms-of-service', group: 'documents', ready: h1 },
  { path: '/privacy-policy', group: 'documents', ready: h1 },
  { path: '/refund-policy', group: 'documents', ready: h1 },
  { path: '/developers', group: 'documents', ready: h1 },
  { path: '/explore', group: 'documents', ready: h1 },
  {
    path: '/effects/ai-hug',
    group: 'screens',
    signedIn: true,
    // The remote's form (the server's page has no button).
    ready: async (page) => {
      await expect(page.getByRole('button', { name: /^(Create|创建) · / })).toBeVisible();
    },
  },
  { path: '/login', group: 'screens', ready: h1 },
  { path: '/pricing', group: 'screens', signedIn: true, ready: h1 },
  { path: '/blog', group: 'screens', ready: h1 },
  { path: '/blog/{slug}', group: 'screens', ready: h1 },
  { path: '/text-to-veo3-video?type=text', group: 'screens', signedIn: true, ready: h1 },
  { path: '/text-to-veo3-video?type=image', group: 'screens', signedIn: true, ready: h1 },
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

/** The header's popups, open: the mobile menu on a phone, AI Tools on a desktop. */
async function headerMenuViolations(page: Page, width: number, lang: string): Promise<Finding[]> {
  const toggle =
    width < 800
      ? page.locator('button[aria-controls="shell-mobile-menu"]')
      : page.getByRole('banner').getByRole('button', { name: lang === 'en' ? 'AI Tools' : /AI/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const findings = await seriousViolations(page, '/ (header menu open)', 'header');
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  return findings;
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

/** The combinations: signed out, each group on its own; signed in, the routes that read the user. */
const RUNS = [
  ...(['documents', 'screens'] as const).map((group) => ({
    name: `signed out, ${group}`,
    signedIn: false,
    routes: ROUTES.filter((route) => route.group === group),
  })),
  { name: 'signed in', signedIn: true, routes: ROUTES.filter((route) => route.signedIn) },
];

for (const run of RUNS) {
  for (const lang of ['en', 'zh-CN'] as const) {
    for (const width of [1280, 375]) {
      test(`public routes pass axe: ${run.name}, ${lang}, ${width} px`, async ({ page, consoleErrors, baseURL }) => {
        void consoleErrors; // its fixture cuts the page off from the internet
        await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
        // The language a visitor chose: the server pre-renders in it (cookie), the page keeps it (storage).
        await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
        await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
        if (run.signedIn) await signIn(page, READER);

        const findings: Finding[] = [];
        const placeholders: string[] = [];
        for (const route of run.routes) {
          const path = route.path.replace('{slug}', postSlug);
          await test.step(path, async () => {
            await page.goto(path);
            await route.ready(page);
            await expect(page.locator('html')).toHaveAttribute('lang', lang);
            findings.push(...(await seriousViolations(page, path)));
            placeholders.push(...(await rawTexts(page)).map((p) => `${path}: ${p}`));
            if (path === '/') findings.push(...(await headerMenuViolations(page, width, lang)));
          });
        }
        expect(findings).toEqual([]);
        expect(placeholders).toEqual([]);
      });
    }
  }
}
