import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemotePreloads } from './remote-preloads';

const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'pricing-page',
      assets: { js: { sync: ['assets/expose.1.js', 'assets/shared.2.js'] }, css: { sync: ['assets/expose.3.css'] } },
    },
  ],
};

describe('RemotePreloads', () => {
  const webDir = mkdtempSync(join(tmpdir(), 'veo3-preloads-'));
  const release = join(webDir, 'releases', 'billing', '0123456789ab');
  mkdirSync(release, { recursive: true });
  writeFileSync(join(release, 'mf-manifest.json'), JSON.stringify(manifest));
  mkdirSync(join(webDir, 'mfe-billing', 'dist'), { recursive: true });
  writeFileSync(join(webDir, 'mfe-billing', 'dist', 'mf-manifest.json'), JSON.stringify(manifest));
  const remotes = {
    generator: { manifestUrl: 'https://gen.example/mfe/generator/mf-manifest.json', servedHere: false },
    billing: { manifestUrl: '/mfe/billing/mf-manifest.json', servedHere: true },
    blog: { manifestUrl: '/mfe/blog/mf-manifest.json', servedHere: true },
    blogAdmin: { manifestUrl: '/mfe/blog-admin/mf-manifest.json', servedHere: true },
    admin: { manifestUrl: '/mfe/admin/mf-manifest.json', servedHere: true },
  };
  const pages = { pages: { 'pricing-page': { '/pricing': { en: '<h1>Pricing</h1>', 'zh-CN': '<h1>价格</h1>' } } } };
  writeFileSync(join(release, 'prerender.json'), JSON.stringify(pages));
  const preloads = new RemotePreloads({ webDir, remotes });

  it("preloads a release's manifest as the federation runtime fetches it, and none of its scripts", () => {
    // A failed script preload would be reused by the runtime's tag after the remote is back (no Retry).
    expect(preloads.hints('billing', 'pricing-page', '/mfe/billing/0123456789ab/mf-manifest.json')).toEqual([
      '<link rel="preload" as="fetch" href="/mfe/billing/0123456789ab/mf-manifest.json" crossorigin="anonymous" />',
    ]);
  });

  it("reads a build's own manifest when the tree has no releases", () => {
    expect(preloads.hints('billing', 'pricing-page', '/mfe/billing/mf-manifest.json')).toEqual([
      '<link rel="preload" as="fetch" href="/mfe/billing/mf-manifest.json" crossorigin="anonymous" />',
    ]);
  });

  it('opens connections to a remote on another origin', () => {
    expect(preloads.hints('generator', 'generator-page', remotes.generator.manifestUrl)).toEqual([
      '<link rel="preconnect" href="https://gen.example" crossorigin="anonymous" />',
      '<link rel="preconnect" href="https://gen.example" />',
    ]);
  });

  it('hints nothing it cannot read: a missing manifest, release or module', () => {
    expect(preloads.hints('blog', 'blog-list-page', '/mfe/blog/mf-manifest.json')).toEqual([]);
    expect(preloads.hints('billing', 'pricing-page', '/mfe/billing/ba9876543210/mf-manifest.json')).toEqual([]);
    expect(preloads.hints('billing', 'credits-page', '/mfe/billing/0123456789ab/mf-manifest.json')).toEqual([]);
  });

  describe('firstPaint', () => {
    const url = '/mfe/billing/0123456789ab/mf-manifest.json';

    it("gives the release's own rendering of the page in the language asked for, with the page's stylesheets", () => {
      expect(preloads.firstPaint('billing', 'pricing-page', url, '/pricing', 'zh-CN')).toEqual({
        html: '<h1>价格</h1>',
        head: ['<link rel="stylesheet" href="/mfe/billing/0123456789ab/assets/expose.3.css" />'],
      });
    });

    it('gives nothing for an address, module or release it was not rendered for, or a remote served elsewhere', () => {
      expect(preloads.firstPaint('billing', 'pricing-page', url, '/pricing?plan=pro', 'en')).toBeNull();
      expect(preloads.firstPaint('billing', 'credits-page', url, '/credits', 'en')).toBeNull();
      // A build without pre-rendered pages (the tree's dist here).
      expect(
        preloads.firstPaint('billing', 'pricing-page', '/mfe/billing/mf-manifest.json', '/pricing', 'en'),
      ).toBeNull();
      expect(
        preloads.firstPaint('generator', 'generator-page', remotes.generator.manifestUrl, '/text-to-veo3-video', 'en'),
      ).toBeNull();
    });
  });
});
