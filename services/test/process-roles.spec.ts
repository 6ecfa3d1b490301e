import { rmSync } from 'node:fs';
import { VideoProviders } from '../src/video/providers/video-providers';
import { createFakeWebBuild } from './support/fake-web-build';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn } from './support/sign-in';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

jest.setTimeout(30_000);

const NOT_FOUND = { success: false, message: 'Not found', code: 'NOT_FOUND' };

describe.each(['api', 'worker', 'web'] as const)('ROLE=%s', (role) => {
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    web = createFakeWebBuild();
    t = await createTestApp(
      'sqlite',
      { ROLE: role, WEB_DIR: web, ADMIN_EMAILS: 'admin@example.com', VIDEO_POLL_INTERVAL_MS: '20' },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider()]) }],
    );
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers GET /api/health with the usual report', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: expect.stringMatching(/^(ok|degraded)$/), video: expect.any(Object) });
    expect((await get('/api/health/')).statusCode).not.toBe(200);
  });

  const apiRoutes = ['/api/credits/balance', '/api/video/history', '/api/blog/posts', '/api/video/options'];
  const pages = ['/', '/pricing', '/blog', '/robots.txt', '/sitemap.xml', '/rss.xml', '/assets/main.0123456789.js'];

  if (role === 'api') {
    it('serves the API routes and no page, frontend or SEO file (the normal JSON 404)', async () => {
      expect((await get('/api/credits/balance')).statusCode).toBe(401);
      expect((await get('/api/blog/posts')).statusCode).toBe(200);
      for (const url of pages) {
        const res = await get(url);
        expect([url, res.statusCode, res.json()]).toEqual([url, 404, NOT_FOUND]);
      }
      expect((await get('/mfe/generator/mf-manifest.json')).statusCode).toBe(404);
    });

    it('serves the MCP server, which asks for an API key', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/mcp', payload: {} });
      expect([res.statusCode, res.json().code]).toEqual([401, 'API_KEYS_INVALID']);
    });

    it('takes a generation and its credits but leaves the work to a worker', async () => {
      const admin = await devSignIn(t.app, 'admin@example.com');
      const client = videoClient(t, admin);
      const user = await client.userWith('maker@example.com', 40);
      const res = await client.generate({ prompt: 'a lighthouse at dusk', model: 'veo3' }, user);
      expect(res.statusCode).toBe(200);
      const { taskId } = res.json().data;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await client.status(user, taskId)).json().data.status).toBe('pending');
      expect(await client.balance(user)).toBe(0);
    });
  } else {
    it('answers no other API route, by any spelling (the normal JSON 404)', async () => {
      for (const url of [...apiRoutes, '/%61pi/credits/balance', '/api/docs', '/api/nothing-here']) {
        const res = await get(url);
        expect([url, res.statusCode, res.json()]).toEqual([url, 404, NOT_FOUND]);
      }
      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: 'a@example.com' } });
      expect(signIn.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/mcp', payload: {} })).statusCode).toBe(404);
    });
  }

  if (role === 'worker') {
    it('serves no page or frontend', async () => {
      for (const url of pages) expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
    });
  }

  if (role === 'web') {
    it('serves the pages, the SEO files and the frontends', async () => {
      const home = await get('/pricing');
      expect(home.statusCode).toBe(200);
      expect(home.headers['content-type']).toContain('text/html');
      expect(home.body).toContain('<script id="app-config" type="application/json">');
      for (const url of ['/blog', '/robots.txt', '/sitemap.xml', '/rss.xml', '/assets/main.0123456789.js']) {
        expect([url, (await get(url)).statusCode]).toEqual([url, 200]);
      }
      expect((await get('/mfe/generator/mf-manifest.json')).statusCode).toBe(200);
    });
  }
});
