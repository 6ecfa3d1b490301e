import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createFakeWebBuild } from './support/fake-web-build';
import { createTestApp, type TestApp } from './support/test-app';

function configBlock(html: string): Record<string, unknown> {
  const match = /<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no app-config block');
  return JSON.parse(match[1]!);
}

describe('site serving', () => {
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    web = createFakeWebBuild();
    t = await createTestApp('sqlite', {
      WEB_DIR: web,
      SITE_URL: 'https://veo3.example',
      // A public SITE_URL keeps dev sign-in off unless asked for.
      DEV_LOGIN: 'true',
      MFE_BLOG_URL: 'https://blog-cdn.example/mfe/blog/mf-manifest.json',
      SUPPORT_EMAIL: 'help@veo3.example',
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it.each([
    ['/', 'Veo 3 AI Video Generator with Realistic Sound | Veo 3 Studio', 'https://veo3.example/'],
    ['/pricing', 'Plans &amp; Pricing | Veo 3 Studio', 'https://veo3.example/pricing'],
    [
      '/text-to-veo3-video?type=image',
      'Text to Video &amp; Image to Video with Veo 3 | Veo 3 Studio',
      'https://veo3.example/text-to-veo3-video',
    ],
  ])('serves %s as the shell page with its own title, canonical and Open Graph tags', async (url, title, canonical) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(res.body).toContain(`<meta property="og:url" content="${canonical}" />`);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('gives the browser its remote map and settings at runtime, not from the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const config = configBlock(res.body);
    expect(config.remotes).toEqual({
      generator: '/mfe/generator/mf-manifest.json',
      billing: '/mfe/billing/mf-manifest.json',
      blog: 'https://blog-cdn.example/mfe/blog/mf-manifest.json',
      blogAdmin: '/mfe/blog-admin/mf-manifest.json',
      admin: '/mfe/admin/mf-manifest.json',
    });
    expect(config.supportEmail).toBe('help@veo3.example');
    expect(config.devLogin).toBe(true);
  });

  it.each(['/terms', '/this-does-not-exist', '/video-history/xyz', '/no/such/page', '/pricing/extra'])(
    'redirects the unknown page %s to / (no soft 404)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(res.body).not.toContain('<div id="root"');
    },
  );

  it('keeps the language asked for when it redirects an unknown page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope?lang=zh-CN&x=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?lang=zh-CN');
  });

  it.each([
    '/login',
    '/video-history',
    '/pricing/',
    '/blog-admin',
    '/blog-admin/new',
    '/admin/users/u1',
    '/terms-of-service',
  ])('serves the known page %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('keeps sitemap, robots and the remote map as they are', async () => {
    for (const url of ['/sitemap.xml', '/robots.txt', '/remote-map.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('answers an unknown API path or asset with a JSON 404', async () => {
    for (const url of ['/api/nope', '/assets/missing.js', '/mfe/generator/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('caches hashed assets forever and never caches the entry points', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const remoteAsset = await t.app.inject({ method: 'GET', url: '/mfe/generator/assets/page.abcdef1234.js' });
    expect(remoteAsset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/mfe/generator/mf-manifest.json', '/mfe/generator/remoteEntry.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('does not serve a remote that is configured to live elsewhere', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mfe/blog/mf-manifest.json' });
    expect(res.statusCode).toBe(404);
  });

  it('sends a CSP that allows exactly this origin and the configured remote origins for code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    // One inline script, allowed by its hash alone: the stored-login hint in the head.
    const hint = /<script>(try\{localStorage[^<]*)<\/script>/.exec(res.body)?.[1] ?? '';
    const hash = createHash('sha256').update(hint).digest('base64');
    expect(directive('script-src')).toBe(`script-src 'self' 'sha256-${hash}' https://blog-cdn.example`);
    expect(directive('connect-src')).toBe("connect-src 'self' https://blog-cdn.example");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes robots.txt and a sitemap of the public pages only', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://veo3.example/sitemap.xml');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('<loc>https://veo3.example/pricing</loc>');
    expect(sitemap.body).toContain('<loc>https://veo3.example/developers</loc>');
    expect(sitemap.body).not.toContain('/blog-admin');
    expect(sitemap.body).toContain('<loc>https://veo3.example/video-effects</loc>');
    expect(sitemap.body).toContain('<loc>https://veo3.example/effects/ai-french-kissing</loc>');
  });

  it("serves the effects' pages with their effects in them, in the visitor's language, and 404 for an unknown one", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/video-effects' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('href="/effects/ai-french-kissing"');

    const effect = await t.app.inject({
      method: 'GET',
      url: '/effects/ai-french-kissing',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(effect.statusCode).toBe(200);
    expect(effect.body).toContain('<title>AI 法式热吻 — AI 视频特效 | Veo 3 Studio</title>');
    expect(effect.body).toContain('<link rel="canonical" href="https://veo3.example/effects/ai-french-kissing" />');

    const unknown = await t.app.inject({ method: 'GET', url: '/effects/no-such-effect' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('publishes the OpenAPI document generated from the code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs-json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/health');
  });
});
