import { test as base, expect, type Page } from '@playwright/test';

const isLocal = (url: string) => {
  if (!url || url.startsWith('data:') || url.startsWith('blob:')) return true;
  try {
    return ['127.0.0.1', 'localhost'].includes(new URL(url).hostname);
  } catch {
    return true;
  }
};

export interface SiteFixtures {
  /** Console errors and uncaught exceptions of this site (third-party hosts are unreachable in tests). */
  consoleErrors: string[];
  /** Paths of every same-origin request the page made. */
  requests: string[];
}

export const test = base.extend<SiteFixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    // No test reaches the internet: third-party embeds are answered as unavailable at once.
    await page.route(
      (url) => !isLocal(url.toString()),
      (route) => route.abort('internetdisconnected'),
    );
    page.on('console', (msg) => {
      if (msg.type() === 'error' && isLocal(msg.location().url)) errors.push(msg.text());
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(errors);
  },
  requests: async ({ page }, use) => {
    const paths: string[] = [];
    page.on('request', (req) => {
      if (isLocal(req.url())) paths.push(new URL(req.url()).pathname);
    });
    await use(paths);
  },
});

export { expect };

/** Signs in through the real dev sign-in API and stores the login as the site does, before the page loads. */
export async function signIn(
  page: Page,
  email: string,
): Promise<{ token: string; user: { id: string; email: string } }> {
  const res = await page.request.post('/api/auth/dev', { data: { email } });
  expect(res.status()).toBe(200);
  const session = await res.json();
  await page.addInitScript(({ token, user }) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('authToken', token);
      localStorage.setItem('user', JSON.stringify(user));
    }
  }, session);
  return session;
}

/**
 * Waits until React has hydrated the shell, seen on its header (React keeps its props on the
 * element). Not network idle: a page with an autoplaying video may stream it for as long as it
 * likes on a loaded machine.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const header = page.getByRole('banner').first();
  await expect
    .poll(() => header.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))))
    .toBe(true);
}
