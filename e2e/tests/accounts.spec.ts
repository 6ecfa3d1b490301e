import { expect, signIn, test } from '../support/fixtures';

test('dev sign-in changes the header; sign out revokes the session and returns home', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/login');
  await expect(page.getByText('Development sign-in')).toBeVisible();
  await page.getByLabel('E-mail address').fill('newbie@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-credits')).toHaveText(/0 credits/);
  await expect(page.getByRole('link', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Blog Admin' })).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('authToken'));

  await page.getByRole('button', { name: 'Account menu for newbie' }).click();
  await expect(page.getByText('newbie@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('header-credits')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  const after = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect(consoleErrors).toEqual([]);
});

test('a blog manager sees Blog Admin; the header shows credits granted by an administrator', async ({
  page,
  request,
}) => {
  const editor = await signIn(page, 'editor@example.com');
  const admin = await (await request.post('/api/auth/dev', { data: { email: 'admin@example.com' } })).json();
  const grant = await request.post('/api/credits/add', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      userId: editor.user.id,
      amount: 120,
      sourceId: 'e2e-editor',
      description: 'Launch gift',
    },
  });
  expect(grant.status()).toBe(200);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Blog Admin' })).toBeVisible();
  await expect(page.getByTestId('header-credits')).toHaveText(/120 credits/);
  await page.getByTestId('header-credits').click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByTestId('credits-balance')).toHaveText('120 credits');
  await expect(page.getByRole('cell', { name: /Adjustment by support/ })).toContainText('Launch gift');
});

test('sign-in state is shared across two tabs', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/pricing');
  await expect(second.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await first.goto('/login');
  await first.getByLabel('E-mail address').fill('tabs@example.com');
  await first.getByRole('button', { name: 'Sign in' }).click();
  await expect(first.getByTestId('header-credits')).toBeVisible();
  // The other tab follows without a reload.
  await expect(second.getByTestId('header-credits')).toBeVisible();
  await expect(second.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0);

  await second.getByRole('button', { name: 'Account menu for tabs' }).click();
  await second.getByRole('button', { name: 'Sign out' }).click();
  await expect(first.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a session revoked elsewhere signs the browser out on its next request', async ({ page }) => {
  const session = await signIn(page, 'revoked@example.com');
  await page.goto('/');
  await expect(page.getByTestId('header-credits')).toBeVisible();
  await page.request.post('/api/auth/signout', { headers: { authorization: `Bearer ${session.token}` } });
  await page.goto('/credits');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});
