import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, signIn, test } from '../support/fixtures';

test.setTimeout(120_000);

/** The e2e server's REFERRAL_CREDITS: the default. */
const REWARD = 100;

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const inviteSection = (page: Page) => page.getByRole('region', { name: 'Invite friends' });

test('a friend who signs up through the link and buys a pack rewards both accounts once', async ({
  browser,
  context,
  page,
  consoleErrors,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const referrer = await signIn(page, unique('referrer'));
  await page.goto('/account#invite');
  const section = inviteSection(page);
  await expect(section).toContainText(
    `When a friend signs up through it and makes a first purchase, you both get ${REWARD} credits.`,
  );
  const field = section.getByRole('textbox', { name: 'Your invitation link' });
  await expect(field).toHaveValue(/\/\?ref=[A-Za-z0-9_-]{10}$/);
  const link = await field.inputValue();
  await section.getByRole('button', { name: 'Copy link' }).click();
  await expect(section.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await seriousViolations(page, 'section#invite')).toEqual([]);

  // A new visitor opens the link, signs in (a new account) and buys the Starter pack.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await friend.getByRole('link', { name: 'Login' }).first().click();
  await friend.getByLabel('E-mail address').fill(unique('friend'));
  await friend.getByRole('button', { name: 'Sign in' }).click();
  await expect(friend.getByTestId('header-credits')).toHaveText(/\b0 credits/);
  await friend.goto('/pricing');
  await friend.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Buy Now' }).click();
  await friend.getByRole('dialog').getByRole('button', { name: 'Continue to payment' }).click();
  await friend.getByRole('button', { name: 'Pay $19.90' }).click();
  await expect(friend.getByText('+330 credits')).toBeVisible();
  await expect(friend.getByTestId('new-balance')).toHaveText(`New balance: ${330 + REWARD} credits`);
  await friend.goto('/credits');
  await expect(
    friend.getByRole('row').filter({ hasText: 'Referral reward: you joined through an invitation' }),
  ).toContainText(`+${REWARD}`);
  // The link was used: the browser no longer keeps it.
  expect(await friend.evaluate(() => localStorage.getItem('veo3.referral'))).toBeNull();
  await friendContext.close();

  // The referrer's account page shows the invitation, its reward and the credits.
  await page.reload();
  await expect(section.getByRole('definition').nth(0)).toHaveText('1');
  await expect(section.getByRole('definition').nth(1)).toHaveText('1');
  await expect(section.getByRole('definition').nth(2)).toHaveText(`${REWARD} credits`);
  await expect(page.getByRole('region', { name: 'Credits' }).getByTestId('credits-balance')).toHaveText(
    `${REWARD} credits`,
  );
  await expect(page.getByTestId('header-credits')).toHaveText(new RegExp(`\\b${REWARD} credits`));
  expect(referrer.user.id).toBeTruthy();
  expect(consoleErrors).toEqual([]);
});

/** Right edges of the section's link field and Copy button, which must stay on a 320 px screen. */
async function rightEdges(page: Page, name: string, copy: string) {
  const section = page.getByRole('region', { name });
  const boxes = await Promise.all([
    section.boundingBox(),
    section.getByRole('textbox').boundingBox(),
    section.getByRole('button', { name: copy }).boundingBox(),
  ]);
  return boxes.map((box) => Math.round(box!.x + box!.width));
}

test('Invite friends fits a phone, in Chinese too', async ({ page, consoleErrors }) => {
  await signIn(page, unique('phone'));
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/account#invite');
  await expect(inviteSection(page).getByRole('button', { name: 'Copy link' })).toBeVisible();
  for (const edge of await rightEdges(page, 'Invite friends', 'Copy link')) expect(edge).toBeLessThanOrEqual(320);

  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await page.reload();
  const zh = page.getByRole('region', { name: '邀请好友' });
  await expect(zh).toContainText(`你们各得 ${REWARD} 积分`);
  await expect(zh.getByRole('button', { name: '复制链接' })).toBeVisible();
  for (const edge of await rightEdges(page, '邀请好友', '复制链接')) expect(edge).toBeLessThanOrEqual(320);
  expect(consoleErrors).toEqual([]);
});
