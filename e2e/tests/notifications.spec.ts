import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { userWithCredits } from '../support/own-site';

test.setTimeout(120_000);

test('e-mail turned on on the account page: a video made with the page closed arrives in the dev outbox', async ({
  page,
  context,
  consoleErrors,
}) => {
  const session = await userWithCredits(page, 40, 'notify');
  await page.goto('/account#notifications');
  const section = page.getByRole('region', { name: 'Notifications' });
  const toggle = section.getByRole('switch', { name: 'E-mail me when a video is ready' });
  // Never chosen: on, for the first video only.
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).toHaveAccessibleDescription(/^On for your first video/);
  await toggle.click();
  await expect(section.getByRole('status')).toHaveText('E-mails are off.');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.press('Enter');
  await expect(section.getByRole('status')).toHaveText('E-mails are on.');
  await expect(toggle).toHaveAccessibleDescription(
    'We e-mail you whenever a video is ready or fails while you are away.',
  );
  // Chromium has Web Push: the button is offered, and asks nothing until pressed.
  await expect(section.getByRole('button', { name: 'Turn on in this browser' })).toBeVisible();
  expect(await seriousViolations(page, 'section#notifications')).toEqual([]);

  await page.goto('/text-to-veo3-video?type=text');
  await page.getByLabel('Prompt', { exact: true }).fill('A paper boat drifts down a rainy street');
  const generated = page.waitForResponse((res) => res.url().endsWith('/api/video/generate'));
  await page.getByRole('button', { name: 'Generate Video' }).click();
  const taskId = (await (await generated).json()).data.taskId as string;
  // The card being made says how the user will hear of it; then the user leaves.
  await expect(page.getByText('We’ll e-mail you when it’s ready if you leave this page.').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
  await page.close();

  const auth = { authorization: `Bearer ${session.token}` };
  await expect
    .poll(
      async () =>
        (await (await context.request.get(`/api/video/status/${taskId}`, { headers: auth })).json()).data.status,
      { timeout: 90_000 },
    )
    .toBe('completed');

  // The dev outbox is a plain page of the API: opening it does not count as watching.
  const outbox = await context.newPage();
  const message = outbox.getByRole('listitem').filter({ hasText: `To ${session.user.email}` });
  await expect
    .poll(
      async () => {
        await outbox.goto('/api/dev/outbox');
        return message.count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(message.getByRole('heading', { name: 'Your video is ready' })).toBeVisible();
  await expect(message).toContainText('Your video “A paper boat drifts down a rainy street” is ready.');
  await expect(message).toContainText('/video-history');
  await expect(message).toContainText('Unsubscribe: ');
  const eml = await context.request.get(
    (await message.getByRole('link', { name: 'Download .eml' }).getAttribute('href')) ?? '',
  );
  expect(eml.headers()['content-type']).toBe('message/rfc822');
  expect(await eml.text()).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
});
