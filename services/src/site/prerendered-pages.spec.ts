import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeHtml } from './html';
import { chooseLanguage, PrerenderedPages } from './prerendered-pages';

describe('chooseLanguage', () => {
  it('takes ?lang= first, then the lang cookie, then Accept-Language by quality, else English', () => {
    expect(chooseLanguage('zh-CN', 'lang=en', 'en')).toBe('zh-CN');
    expect(chooseLanguage('fr', 'a=1; lang=zh-CN', 'en')).toBe('zh-CN');
    expect(chooseLanguage(undefined, 'lang=xx', 'zh-TW,zh;q=0.9,en;q=0.5')).toBe('zh-CN');
    expect(chooseLanguage(undefined, undefined, 'en;q=0.9,zh-CN;q=0.8')).toBe('en');
    expect(chooseLanguage(undefined, undefined, 'fr-FR,zh;q=0.5')).toBe('zh-CN');
    expect(chooseLanguage(undefined, undefined, 'fr-FR')).toBe('en');
    expect(chooseLanguage(undefined, undefined, undefined)).toBe('en');
  });
});

describe('PrerenderedPages', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'veo3-prerender-')), 'prerender.json');
  const page = (body: string) => ({ head: '', body });
  writeFileSync(
    file,
    JSON.stringify({
      tokens: { supportEmail: '__S__', serviceEmail: '__V__', siteUrl: '__U__' },
      remoteRoutes: ['/pricing', '/blog/:slug'],
      remoteModules: { '/pricing': { remote: 'billing', expose: 'pricing-page' } },
      pages: {
        en: {
          '/': page('<a href="mailto:__S__">__S__</a> __V__'),
          '/developers': page('<code>curl __U__/v1/videos</code>'),
          '/login#google=0&dev=1': page('dev login'),
          '/login#google=1&dev=0': page('google login'),
          '/pricing': page('pricing <!--remote-slot-->'),
          '/blog/:slug': page('post <!--remote-slot-->'),
        },
        'zh-CN': { '/': page('首页') },
      },
    }),
  );
  const pages = PrerenderedPages.load(
    file,
    {
      siteUrl: 'https://studio.example',
      supportEmail: 'a&b@x.example',
      serviceEmail: 's@x.example',
      googleClientId: null,
      devLogin: true,
    },
    escapeHtml,
  )!;

  it('fills the site settings into the pages', () => {
    expect(pages.find('/', 'en')!.page.body).toBe(
      '<a href="mailto:a&amp;b@x.example">a&amp;b@x.example</a> s@x.example',
    );
    expect(pages.find('/', 'zh-CN')!.page.body).toBe('首页');
    expect(pages.find('/developers', 'en')!.page.body).toBe('<code>curl https://studio.example/v1/videos</code>');
  });

  it('picks the login page for the configured sign-in methods', () => {
    expect(pages.find('/login', 'en')!.page.body).toBe('dev login');
  });

  it('matches remote routes by pattern and knows nothing of other paths', () => {
    expect(pages.find('/blog/my-post', 'en')).toEqual({ page: page('post <!--remote-slot-->'), remote: true });
    expect(pages.find('/pricing', 'en')).toMatchObject({
      remote: true,
      module: { remote: 'billing', expose: 'pricing-page' },
    });
    expect(pages.find('/', 'en')!.module).toBeUndefined();
    expect(pages.find('/blog/a/b', 'en')).toBeNull();
    expect(pages.find('/nowhere', 'en')).toBeNull();
  });

  it('is absent when the build has no pre-rendered pages', () => {
    expect(
      PrerenderedPages.load(
        join(tmpdir(), 'no-such-prerender.json'),
        { siteUrl: '', supportEmail: '', serviceEmail: '', googleClientId: null, devLogin: false },
        escapeHtml,
      ),
    ).toBeNull();
  });
});

describe('PrerenderedPages copyright year', () => {
  it('shows the current year in the footer of a page built in an earlier year', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'veo3-prerender-')), 'prerender.json');
    writeFileSync(
      file,
      JSON.stringify({
        tokens: { supportEmail: '__S__', serviceEmail: '__V__' },
        builtYear: 2001,
        remoteRoutes: [],
        pages: {
          en: { '/': { head: '', body: '<p class="shell-footer__rights">© 2001 Veo 3 Studio.</p>' } },
          'zh-CN': {},
        },
      }),
    );
    const pages = PrerenderedPages.load(
      file,
      { siteUrl: '', supportEmail: '', serviceEmail: '', googleClientId: null, devLogin: false },
      escapeHtml,
    )!;
    expect(pages.find('/', 'en')!.page.body).toBe(
      `<p class="shell-footer__rights">© ${new Date().getFullYear()} Veo 3 Studio.</p>`,
    );
  });
});
