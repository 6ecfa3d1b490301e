import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { repoRoot, startSiteServer, type SiteServer } from '../support/site-server';
import { startStaticServer, type StaticServer } from '../support/static-server';

/**
 * A team ships a new blog remote on its own: built into another folder, served from another origin,
 * and switched on by the site's runtime configuration alone (MFE_BLOG_URL), with no other build.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const LABEL = 'v2';
const BUILT_DISTS = ['shell', 'mfe-generator', 'mfe-billing', 'mfe-blog', 'mfe-blog-admin', 'mfe-admin', 'services'];

/** Every built file of the tree with its content hash and mtime, to prove none was rewritten. */
function fingerprint(): Record<string, string> {
  const prints: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      // `tsc -b` (npm run typecheck) keeps its incremental state there; it is not a build output.
      else if (!entry.name.endsWith('.tsbuildinfo')) {
        const hash = createHash('sha256').update(readFileSync(full)).digest('hex');
        prints[full.slice(repoRoot.length + 1)] = `${hash} ${statSync(full).mtimeMs}`;
      }
    }
  };
  for (const part of BUILT_DISTS) walk(join(repoRoot, part, 'dist'));
  return prints;
}

let before: Record<string, string>;
let releaseDir: string;
let cdn: StaticServer;
let site: SiteServer;

test.beforeAll(async () => {
  before = fingerprint();
  releaseDir = mkdtempSync(join(tmpdir(), 'veo3-blog-release-'));
  await promisify(execFile)(
    process.execPath,
    [join(repoRoot, 'scripts', 'build.mjs'), 'mfe-blog', '--out', releaseDir],
    {
      cwd: repoRoot,
      env: { ...process.env, MFE_VERSION_LABEL: LABEL },
    },
  );
  cdn = await startStaticServer(releaseDir);
  // A second site process from the same services/dist and shell/dist: only its configuration differs.
  site = await startSiteServer({ MFE_BLOG_URL: `${cdn.url}/mf-manifest.json` });
});

test.afterAll(async () => {
  await site?.stop();
  await cdn?.stop();
  if (releaseDir) rmSync(releaseDir, { recursive: true, force: true });
});

/** Origins and paths of the remote entries a page loaded. */
function remoteEntries(page: Page): string[] {
  const entries: string[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/remoteEntry.js')) entries.push(url.origin + url.pathname);
  });
  return entries;
}

test('the site pointed at the new release shows it on /blog, loaded from the release origin', async ({
  page,
  consoleErrors,
}) => {
  const entries = remoteEntries(page);
  await page.goto(`${site.url}/blog`);
  const blog = page.locator(`[data-version="${LABEL}"]`);
  await expect(blog).toBeVisible();
  await expect(blog.getByRole('heading', { level: 1 })).toHaveText('Blog');
  await expect(blog.getByText(`Blog ${LABEL}`, { exact: true })).toBeVisible();
  await expect.poll(() => entries).toEqual([`${cdn.url}/remoteEntry.js`]);
  expect(cdn.requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));

  expect(consoleErrors).toEqual([]);

  // An article page comes from the same release (a missing one: the page and the API answer 404).
  await page.goto(`${site.url}/blog/no-such-article`);
  await expect(page.locator(`[data-version="${LABEL}"]`).getByRole('heading', { level: 1 })).toHaveText(
    'Article not found',
  );
});

test('on that site, /pricing and /text-to-veo3-video still load their own remotes, unlabelled', async ({
  page,
  consoleErrors,
}) => {
  const entries = remoteEntries(page);
  await page.goto(`${site.url}/pricing`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Plans & Pricing/);
  await page.goto(`${site.url}/text-to-veo3-video`);
  await expect(page.getByRole('tab', { name: /Text to Video/ })).toBeVisible();
  await expect(page.locator('[data-version]')).toHaveCount(0);
  await expect
    .poll(() => entries)
    // The site's own remotes come from their current releases, /mfe/<folder>/<release id>/.
    .toEqual([
      expect.stringMatching(`^${site.url}/mfe/billing/[0-9a-f]{12}/remoteEntry\\.js$`),
      expect.stringMatching(`^${site.url}/mfe/generator/[0-9a-f]{12}/remoteEntry\\.js$`),
    ]);

  // In-app navigation to the blog switches to the new release without a reload.
  await page.getByRole('link', { name: 'Blog' }).first().click();
  await expect(page.locator(`[data-version="${LABEL}"]`)).toBeVisible();
  await expect.poll(() => entries.at(-1)).toBe(`${cdn.url}/remoteEntry.js`);
  expect(consoleErrors).toEqual([]);
});

test('the original site still serves its own blog, unlabelled', async ({ page, consoleErrors }) => {
  const entries = remoteEntries(page);
  await page.goto('/blog');
  // The remote's own header (the server's pre-rendered placeholder has only the heading).
  await expect(page.getByText('Veo 3 Studio Journal')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
  await expect(page.locator('[data-version]')).toHaveCount(0);
  await expect(page.getByText(`Blog ${LABEL}`)).toHaveCount(0);
  const origin = new URL(page.url()).origin;
  await expect
    .poll(() => entries)
    .toEqual([expect.stringMatching(`^${origin}/mfe/blog/[0-9a-f]{12}/remoteEntry\\.js$`)]);
  expect(consoleErrors).toEqual([]);
});

test('shipping the release rewrote no built file of the shell, the services or any remote', () => {
  expect(fingerprint()).toEqual(before);
});
