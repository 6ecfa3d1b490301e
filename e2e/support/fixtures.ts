import { test as base, expect } from '@playwright/test';

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
