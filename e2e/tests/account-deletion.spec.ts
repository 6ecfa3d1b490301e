import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seriousViolations } from '../support/axe';
import { expect } from '../support/fixtures';
import { ownSiteTest as test, userWithCredits } from '../support/own-site';

test.setTimeout(90_000);

const SHOTS = join(tmpdir(), 'account-deletion-shots');

test('a user deletes their account from /account: a wrong e-mail first, then signed out for good', async ({
  page,
  consoleErrors,
}) => {
  const session = await userWithCredits(page, 120, 'delete-me');
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your 120 unspent credits are lost and not refunded.');

  const email = dialog.getByLabel(/Type your e-mail address/);
  await expect(email).toBeFocused();
  await email.fill('someone-else@example.com');
  await email.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('This is not the e-mail address of your account.');
  expect(
    (await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${session.token}` } })).status(),
  ).toBe(200);

  await email.fill(session.user.email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  const old = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${session.token}` } });
  expect(old.status()).toBe(401);
  // The browser logs the refused e-mail's 422 (and any 401 of a request cut off by the sign-out); nothing else.
  expect(consoleErrors.filter((e) => !/status of (422|401)/.test(e))).toEqual([]);
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const width of [1280, 375]) {
    test(`the deletion dialog passes axe and is screenshotted: ${lang}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 812 });
      if (lang === 'zh-CN') await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
      await userWithCredits(page, 2655, `delete-a11y-${lang}-${width}`);
      await page.goto('/account#delete');
      const name = lang === 'en' ? 'Delete my account' : '删除我的账户';
      await page
        .getByRole('region', { name: lang === 'en' ? 'Delete account' : '删除账户' })
        .getByRole('button', { name })
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(lang === 'en' ? '2,655' : '2,655');
      await page.screenshot({ path: `${SHOTS}/${lang}-${width}-dialog.png` });
      expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
      // Escape closes it and gives focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  }
}
