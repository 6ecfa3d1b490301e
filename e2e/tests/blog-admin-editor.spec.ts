import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

/** A blog manager on the shared server (global-setup gives this address can_manage_blog). */
const EDITOR = 'editor@example.com';

test.setTimeout(120_000);

const editorHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const list = (page: Page) => page.getByRole('table', { name: 'Article List' });
const discardDialog = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

/** Saves a new article from /blog-admin/new and answers its id (from the address its Edit opens). */
async function createArticle(page: Page, title: string): Promise<string> {
  await page.goto('/blog-admin/new');
  await expect(editorHeading(page, 'New Article')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(/^Title/).fill(title);
  const content = page.getByRole('textbox', { name: /^Content/ });
  await content.click();
  await page.keyboard.type('Body of the article.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(list(page)).toBeVisible();
  await page.getByRole('button', { name: `Edit “${title}”` }).click();
  await expect(page).toHaveURL(/\/blog-admin\/\d+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

test('the editor has an address: reload keeps it, Back returns to the list, nothing changed asks nothing', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, EDITOR);
  const title = `Addressed ${Date.now()}`;
  const id = await createArticle(page, title);
  await expect(editorHeading(page, 'Edit Article')).toBeVisible();

  // The server serves the editor's address as the page, and the editor opens that article.
  const reply = await page.reload();
  expect(reply?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/blog-admin/${id}$`));
  await expect(editorHeading(page, 'Edit Article')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel(/^Title/)).toHaveValue(title);

  // Unchanged: Back to List and the browser's Back leave without a question.
  await page.getByRole('button', { name: 'Back to List' }).click();
  await expect(list(page)).toBeVisible();
  await expect(page).toHaveURL(/\/blog-admin$/);
  await page.getByRole('button', { name: `Edit “${title}”` }).click();
  await expect(editorHeading(page, 'Edit Article')).toBeVisible();
  await page.goBack();
  await expect(list(page)).toBeVisible();
  await expect(discardDialog(page)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('unsaved changes are asked about on Cancel, on a header link and on the browser Back button', async ({ page }) => {
  await signIn(page, EDITOR);
  await page.goto('/blog-admin');
  await expect(list(page)).toBeVisible();
  await page.getByRole('button', { name: 'New Article' }).click();
  await expect(editorHeading(page, 'New Article')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/blog-admin\/new$/);
  await page.getByLabel(/^Title/).fill('Half-written idea');

  // Cancel: the dialog takes focus; Escape keeps editing.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(discardDialog(page)).toBeVisible();
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(discardDialog(page)).toHaveCount(0);
  await expect(page.getByLabel(/^Title/)).toHaveValue('Half-written idea');

  // A link in the site's header.
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(discardDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/blog-admin\/new$/);
  await page.getByRole('button', { name: 'Keep editing' }).click();

  // The browser's Back: the editor and its address stay until the changes are discarded.
  await page.goBack();
  await expect(discardDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/blog-admin\/new$/);
  await expect(page.getByLabel(/^Title/)).toHaveValue('Half-written idea');
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await page.goBack();
  await expect(discardDialog(page)).toBeVisible();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(list(page)).toBeVisible();
  await expect(page).toHaveURL(/\/blog-admin$/);
});

test('closing or reloading the tab with unsaved changes asks the browser to confirm', async ({ page }) => {
  await signIn(page, EDITOR);
  await page.goto('/blog-admin/new');
  await expect(editorHeading(page, 'New Article')).toBeVisible({ timeout: 30_000 });
  // The browser asks only after the user interacted with the page: real clicks and keys.
  await page.getByLabel(/^Title/).click();
  await page.keyboard.type('Not saved yet');
  const asked = page.waitForEvent('dialog');
  void page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(page.getByLabel(/^Title/)).toHaveValue('Not saved yet');
});

test('zh-CN: the question is asked in Chinese', async ({ page }) => {
  await signIn(page, EDITOR);
  await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
  await page.goto('/blog-admin/new');
  await expect(editorHeading(page, '新建文章')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(/^标题/).fill('草稿');
  await page.getByRole('button', { name: '取消' }).click();
  const dialog = page.getByRole('dialog', { name: '放弃未保存的更改？' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '放弃更改' }).click();
  await expect(page.getByRole('table', { name: '文章列表' })).toBeVisible();
});
