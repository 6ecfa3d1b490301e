import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, signIn, test } from '../support/fixtures';

/** An administrator on the shared server (global-setup puts this address in ADMIN_EMAILS). */
const ADMIN = 'admin@example.com';

test.setTimeout(120_000);

const promotions = (page: Page) => page.getByRole('table', { name: 'Promotion codes' });

test('an admin creates a code; a buyer pays the discounted price for the full credits; the console shows it redeemed', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const code = `E2E-${Date.now()}`;

  // The admin creates a 25 % code with a limit of 3.
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Promotions' }).click();
  await expect(page).toHaveURL(/\/admin\/promotions$/);
  const form = page.getByRole('form', { name: 'New promotion code' });
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await form.getByLabel('Percent off (1–100)').fill('25');
  await form.getByLabel('Redemption limit (optional)').fill('3');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByText('Give a reason (at least 3 characters).')).toBeVisible();
  await form.getByLabel('Reason (kept in the audit log)').fill('Spring newsletter');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Code ${code} created.` })).toBeVisible();
  const row = promotions(page).getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('25 % off');
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A buyer applies it on the test checkout (a wrong code first), sees the new total and pays it.
  const buyerContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const buyer = await buyerContext.newPage();
  await signIn(buyer, `promo-buyer-${Date.now()}@example.com`);
  await buyer.goto('/pricing');
  await buyer.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Buy Now' }).click();
  await buyer.getByRole('dialog').getByRole('button', { name: 'Continue to payment' }).click();
  await expect(buyer).toHaveURL(/\/payment\/checkout\?session_id=/);
  await buyer.setViewportSize({ width: 375, height: 740 });
  const field = buyer.getByLabel('Promotion code');
  await field.fill('NOPE');
  await buyer.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(buyer.getByText('This promotion code does not exist.')).toBeVisible();
  await field.fill(code.toLowerCase());
  await buyer.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(buyer.getByText(`Code ${code} applied`, { exact: true })).toBeVisible();
  // 25 % of $19.90 is 497.5 cents: $4.98 off, as Stripe rounds.
  await expect(buyer.getByText('−$4.98')).toBeVisible();
  await expect(buyer.getByText('$14.92', { exact: true })).toBeVisible();
  expect(await seriousViolations(buyer)).toEqual([]);
  await buyer.getByRole('button', { name: 'Pay $14.92' }).click();
  await expect(buyer).toHaveURL(/\/payment\/success\?session_id=/);
  await expect(buyer.getByText('+330 credits')).toBeVisible();
  await expect(buyer.getByTestId('new-balance')).toHaveText('New balance: 330 credits');
  await buyerContext.close();

  // The console counts the redemption.
  await page.reload();
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  expect(consoleErrors).toEqual([]);
});
