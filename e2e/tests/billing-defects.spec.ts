import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

test.setTimeout(90_000);

const PHONE = { width: 375, height: 812 };

/** The site in zh-CN from the first paint (the stored choice, as the language menu keeps it). */
async function inChinese(page: Page) {
  await page.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('zh-CN pricing: the refund link and the plan names stay on one line; cards state the catalogue facts', async ({
    page,
    consoleErrors,
  }) => {
    await inChinese(page);
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('套餐与价格');

    const link = page.getByRole('link', { name: '查看退款政策' });
    await link.scrollIntoViewIfNeeded();
    expect(await link.evaluate((el) => el.getClientRects().length)).toBe(1);
    for (const name of ['Lite', 'Pro', 'Pro+', '入门', '基础', '标准']) {
      const heading = page.getByRole('article', { name, exact: true }).getByRole('heading', { level: 3 });
      expect(await heading.evaluate((el) => el.getClientRects().length)).toBe(1);
    }

    const pro = page.getByRole('article', { name: 'Pro', exact: true });
    await expect(pro).toContainText('每月 1,340 积分');
    await expect(pro).toContainText('8 秒带声音视频，720p或1080p');
    await expect(page.getByText(/视频时长最长/)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('after paying, the success page shows the new balance itself; /credits names the pack', async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page, 'phone-buyer@example.com');
    await page.goto('/pricing');
    await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/payment\/checkout\?session_id=/);
    await page.getByRole('button', { name: 'Pay $19.90' }).click();

    await expect(page).toHaveURL(/\/payment\/success\?session_id=/);
    const balance = page.getByTestId('new-balance');
    await expect(balance).toHaveText('New balance: 330 credits');
    await expect(balance).toBeInViewport();
    await expect(page.getByText(/header/i)).toHaveCount(0);
    // One notice that the payment went through.
    await expect(page.getByText('Payment successful! Your credits have been added.')).toHaveCount(1);

    await page.goto('/credits');
    const row = page.getByRole('row').filter({ hasText: 'Starter pack' });
    await expect(row).toContainText('+330');
    await expect(page.getByText(/Credit pack starter/i)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});

test('zh-CN credit history: translated names and one number format', async ({ page, consoleErrors }) => {
  await signIn(page, 'zh-buyer@example.com');
  await inChinese(page);
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Pro', exact: true }).getByRole('button', { name: '订阅' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '继续支付' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout\?session_id=/);
  await page.getByRole('button', { name: /\$59\.90/ }).click();
  await expect(page.getByTestId('new-balance')).toHaveText('当前余额：1,340 积分');

  await page.goto('/credits');
  const row = page.getByRole('row').filter({ hasText: 'Pro 套餐' });
  await expect(row).toContainText('+1,340');
  await expect(row).toContainText(/1,340\s*$/);
  await expect(page.getByTestId('credits-balance')).toHaveText('1,340 积分');
  await expect(page.getByText('Plan pro')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
