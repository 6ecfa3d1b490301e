import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { repoRoot, startSiteServer, type SiteServer } from '../support/site-server';

/**
 * Releases of the generator remote side by side: a tab keeps running on the release it loaded while
 * a newer one is published, a reload gets the newer one, and once its release is purged the tab
 * switches to the current release in place. The site runs on a copy of the tree's releases folder,
 * so the other tests' site never sees these releases.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const FRONTENDS = ['shell', 'mfe-generator', 'mfe-billing', 'mfe-blog', 'mfe-blog-admin', 'mfe-admin'];
let webDir: string;
let site: SiteServer;
const releases: string[] = [];

/**
 * A new release made from the current one with one lazy chunk changed (the History page's title),
 * published by the same script and code as a build's release; returns its id.
 */
async function publishChangedRelease(n: number, retention?: string): Promise<string> {
  const log = JSON.parse(readFileSync(join(webDir, 'releases', 'generator', 'releases.json'), 'utf8'));
  const folder = mkdtempSync(join(tmpdir(), 'veo3-generator-release-'));
  cpSync(join(webDir, 'releases', 'generator', log.current), folder, { recursive: true });
  const assets = join(folder, 'assets');
  const title = /"Video History( · r\d+)?"/g;
  const changed = readdirSync(assets).filter(
    (file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').match(title),
  );
  expect(changed.length).toBeGreaterThan(0);
  for (const file of changed) {
    const text = readFileSync(join(assets, file), 'utf8').replace(title, `"Video History · r${n}"`);
    writeFileSync(join(assets, file), text);
    // Its precompressed copies would still hold the old text.
    rmSync(join(assets, `${file}.gz`), { force: true });
    rmSync(join(assets, `${file}.br`), { force: true });
  }
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(repoRoot, 'scripts', 'publish-release.mjs'), 'generator', folder, '--releases', join(webDir, 'releases')],
    { env: { ...process.env, ...(retention && { REMOTE_RETENTION: retention }) } },
  );
  rmSync(folder, { recursive: true, force: true });
  return stdout.trim();
}

/** Status of every generator file the page asked for, by path. */
function generatorFiles(page: Page): { path: string; status: number }[] {
  const seen: { path: string; status: number }[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/mfe/generator/')) seen.push({ path, status: response.status() });
  });
  return seen;
}

/** Signs in on this test's own site (the fixtures' signIn talks to the shared one). */
async function signInHere(page: Page, email: string): Promise<void> {
  const res = await page.request.post(`${site.url}/api/auth/dev`, { data: { email } });
  expect(res.status()).toBe(200);
  const { token, user } = await res.json();
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('authToken', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify(user)],
  );
}

const fallback = (page: Page) => page.getByRole('alert').filter({ hasText: /could not load/ });

test.beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'veo3-web-'));
  for (const part of FRONTENDS) symlinkSync(join(repoRoot, part), join(webDir, part), 'dir');
  cpSync(join(repoRoot, 'releases'), join(webDir, 'releases'), { recursive: true });
  const log = JSON.parse(readFileSync(join(webDir, 'releases', 'generator', 'releases.json'), 'utf8'));
  releases.push(log.current);
  site = await startSiteServer({ WEB_DIR: webDir });
});

test.afterAll(async () => {
  await site?.stop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

test('a tab on release 1 keeps loading its lazy chunks after release 2 is live; a reload shows 2', async ({
  page,
  consoleErrors,
}) => {
  const [first] = releases;
  await signInHere(page, 'release-1@example.com');
  const files = generatorFiles(page);
  await page.goto(`${site.url}/text-to-veo3-video`);
  await expect(page.getByRole('tab', { name: /Text to Video/ })).toBeVisible();
  expect(files.map((f) => f.path)).toContain(`/mfe/generator/${first}/remoteEntry.js`);

  releases.push(await publishChangedRelease(2));
  expect(releases[1]).toMatch(/^[0-9a-f]{12}$/);
  expect(releases[1]).not.toBe(first);
  // The map names release 2 at once (re-read within a second), and release 1 is still served.
  await expect
    .poll(async () => (await (await page.request.get(`${site.url}/remote-map.json`)).json()).generator)
    .toBe(`/mfe/generator/${releases[1]}/mf-manifest.json`);

  // The History page is a chunk this tab has not loaded yet: it comes from release 1, unchanged.
  const before = files.length;
  await page.getByRole('link', { name: 'History', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Video History', exact: true })).toBeVisible();
  const lazy = files.slice(before);
  expect(lazy.length).toBeGreaterThan(0);
  expect(lazy.every((f) => f.path.startsWith(`/mfe/generator/${first}/`) && f.status === 200)).toBe(true);
  expect(consoleErrors).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Video History · r2' })).toBeVisible();
  expect(files.map((f) => f.path)).toContain(`/mfe/generator/${releases[1]}/remoteEntry.js`);
  expect(consoleErrors).toEqual([]);
});

test('a tab whose release was purged mounts the current release in place, keeping the page and session', async ({
  page,
}) => {
  await signInHere(page, 'release-2@example.com');
  const files = generatorFiles(page);
  await page.goto(`${site.url}/text-to-veo3-video`);
  await expect(page.getByRole('tab', { name: /Text to Video/ })).toBeVisible();
  expect(files.map((f) => f.path)).toContain(`/mfe/generator/${releases[1]}/remoteEntry.js`);
  // The same document all along: a reload would lose this.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // Release 3 with a retention of one release: releases 1 and 2 are purged.
  releases.push(await publishChangedRelease(3, '1,0d'));
  const purged = await page.request.get(`${site.url}/mfe/generator/${releases[1]}/remoteEntry.js`);
  expect(purged.status()).toBe(404);

  await page.getByRole('link', { name: 'History', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Video History · r3' })).toBeVisible();
  await expect(fallback(page)).toHaveCount(0);
  // Release 2's chunk was gone; the shell read the map again and loaded release 3.
  expect(files).toContainEqual({ path: expect.stringMatching(`^/mfe/generator/${releases[1]}/assets/`), status: 404 });
  expect(files).toContainEqual({ path: `/mfe/generator/${releases[2]}/remoteEntry.js`, status: 200 });
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'History', exact: true })).toBeVisible();
});
