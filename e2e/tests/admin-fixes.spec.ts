import { expect, signIn, test } from '../support/fixtures';

/** An administrator on the shared server (global-setup puts this address in ADMIN_EMAILS). */
const ADMIN = 'admin@example.com';

test.setTimeout(90_000);

test("the audit log names targets by e-mail and filters by the admin's e-mail; the user page reads plainly (issue 32)", async ({
  page,
  consoleErrors,
}) => {
  const email = `audited-${Date.now()}@example.com`;
  const member = await page.request.post('/api/auth/dev', { data: { email } });
  expect(member.status()).toBe(200);
  const { user } = (await member.json()) as { user: { id: string } };
  const reason = `Audit by e-mail ${Date.now()}`;

  const admin = await signIn(page, ADMIN);
  const adjusted = await page.request.post(`/api/admin/users/${user.id}/credits`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { amount: 5, reason },
  });
  expect(adjusted.status()).toBe(200);

  await page.goto(`/admin/users/${user.id}`);
  const heading = page.getByRole('heading', { name: email });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const intro = page.locator('#admin-user-title + p');
  await expect(intro).toContainText('Signed in with: Development sign-in');
  await expect(intro).toContainText('Member since');
  await expect(intro).toContainText('Last sign-in');
  await expect(intro).not.toContainText('—');

  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Admin (e-mail or user id)').fill('ADMIN@example.com');
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: reason });
  await expect(row).toHaveCount(1);
  // The target is the user's e-mail, linked to their page; not their id.
  await expect(row.getByRole('link', { name: email })).toHaveAttribute('href', `/admin/users/${user.id}`);
  await expect(row).not.toContainText(user.id);

  await page.getByLabel('Admin (e-mail or user id)').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No audit entries match.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
