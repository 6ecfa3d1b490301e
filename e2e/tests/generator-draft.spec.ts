import { expect, test } from '../support/fixtures';

/**
 * Issue 32, defect 2 for the generator: a visitor who writes a prompt and picks 9:16, then signs in
 * from the generator's Login link, comes back to the generator with the same draft.
 */
test("signing in from the generator's Login link comes back to it with the prompt and format", async ({ page }) => {
  const prompt = 'A paper boat drifting down a rainy street at dusk';
  await page.goto('/text-to-veo3-video?type=text');
  // Typed after hydration, so the form (not only the server's HTML) holds the prompt.
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(prompt);
  await page.getByRole('radio', { name: /9:16/ }).check();

  await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Ftext-to-veo3-video%3Ftype%3Dtext$/);
  await page.getByLabel('E-mail address').fill('draft-writer@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/text-to-veo3-video\?type=text$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Text to Video' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Prompt', exact: true })).toHaveValue(prompt);
  await expect(page.getByRole('radio', { name: /9:16/ })).toBeChecked();
  // Signed in now: the balance instead of the sign-in notice.
  await expect(page.getByText('Please login to generate videos')).toHaveCount(0);
});
