import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { seriousViolations } from '../support/axe';
import { expect, signIn, test } from '../support/fixtures';
import { userWithCredits } from '../support/own-site';

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** Makes a key on the account page as a user would; its secret, read from the panel that shows it once. */
async function createKeyOnAccountPage(page: Page, name: string): Promise<string> {
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'API keys' });
  await section.getByRole('button', { name: 'Create API key' }).click();
  await expect(section.getByLabel('Name')).toBeFocused();
  await section.getByRole('button', { name: 'Create key' }).click();
  await expect(section.getByText('Give the key a name.')).toBeVisible();
  await section.getByLabel('Name').fill(name);
  await section.getByRole('button', { name: 'Create key' }).click();
  await expect(section.getByText("Copy this key now. You won't be able to see it again.")).toBeVisible();
  const secret = (await section.getByText(/^v3s_[A-Za-z0-9_-]{43}$/).textContent())!;
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText(/^v3s_[A-Za-z0-9_-]{43}$/)).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Create API key' })).toBeFocused();
  return secret;
}

const balanceWith = (request: APIRequestContext, secret: string) =>
  request.get('/v1/balance', { headers: bearer(secret) });

test('a developer makes an API key on the account page, calls /v1 with it, and revokes it', async ({
  page,
  consoleErrors,
}) => {
  await userWithCredits(page, 120, 'dev-api');
  const secret = await createKeyOnAccountPage(page, 'CI pipeline');

  const balance = await balanceWith(page.request, secret);
  expect(balance.status()).toBe(200);
  expect(await balance.json()).toEqual({ object: 'balance', credits: 120 });
  const models = await page.request.get('/v1/models', { headers: bearer(secret) });
  expect((await models.json()).data.map((m: { id: string }) => m.id)).toContain('veo3');
  // The key is for /v1 and /mcp only; the site's own routes refuse it.
  const web = await page.request.get('/api/credits/balance', { headers: bearer(secret) });
  expect([web.status(), (await web.json()).code]).toEqual([401, 'AUTH_API_KEY_NOT_ACCEPTED']);

  const section = page.getByRole('region', { name: 'API keys' });
  await page.reload();
  await expect(section.getByText('CI pipeline')).toBeVisible();
  await expect(section.getByText(secret.slice(0, 12) + '…')).toBeVisible();
  expect(await page.content()).not.toContain(secret.slice(12));

  await section.getByRole('button', { name: 'Revoke CI pipeline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke “CI pipeline”?' });
  await expect(dialog.getByText('Apps using it stop working at once. This cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('“CI pipeline” was revoked.')).toBeVisible();
  await expect(section.getByText(/^Revoked /)).toBeVisible();
  const refused = await balanceWith(page.request, secret);
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
  expect(await refused.json()).toMatchObject({ status: 401, code: 'API_KEYS_INVALID' });
  expect(consoleErrors).toEqual([]);
});

test("an administrator sees a key's use in the console and revokes it with a reason", async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await signIn(page, `dev-console-${Date.now()}@example.com`);
  const secret = await createKeyOnAccountPage(page, 'Nightly job');
  expect((await balanceWith(page.request, secret)).status()).toBe(200);

  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, 'admin@example.com');
  await adminPage.goto(`/admin/api?user=${encodeURIComponent(owner.user.email)}`);
  const table = adminPage.getByRole('table', { name: 'API keys' });
  await expect(table.getByRole('link', { name: owner.user.email })).toBeVisible();
  await expect(table.getByText('Nightly job')).toBeVisible();
  await expect(table.getByText('Live')).toBeVisible();
  expect(await seriousViolations(adminPage)).toEqual([]);

  await table.getByRole('button', { name: `Revoke key Nightly job of ${owner.user.email}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Revoke this API key' });
  await dialog.getByLabel('Reason').fill('Leaked in a public repository');
  await dialog.getByRole('button', { name: /^Revoke/ }).click();
  await expect(adminPage.getByText(`Revoked “Nightly job” of ${owner.user.email}.`)).toBeVisible();
  await expect(table.getByText('Leaked in a public repository')).toBeVisible();
  expect((await balanceWith(page.request, secret)).status()).toBe(401);

  await adminPage.goto('/admin/audit');
  const row = adminPage
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'Leaked in a public repository' });
  await expect(row.getByRole('cell', { name: 'API key revoked' })).toBeVisible();
  await expect(row.getByRole('cell', { name: owner.user.email })).toBeVisible();
  await adminContext.close();
});

/** A local HTTPS-less receiver (the e2e server allows 127.0.0.1): each request's headers and body. */
async function startReceiver(): Promise<{
  server: Server;
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
}> {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

test('a developer adds a webhook endpoint and its signed test event arrives', async ({ page, consoleErrors }) => {
  const receiver = await startReceiver();
  try {
    await signIn(page, `dev-hooks-${Date.now()}@example.com`);
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No webhook endpoints yet.')).toBeVisible();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await section.getByLabel('Endpoint URL').fill(receiver.url);
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(
      section.getByText('Copy this secret now and keep it on your server. It is not shown again.'),
    ).toBeVisible();
    const secret = (await section.getByText(/^whsec_/).textContent())!.trim();
    await section.getByRole('button', { name: 'Done' }).click();

    await section.getByRole('button', { name: 'Send test event' }).click();
    await expect(section.getByText('Test event delivered.')).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    const { headers, body } = receiver.received[0]!;
    const payload = new Webhook(secret).verify(body, {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    }) as { type: string };
    expect(payload.type).toBe('webhook.test');

    await section.getByRole('button', { name: 'Show deliveries' }).click();
    await expect(section.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(section.getByText(String(headers['webhook-id']))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  } finally {
    receiver.server.close();
  }
});
