import { startSiteServer } from './site-server';

/** One built server for the whole run; workers find it through E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startSiteServer({
    BLOG_ADMIN_EMAILS: 'editor@example.com',
    ADMIN_EMAILS: 'admin@example.com',
    SIGNIN_RATE_LIMIT: '1000',
    // developer-api.spec registers a webhook endpoint on a receiver of its own on this machine.
    WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    const code = await server.stop();
    if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM:\n${server.output()}`);
    // CONTRACT_CHECK=1: a reply that broke the contract fails the run even if no test looked at it.
    const violations = server
      .output()
      .split('\n')
      .filter((line) => line.includes('contract violation'));
    if (violations.length) throw new Error(`the server answered against the contract:\n${violations.join('\n')}`);
  };
}
