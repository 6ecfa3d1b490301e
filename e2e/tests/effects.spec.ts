import { seriousViolations } from '../support/axe';
import { expect, signIn, test, waitForHydration } from '../support/fixtures';

/** An administrator on the shared server (global-setup puts this address in ADMIN_EMAILS). */
const ADMIN = 'admin@example.com';

test.setTimeout(150_000);

test('a chip filters the effects, in the address, and Back returns to all of them', async ({ page, consoleErrors }) => {
  await page.goto('/video-effects');
  await waitForHydration(page);
  const cards = page.locator('main a[href^="/effects/"]');
  await expect(cards.filter({ hasText: 'Zombie' })).toBeVisible();
  const all = await cards.count();
  expect(all).toBeGreaterThanOrEqual(12);

  const chips = page.getByRole('navigation', { name: 'Effect categories' });
  await chips.getByRole('link', { name: 'Hero/Villain' }).click();
  await expect(page).toHaveURL(/\/video-effects\?category=hero_villain$/);
  await expect(chips.getByRole('link', { name: 'Hero/Villain' })).toHaveAttribute('aria-current', 'page');
  await expect(cards.filter({ hasText: 'Zombie' })).toHaveCount(0);
  await expect(cards.filter({ hasText: /Superhero/ })).toBeVisible();
  expect(await cards.count()).toBeLessThan(all);

  // A linked filter opens filtered.
  await page.reload();
  await expect(cards.filter({ hasText: 'Zombie' })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/video-effects$/);
  await expect(cards.filter({ hasText: 'Zombie' })).toBeVisible();

  // Keyboard focus plays a card's sample; leaving it shows the poster again.
  const card = cards.filter({ hasText: 'Zombie' });
  const sample = card.locator('video');
  await expect(sample).toHaveCount(0);
  await card.focus();
  await expect.poll(() => sample.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  await chips.getByRole('link', { name: 'All' }).focus();
  await expect(sample).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('an admin publishes a new effect from the console and it is on /video-effects at once', async ({
  page,
  request,
  consoleErrors,
}) => {
  const admin = await signIn(page, ADMIN);
  const slug = `e2e-sparkle-${Date.now()}`;
  const created = await request.post('/api/admin/effects', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      slug,
      category: 'others',
      badge: 'new',
      name: { en: `Sparkle ${slug.slice(-5)}`, 'zh-CN': '闪光' },
      description: { en: 'Your photo, covered in sparkles.', 'zh-CN': '你的照片，闪闪发光。' },
      inputs: [{ key: 'photo_1', kind: 'photo', label: { en: 'Your photo', 'zh-CN': '你的照片' }, required: true }],
      faq: [],
      people: false,
      prompt_template: 'Golden sparkles swirl around the subject of the photo.',
      price: 15,
      settings: { model: 'omni-1.2', aspect_ratio: '9:16', resolution: '360p', duration_s: 4 },
      reason: 'A new effect for the e2e test',
    },
  });
  expect(created.status()).toBe(201);
  const name = (await created.json()).data.name.en as string;

  await page.goto('/video-effects');
  await expect(page.getByRole('main')).toContainText('Zombie');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);

  await page.goto('/admin/effects');
  await page.getByRole('button', { name: `Publish ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish this effect' });
  await dialog.getByLabel('Reason').fill('Ready for visitors');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`Published “${name}”.`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'New effect' }).click();
  await expect(page.getByRole('heading', { name: 'New effect' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/video-effects?category=others');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  const html = await (await request.get(`/effects/${slug}`)).text();
  expect(html).toContain(`<link rel="canonical"`);
  expect(html).toContain(name);
  expect(consoleErrors).toEqual([]);
});

test('a crawler without JavaScript reaches every published effect page from the home page', async ({
  browser,
  request,
}) => {
  const published = (await (await request.get('/api/effects')).json()).data.items as {
    slug: string;
    faq: unknown[];
    sample_url: string | null;
  }[];
  expect(published.length).toBeGreaterThanOrEqual(12);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const product = page.getByRole('contentinfo').getByRole('navigation', { name: 'Product' });
    await product.getByRole('link', { name: /Video Effects/ }).click();
    await expect(page).toHaveURL(/\/video-effects$/);
    const hrefs = await page
      .locator('a[href^="/effects/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')))]);
    // Another test may publish one meanwhile: every effect published before is linked.
    expect(hrefs).toEqual(expect.arrayContaining(published.map((effect) => `/effects/${effect.slug}`)));
    for (const effect of published) {
      await page.goto(`/effects/${effect.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.some((text) => JSON.parse(text)['@type'] === 'FAQPage')).toBe(effect.faq.length > 0);
      // An effect published without a sample yet (another test's) has no video to show.
      if (effect.sample_url) {
        await expect(page.locator('meta[property="og:video"]')).toHaveAttribute(
          'content',
          /^https?:\/\/.+\/effects\/.+\/sample\.mp4(\?v=\w+)?$/,
        );
      }
    }
  } finally {
    await context.close();
  }
});
