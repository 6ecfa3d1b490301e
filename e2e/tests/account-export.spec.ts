import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { seriousViolations } from '../support/axe';
import { expect } from '../support/fixtures';
import { ownSiteTest as test, userWithCredits } from '../support/own-site';

/** Outside test-results, which every run (also another suite's) empties. */
const SHOTS = join(tmpdir(), 'account-export-shots');
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** One entry of a ZIP file, as text. */
function readEntry(zip: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('not a zip'));
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return file.readEntry();
        file.openReadStream(entry, async (openError, stream) => {
          if (openError || !stream) return reject(openError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          resolve(Buffer.concat(chunks).toString('utf8'));
        });
      });
      file.on('end', () => reject(new Error(`${name} not in the archive`)));
      file.readEntry();
    });
  });
}

test('a user prepares a copy of their data on the account page and downloads the ZIP', async ({
  page,
  consoleErrors,
}) => {
  // The export, then the page four times (two sizes, two languages) with axe: past the 60 s default on a loaded machine.
  test.setTimeout(120_000);
  const session = await userWithCredits(page, 50, 'export');
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Download my data' });
  await section.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(section.getByRole('progressbar', { name: 'Preparing your data' })).toBeVisible();

  const link = section.getByRole('link', { name: /^Download ZIP/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^veo3-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const data = JSON.parse(await readEntry(await readFile((await download.path())!), 'data.json'));
  expect(data.profile.email).toBe(session.user.email);
  expect(data.credit_ledger).toHaveLength(1);

  // Once a day: the button waits, and says until when.
  await expect(section.getByRole('button', { name: 'Prepare my data' })).toBeDisabled();
  await expect(section.getByText(/You can prepare a new copy once a day/)).toBeVisible();
  expect(consoleErrors).toEqual([]);

  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ['en', 'zh-CN'] as const) {
    await page.evaluate((language) => localStorage.setItem('lang', language), lang);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.reload();
      const heading = lang === 'en' ? 'Download my data' : '下载我的数据';
      const region = page.getByRole('region', { name: heading });
      await expect(region.getByRole('link', { name: lang === 'en' ? /^Download ZIP/ : /^下载 ZIP/ })).toBeVisible();
      if (lang === 'en') expect(await seriousViolations(page)).toEqual([]);
      await region.scrollIntoViewIfNeeded();
      await region.screenshot({ path: join(SHOTS, `${size.name}-${lang}.png`) });
    }
  }
});
