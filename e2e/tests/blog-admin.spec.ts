import type { Browser, Dialog, Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

/** A blog manager on the shared server (global-setup gives this address can_manage_blog). */
const EDITOR = 'editor@example.com';

test.setTimeout(120_000);

/** A real PNG of the given size, drawn by the browser itself. */
async function pngOf(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, w!, h!);
      gradient.addColorStop(0, '#7c3aed');
      gradient.addColorStop(1, '#f59e0b');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, w!, h!);
      const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}

/** Accepts every alert and confirm, remembering their texts. */
function acceptDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  return seen;
}

/** A signed-out reader in a browser context of its own, cut off from the internet like the test pages. */
async function visitor(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('internetdisconnected'),
  );
  return context.newPage();
}

const editable = (page: Page) => page.getByRole('textbox', { name: /^Content/ });

test('a manager writes an article in CKEditor with an uploaded picture; a visitor reads it on /blog', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
  requests,
}) => {
  await signIn(page, EDITOR);
  const dialogs = acceptDialogs(page);
  await page.goto('/blog-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Article List' })).toBeVisible();
  // The list view does not download the editor.
  // Chunks come from the current release's folder (/mfe/blog-admin/<release id>/assets/).
  const editorChunks = () =>
    requests.filter((path) => /\/mfe\/blog-admin\/(?:[0-9a-f]{12}\/)?assets\/.*\.js$/.test(path)).length;
  const listChunks = editorChunks();

  await page.getByRole('button', { name: 'New Article' }).click();
  // The form and the pinyin converter load on demand: slow on a loaded machine.
  await expect(page.getByRole('heading', { level: 2, name: 'New Article' })).toBeVisible({ timeout: 30_000 });
  expect(editorChunks()).toBeGreaterThan(listChunks);

  const title = `Veo 3 声音指南 ${Date.now()}`;
  await page.getByLabel(/^Title/).fill(title);
  await expect(page.getByTestId('url-preview')).toHaveText(
    `${baseURL}/blog/${title.replace('Veo 3 声音指南 ', 'veo-3-sheng-yin-zhi-nan-')}`,
  );
  await page.getByLabel(/^Excerpt/).fill('How to make Veo 3 videos sound real.');

  // Content: a heading from the toolbar, bold text by keyboard, then a picture through the upload button.
  const content = editable(page);
  await expect(content).toBeVisible({ timeout: 30_000 });
  await content.click();
  await page.locator('.ck-heading-dropdown').getByRole('button').first().click();
  await page.getByRole('menuitemradio', { name: 'Heading 2' }).click();
  await page.keyboard.type('Sound design');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Start with ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('bold words');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' and describe the sound.');
  await page.keyboard.press('Enter');

  // 1400x700 is wider than 1200: the editor offers to compress it, and it goes up as 1200x600.
  const wide = await pngOf(page, 1400, 700);
  await page
    .locator('.ck-toolbar .ck-file-dialog-button input[type=file]')
    .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: wide });
  const inserted = content.locator('img[src^="/api/blog/images/"]');
  await expect(inserted).toHaveCount(1, { timeout: 30_000 });
  expect(dialogs).toHaveLength(1);
  expect(dialogs[0]).toMatch(
    /^confirm: This image is [\d.]+ (Bytes|KB|MB) and 1400×700 pixels\. Compress it to fit within 1200×900 pixels before uploading\?$/,
  );
  await expect.poll(() => inserted.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

  // The featured image: any picture, previewed at 32x32 once uploaded.
  await page
    .getByLabel('Featured Image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await pngOf(page, 64, 64) });
  const preview = page.getByRole('img', { name: 'Chosen featured image' });
  await expect(preview).toHaveAttribute('src', /^\/api\/blog\/images\//);
  await expect(page.getByText('Uploading...')).toHaveCount(0);

  await page.getByLabel('Status').selectOption('published');
  await page.getByLabel(/^SEO Title/).fill('Veo 3 sound guide');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Article created' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);

  const reader = await visitor(browser, baseURL);
  await reader.goto('/blog');
  const link = reader.getByRole('link', { name: title }).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByRole('heading', { level: 2, name: 'Sound design' })).toBeVisible();
  await expect(reader.locator('strong', { hasText: 'bold words' })).toBeVisible();
  const picture = reader.locator('img[src^="/api/blog/images/"][style*="max-width"]');
  await expect(picture).toBeVisible();
  expect(
    await picture.evaluate((img: HTMLImageElement) => [img.style.width, img.style.maxWidth, img.style.height]),
  ).toEqual(['100%', '800px', 'auto']);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  // Measured once loaded: before that the picture may have no box yet.
  await expect.poll(async () => (await picture.boundingBox())?.width ?? 0).toBeGreaterThan(0);
  expect((await picture.boundingBox())!.width).toBeLessThanOrEqual(800);
  await reader.context().close();
});

test('editing keeps the address, deleting asks first and reloads the list', async ({ page }) => {
  const session = await signIn(page, EDITOR);
  const title = `Draft to edit ${Date.now()}`;
  const created = await page.request.post('/api/blog/admin/posts', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      title,
      content: '<p>First words.</p>',
      excerpt: '',
      featured_image: null,
      status: 'draft',
      meta_title: '',
      meta_description: '',
      tags: ['Notes'],
    },
  });
  expect(created.status()).toBe(201);
  const { data } = await created.json();
  const dialogs = acceptDialogs(page);

  await page.goto('/blog-admin');
  await page.getByRole('button', { name: `Edit “${title}”` }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Edit Article' })).toBeVisible({ timeout: 30_000 });
  await expect(editable(page)).toContainText('First words.');
  await page.getByLabel(/^Title/).fill(`${title} (revised)`);
  // A stored article keeps its address.
  await expect(page.getByTestId('url-preview')).toHaveText(new RegExp(`/blog/${data.slug}$`));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Article updated' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `${title} (revised)` });
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  const stored = await (
    await page.request.get(`/api/blog/admin/posts/${data.id}`, {
      headers: { authorization: `Bearer ${session.token}` },
    })
  ).json();
  expect(stored.data.tags).toEqual(['Notes']);

  await row.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Article deleted' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  expect(dialogs).toEqual(['confirm: Are you sure you want to delete this article?']);
});

test('the editor keeps only http, https, mailto and tel links, and refuses other image types', async ({ page }) => {
  await signIn(page, EDITOR);
  const dialogs = acceptDialogs(page);
  await page.goto('/blog-admin');
  await page.getByRole('button', { name: 'New Article' }).click();
  await expect(editable(page)).toBeVisible({ timeout: 30_000 });
  const html = await editable(page).evaluate((element) => {
    const editor = (element as unknown as { ckeditorInstance: { setData(d: string): void; getData(): string } })
      .ckeditorInstance;
    editor.setData(
      '<p><a href="javascript:alert(1)">a</a> <a href="https://example.com/x">b</a> ' +
        '<a href="mailto:hi@example.com">c</a> <a href="data:text/html,x">d</a> <a href="tel:+441234">e</a></p>',
    );
    return editor.getData();
  });
  expect(html).toBe(
    '<p><a href="">a</a> <a href="https://example.com/x">b</a> <a href="mailto:hi@example.com">c</a> ' +
      '<a href="">d</a> <a href="tel:+441234">e</a></p>',
  );

  await editable(page).click();
  await page
    .locator('.ck-toolbar .ck-file-dialog-button input[type=file]')
    .setInputFiles({ name: 'icon.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM not really') });
  await expect.poll(() => dialogs).toEqual(['alert: Please select a valid image file (JPEG, PNG, GIF, WebP)']);
  await expect(editable(page).locator('img')).toHaveCount(0);
});

test("a signed-in user without blog permission gets the 'Not allowed' page, as at /admin", async ({ page }) => {
  await signIn(page, 'reader@example.com');
  await page.goto('/blog-admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not allowed');
});

test('signed out, /blog-admin leads to the login page', async ({ page }) => {
  await page.goto('/blog-admin');
  await expect(page).toHaveURL(/\/login\?next=%2Fblog-admin$/);
});

test('undo takes back at most one second of typing at a time', async ({ page }) => {
  await signIn(page, EDITOR);
  await page.goto('/blog-admin');
  await page.getByRole('button', { name: 'New Article' }).click();
  const content = editable(page);
  await expect(content).toBeVisible({ timeout: 30_000 });
  await content.click();
  await page.keyboard.type('First');
  await page.waitForTimeout(1_100);
  await page.keyboard.type(' second');
  await page.keyboard.type(' third');
  // On a loaded machine ' second third' may take more than a second to type, and so make more
  // than one step: undo walks back to 'First', which a pause always ends, and never past it.
  for (let i = 0; i < 13 && (await content.textContent())?.trim() !== 'First'; i++) {
    await page.keyboard.press('ControlOrMeta+z');
    await page.waitForTimeout(50);
  }
  await expect(content).toHaveText('First');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(content).toHaveText('');
});
