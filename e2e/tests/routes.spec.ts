import { expect, signIn, test } from '../support/fixtures';

/** Every route of ARCHITECTURE §1 with the remote that must serve it (null: the shell itself). */
const ROUTES: { path: string; remote: string | null; heading: RegExp; as?: string; expectedErrors?: RegExp }[] = [
  { path: '/', remote: null, heading: /Veo\s3 AI Video Generator with Realistic Sound/ },
  { path: '/login', remote: null, heading: /Sign in|Log ?in|Welcome/i },
  { path: '/ai-french-kissing', remote: null, heading: /Kiss/i },
  { path: '/asmr-video', remote: null, heading: /ASMR/ },
  { path: '/terms-of-service', remote: null, heading: /Terms of Service/ },
  { path: '/privacy-policy', remote: null, heading: /Privacy Policy/ },
  { path: '/refund-policy', remote: null, heading: /Refund Policy/ },
  { path: '/developers', remote: null, heading: /Veo 3 Studio API/ },
  { path: '/text-to-veo3-video?type=text', remote: 'generator', heading: /Video/ },
  { path: '/video-history', remote: 'generator', heading: /Video History/ },
  { path: '/video-effects', remote: 'generator', heading: /Effects/i },
  { path: '/effects/ai-french-kissing', remote: 'generator', heading: /Kiss/i },
  { path: '/pricing', remote: 'billing', heading: /Plans & Pricing/ },
  { path: '/payment/success?session_id=cs_test_1', remote: 'billing', heading: /Thank you for your purchase/ },
  { path: '/payment/cancel', remote: 'billing', heading: /cancel/i },
  { path: '/blog', remote: 'blog', heading: /Blog/ },
  // An unknown article is a 404, for the page and for its API call; the browser logs both.
  {
    path: '/blog/some-article',
    remote: 'blog',
    heading: /Article not found/,
    expectedErrors: /status of 404 \(Not Found\)/,
  },
  { path: '/credits', remote: 'billing', heading: /Credits/, as: 'reader@example.com' },
  { path: '/blog-admin', remote: 'blog-admin', heading: /Blog Management/, as: 'editor@example.com' },
  { path: '/admin', remote: 'admin', heading: /Admin Console/, as: 'admin@example.com' },
];

for (const route of ROUTES) {
  test(`${route.path} renders its screen${route.remote ? ` from the ${route.remote} remote` : ''} with no console error`, async ({
    page,
    consoleErrors,
    requests,
  }) => {
    if (route.as) await signIn(page, route.as);
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(route.heading);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(new URL(route.path.split('?')[0]!, page.url()).toString());
    expect(await page.title()).toMatch(/Veo 3/);

    const remotesLoaded = new Set(requests.filter((p) => p.startsWith('/mfe/')).map((p) => p.split('/')[2]));
    expect([...remotesLoaded]).toEqual(route.remote ? [route.remote] : []);
    expect(consoleErrors.filter((error) => !route.expectedErrors?.test(error))).toEqual([]);
  });
}

test('an unknown path lands on the home page', async ({ page, consoleErrors }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Veo\s3 AI Video Generator/);
  expect(consoleErrors).toEqual([]);
});

test('the blog admin sends a visitor without a login to /login, to come back after', async ({ page }) => {
  await page.goto('/blog-admin');
  await expect(page).toHaveURL(/\/login\?next=%2Fblog-admin$/);
});

test('client-side navigation from / loads the generator remote only when asked', async ({ page, requests }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(requests.some((p) => p.startsWith('/mfe/'))).toBe(false);
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Plans & Pricing/);
  expect(requests.filter((p) => p.startsWith('/mfe/')).every((p) => p.startsWith('/mfe/billing/'))).toBe(true);
});
