import { seriousViolations } from '../support/axe';
import { expect, signIn, test } from '../support/fixtures';

/** An administrator on the shared server (global-setup puts this address in ADMIN_EMAILS). */
const ADMIN = 'admin@example.com';

test.setTimeout(120_000);

test('an admin finds a user, grants 100 credits with a reason, and sees the ledger line and the audit row', async ({
  page,
  request,
  consoleErrors,
}) => {
  const email = `console-${Date.now()}@example.com`;
  const member = await request.post('/api/auth/dev', { data: { email } });
  expect(member.status()).toBe(200);
  const before = ((await member.json()) as { user: { credits: number } }).user.credits;
  const reason = `Goodwill for a failed video ${Date.now()}`;

  await signIn(page, ADMIN);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Console');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();

  await page.getByLabel('Search by e-mail or name').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(2);
  await users.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { name: email })).toBeVisible();

  const form = page.getByRole('form', { name: 'Adjust credits' });
  await form.getByLabel('Amount').fill('100');
  await form.getByLabel('Reason').fill(reason);
  await form.getByRole('button', { name: 'Apply adjustment' }).click();
  await expect(form.getByRole('status')).toHaveText(`Credits adjusted: +100. New balance ${before + 100}.`);

  const ledgerLine = page
    .getByRole('table', { name: 'Ledger (latest 50)' })
    .getByRole('row')
    .filter({ hasText: reason });
  await expect(ledgerLine).toHaveCount(1);
  await expect(ledgerLine).toContainText('+100');
  await expect(ledgerLine).toContainText('admin');
  await expect(page.getByText(`${before + 100} credits`, { exact: true })).toBeVisible();

  const userAudit = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: reason });
  await expect(userAudit).toHaveCount(1);
  await expect(userAudit).toContainText(ADMIN);
  await expect(userAudit).toContainText('Credit adjustment');
  await expect(userAudit).toContainText(`credits: ${before} → credits: ${before + 100}`);

  // The audit log section has the same row, found by the user's id.
  const userId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Target id').fill(userId);
  await page.getByRole('button', { name: 'Apply' }).click();
  const auditRow = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: reason });
  await expect(auditRow).toHaveCount(1);
  await expect(auditRow).toContainText('Credit adjustment');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);

  expect(consoleErrors).toEqual([]);
});

for (const width of [1280, 375]) {
  test(`the console passes axe at ${width} px`, async ({ page, consoleErrors }) => {
    await signIn(page, ADMIN);
    await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
    const findings: string[] = [];
    for (const path of ['/admin', '/admin/users', '/admin/payments', '/admin/tasks', '/admin/audit', '/admin/api']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Console');
      await expect(page.getByText('Loading...')).toHaveCount(0);
      findings.push(...(await seriousViolations(page)).map((f) => `${path} ${f}`));
    }
    expect(findings).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('a non-admin visiting /admin sees the not-allowed page and no admin console file is requested', async ({
  page,
  requests,
  consoleErrors,
}) => {
  await signIn(page, `member-${Date.now()}@example.com`);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not allowed');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  // And below /admin, reached inside the page.
  await page.evaluate(() => {
    history.pushState(null, '', '/admin/users');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not allowed');
  // The page keeps its task-events stream open (never network-idle): give a wrongly started load time to show.
  await page.waitForTimeout(1_500);
  expect(requests.filter((path) => path.startsWith('/mfe/admin/'))).toEqual([]);
  expect(requests.filter((path) => path.startsWith('/api/admin/'))).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
