import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

test.setTimeout(120_000);

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** From the pricing page through the payment modal to the built-in test checkout. */
async function openCheckout(page: Page, offer: string, action: 'Subscribe' | 'Buy Now') {
  await card(page, offer).getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout\?session_id=/);
  await expect(page.getByText('Test mode — no card is charged')).toBeVisible();
}

test('a new user buys a pack, makes a video with it, subscribes to Lite and cancels', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'buyer@example.com');
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans & Pricing');
  await expect(page.getByTestId('header-credits')).toHaveText(/\b0 credits/);
  await expect(page.getByText('Please login before purchasing')).toHaveCount(0);

  // Starter pack: modal → test checkout → Pay → success page.
  await openCheckout(page, 'Starter', 'Buy Now');
  await expect(page.getByText('Starter', { exact: true })).toBeVisible();
  await expect(page.getByText('$19.90, one-time')).toBeVisible();
  await expect(page.getByText('330 credits', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $19.90' }).click();

  await expect(page).toHaveURL(/\/payment\/success\?session_id=/);
  await expect(page.getByText('Payment successful! Your credits have been added.')).toBeVisible();
  await expect(page.getByText('+330 credits')).toBeVisible();
  await expect(page.getByTestId('new-balance')).toHaveText('New balance: 330 credits');
  await expect(page.getByTestId('header-credits')).toHaveText(/\b330 credits/);

  // The credits pay for a video.
  await page.getByRole('link', { name: 'Start Creating' }).click();
  await expect(page).toHaveURL(/\/text-to-veo3-video\?type=text/);
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('A paper boat drifts down a rainy street');
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByTestId('header-credits')).toHaveText(/\b290 credits/);
  await expect(page.locator('video[src*="/api/video/file/"]')).toBeVisible({ timeout: 60_000 });

  // Lite plan.
  await page.goto('/pricing');
  await openCheckout(page, 'Lite', 'Subscribe');
  await expect(page.getByText('$29.90 per month')).toBeVisible();
  await expect(page.getByText('590 credits every month')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $29.90' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?session_id=/);
  await expect(page.getByText('+590 credits')).toBeVisible();
  await expect(page.getByText('Lite plan, now active')).toBeVisible();
  await expect(page.getByTestId('header-credits')).toHaveText(/\b880 credits/);

  // Back on pricing: the plan is current and the others are locked until it is cancelled.
  await page.getByRole('link', { name: 'View Plans' }).click();
  const lite = card(page, 'Lite');
  await expect(lite.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(lite.getByText('Current', { exact: true })).toBeVisible();
  for (const name of ['Pro', 'Pro+']) {
    await expect(card(page, name).getByRole('button', { name: 'Switch Plan (Cancel First)' })).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: 'Buy Now' }).first()).toBeEnabled();
  const subscription = page.getByRole('region', { name: 'Your subscription' });
  await expect(subscription).toContainText('You are subscribed to Lite, billed monthly.');
  await expect(page.getByTestId('next-billing-date')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

  // Cancel, with confirmation.
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel your Lite subscription?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByTestId('success-banner')).toContainText(/cancelled/i);
  await expect(subscription).toHaveCount(0);
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await expect(subscribe).toHaveCount(3);
  for (const button of await subscribe.all()) await expect(button).toBeEnabled();
  await expect(lite.getByText('Current', { exact: true })).toHaveCount(0);
  // Credits already granted stay.
  await expect(page.getByTestId('header-credits')).toHaveText(/\b880 credits/);

  expect(consoleErrors).toEqual([]);
});

test('Cancel on the test checkout lands on /payment/cancel and nothing is charged', async ({ page, consoleErrors }) => {
  await signIn(page, 'undecided@example.com');
  await page.goto('/pricing');
  await openCheckout(page, 'Basic', 'Buy Now');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/payment\/cancel$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment cancelled');
  await expect(page.getByText(/No payment was taken/)).toBeVisible();
  await expect(page.getByTestId('header-credits')).toHaveText(/\b0 credits/);
  await page.getByRole('link', { name: 'Back to Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(consoleErrors).toEqual([]);
});

test('a visitor is asked to login before purchasing, and the checkout page asks too', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByText('Please login before purchasing')).toBeVisible();
  await card(page, 'Starter').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fpricing$/);

  await page.goto('/payment/checkout?session_id=sim_unknown');
  await expect(page.getByText('Please login to complete your purchase.')).toBeVisible();
});
