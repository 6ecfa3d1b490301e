import { expect, test, waitForHydration } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { userWithCredits } from '../support/own-site';

test.setTimeout(300_000);

const PROMPT = 'A paper lantern floats over a quiet lake at night, soft wind and crickets';

/**
 * Issue 35, "Share a video" and "Remix": a video made with the local renderer is shared from the
 * generator, watched signed out, remixed by a visitor who signs in on the way, and unshared.
 */
test('share a video, watch it signed out, remix it after signing in, then stop sharing', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const owner = await userWithCredits(page, 80, 'sharer');
  const ownerApi = { authorization: `Bearer ${owner.token}` };
  await page.goto('/text-to-veo3-video?type=text');
  await page.getByLabel('Prompt', { exact: true }).fill(PROMPT);
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.locator('video[src*="/api/video/file/"]')).toBeVisible({ timeout: 120_000 });

  // Share it from the generator's result.
  await page.getByRole('button', { name: /^Share “A paper lantern/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this video' });
  await expect(dialog.getByLabel('Show the prompt')).toBeChecked();
  await expect(dialog.getByLabel('Show the prompt')).toBeFocused();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const copy = dialog.getByRole('button', { name: 'Copy link' });
  await expect(copy).toBeFocused();
  expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
  const link = await dialog.getByLabel('Link to the video').inputValue();
  expect(link).toMatch(/\/v\/[A-Za-z0-9_-]{22}$/);
  const shareId = link.split('/v/')[1]!;
  await copy.click();
  await expect(dialog.getByText(/^(Link copied\.|The link is selected)/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Share “A paper lantern.*” \(shared\)$/ })).toBeFocused();
  const taskId = (await page.locator('video[src*="/api/video/file/"]').getAttribute('src'))!.match(
    /\/api\/video\/file\/([^?]+)/,
  )![1]!;

  // History shows it shared, with the same link.
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  // Until History's code has arrived the generator's page, whose feed holds the same card, is still
  // in the document (hidden once the route suspends): look for the card only on History.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video History');
  const card = page.getByRole('article').filter({ hasText: PROMPT });
  await card.getByRole('button', { name: /^Share “A paper lantern.*” \(shared\)$/ }).click();
  await expect(dialog.getByLabel('Link to the video')).toHaveValue(link);
  await expect(dialog.getByText('Views: 0 · Remixes: 0')).toBeVisible();
  await page.keyboard.press('Escape');

  // A crawler without JavaScript: a plain fetch of the HTML has the video's Open Graph and player tags.
  const html = await (await page.request.get(link)).text();
  expect(html).toContain(`<meta property="og:video" content="${link}/video.mp4" />`);
  expect(html).toContain('<meta property="og:video:type" content="video/mp4" />');
  expect(html).toContain('<meta name="twitter:card" content="player" />');
  expect(html).toContain(`<meta name="twitter:player" content="${link}/embed" />`);
  expect(html).toContain(`<link rel="canonical" href="${link}" />`);
  expect(html).toContain('application/json+oembed');

  // Signed out, in a fresh browser: the page plays the video.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('A paper lantern floats');
  await expect(visitor.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  const player = visitor.locator('article video');
  await player.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThan(1);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  // The page, once running, counts the visitor's view.
  await waitForHydration(visitor);
  expect(await seriousViolations(visitor)).toEqual([]);
  const shareOf = async () =>
    (await (await page.request.get(`/api/share/tasks/${taskId}`, { headers: ownerApi })).json()).data;
  await expect.poll(async () => (await shareOf())?.views).toBe(1);

  // "Make one like this": the generator, prefilled; signing in on the way keeps the remix.
  const remixer = `remixer-${Date.now()}@example.com`;
  const admin = await (await page.request.post('/api/auth/dev', { data: { email: 'admin@example.com' } })).json();
  const account = await (await page.request.post('/api/auth/dev', { data: { email: remixer } })).json();
  const grant = await page.request.post('/api/credits/add', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { userId: account.user.id, amount: 40, reason: 'test credits', sourceId: `e2e-${remixer}` },
  });
  expect(grant.status()).toBe(200);
  await visitor.getByRole('link', { name: 'Make one like this' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/text-to-veo3-video\\?type=text&remix=${shareId}$`));
  await expect(visitor.getByText('Remixing a shared video')).toBeVisible();
  const promptBox = visitor.getByRole('textbox', { name: 'Prompt', exact: true });
  await expect(promptBox).toHaveValue(PROMPT);
  await visitor.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
  await visitor.getByLabel('E-mail address').fill(remixer);
  await visitor.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/text-to-veo3-video\\?type=text&remix=${shareId}$`));
  await expect(visitor.getByTestId('header-credits')).toHaveText(/40 credits/);
  await expect(promptBox).toHaveValue(PROMPT);
  await expect(visitor.getByText('Remixing a shared video')).toBeVisible();
  await visitor.getByRole('button', { name: 'Generate Video' }).click();
  await expect(visitor.getByTestId('header-credits')).toHaveText(/0 credits/);
  await expect(visitor.locator('video[src*="/api/video/file/"]')).toBeVisible({ timeout: 120_000 });

  // The shared page counts the remix.
  await expect.poll(async () => (await shareOf())?.remixes).toBe(1);
  await visitor.goto(link);
  await expect(visitor.locator('dl')).toContainText(/Remixes\s*1/);

  // Stop sharing: the link is dead at once, for the visitor too.
  await page.getByRole('button', { name: /^Share “A paper lantern.*” \(shared\)$/ }).click();
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog.getByRole('button', { name: 'Keep sharing' })).toBeFocused();
  await dialog
    .getByRole('group', { name: 'Stop sharing this video?' })
    .getByRole('button', { name: 'Stop sharing' })
    .click();
  await expect(dialog.getByText('Sharing stopped. The link no longer works.')).toBeVisible();
  const gone = await visitor.reload();
  expect(gone!.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This video is not shared');
  expect((await page.request.get(`${link}/video.mp4`)).status()).toBe(404);
  await visitorContext.close();
  expect(consoleErrors).toEqual([]);
});
