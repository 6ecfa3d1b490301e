import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

test.setTimeout(90_000);

/** Pricing → Starter → the built-in test checkout → Pay: the README's purchase. */
async function buyStarter(page: Page) {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout\?session_id=/);
  await page.getByRole('button', { name: 'Pay $19.90' }).click();
  await expect(page.getByTestId('new-balance')).toHaveText('New balance: 330 credits');
}

test('a visitor at /account is asked to sign in, on the billing remote', async ({ page, consoleErrors, requests }) => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
  await expect(page.getByText('Please sign in to see your account.')).toBeVisible();
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(new URL('/account', page.url()).href);
  expect(new Set(requests.filter((p) => p.startsWith('/mfe/')).map((p) => p.split('/')[2]))).toEqual(
    new Set(['billing']),
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', /\/login/);
  expect(consoleErrors).toEqual([]);
});

test('a buyer finds the balance, the ledger line, the payment and its receipt on the account page', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill('account-buyer@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('header-credits')).toBeVisible();
  await buyStarter(page);

  await page.getByRole('button', { name: 'Account menu for account-buyer' }).click();
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');

  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile).toContainText('account-buyer@example.com');
  await expect(profile).toContainText('Development sign-in');

  const credits = page.getByRole('region', { name: 'Credits' });
  await expect(credits.getByTestId('credits-balance')).toHaveText('330 credits');
  const ledgerLine = credits.getByRole('row').filter({ hasText: 'Starter pack' });
  await expect(ledgerLine).toContainText('+330');

  const payments = page.getByRole('region', { name: 'Payments' });
  const paid = payments.getByRole('row').filter({ hasText: 'Starter credit pack' });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('$19.90');
  await expect(paid).toContainText('330 credits');
  await expect(paid).toContainText('Paid');

  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByRole('link', { name: 'See plans' })).toBeVisible();

  await paid.getByRole('link', { name: /^Receipt for Starter credit pack/ }).click();
  await expect(page).toHaveURL(/\/account\/receipts\/cs_sim_/);
  const receiptUrl = page.url();
  const paymentId = receiptUrl.split('/').pop()!;
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Veo 3 Studio');
  await expect(receipt).toContainText('account-buyer@example.com');
  await expect(receipt).toContainText('Starter credit pack');
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('$19.90');
  await expect(receipt.getByText(paymentId)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  expect(consoleErrors).toEqual([]);

  // Someone else cannot read it.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'account-stranger@example.com');
  await page.goto(receiptUrl);
  await expect(page.getByText('This receipt was not found.')).toBeVisible();
  await expect(page.getByTestId('receipt-amount')).toHaveCount(0);
});
