import { startSiteServer } from './site-server';

/** One built server for the whole run; workers find it through E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startSiteServer({
    BLOG_ADMIN_EMAILS: 'editor@example.com',
    ADMIN_EMAILS: 'admin@example.com',
    SIGNIN_RATE_LIMIT: '1000',
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    const code = await server.stop();
    if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM:\n${server.output()}`);
  };
}
