import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Effect } from '@veo3/contracts/effects';
import type { AppConfig } from '../config/app-config';
import type { EffectCatalog } from '../effects/effect-catalog.service';
import { EFFECTS_STYLE, EffectPagesRenderer } from './effect-pages.renderer';
import { PageShellRenderer } from './page-shell.renderer';
import type { RemoteMapService } from './remote-map.service';

const SITE = 'https://veo.example';

const kiss: Effect = {
  slug: 'ai-french-kissing',
  category: 'interaction',
  badge: 'hot',
  name: { en: 'AI French Kissing', 'zh-CN': 'AI 法式接吻' },
  description: { en: 'Two photos become a kiss.', 'zh-CN': '两张照片变成一个吻。' },
  inputs: [{ key: 'photo_1', kind: 'photo', label: { en: 'First person', 'zh-CN': '第一个人' }, required: true }],
  faq: [
    {
      question: { en: 'Is it <safe>?', 'zh-CN': '安全吗？' },
      answer: { en: 'Yes </script><script>alert(1)</script>', 'zh-CN': '是的' },
    },
  ],
  people: true,
  price: 40,
  settings: { model: 'veo3', aspect_ratio: '16:9', resolution: '720p', duration_s: 8 },
  sample_url: '/effects/ai-french-kissing/sample.mp4',
  poster_url: '/effects/ai-french-kissing/poster.jpg',
};
const asmr: Effect = {
  ...kiss,
  slug: 'asmr-video',
  category: 'others',
  badge: 'new',
  name: { en: 'ASMR Video', 'zh-CN': 'ASMR 视频' },
  faq: [],
  people: false,
};

/** A built shell's index.html, without pre-rendered pages (the page goes into #root as it is). */
function webDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'effect-pages-'));
  mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    join(dir, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div><!--app-config--></body></html>',
  );
  return dir;
}

function renderer(): EffectPagesRenderer {
  const config = { siteUrl: SITE, webDir: webDir(), supportEmail: 's@x', serviceEmail: 'n@x' } as AppConfig;
  const remoteMap = { current: () => ({}) } as unknown as RemoteMapService;
  const catalog = {
    published: () => Promise.resolve([kiss, asmr]),
    publishedBySlug: (slug: string) => Promise.resolve([kiss, asmr].find((e) => e.slug === slug) ?? null),
  } as EffectCatalog;
  return new EffectPagesRenderer(config, catalog, new PageShellRenderer(config, remoteMap));
}

const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    '@type': string;
    mainEntity: { name: string; acceptedAnswer: { text: string } }[];
  };

describe('EffectPagesRenderer', () => {
  it("makes an effect's page with its title, canonical address, sample video and poster for link previews", async () => {
    const { status, html } = await renderer().page('/effects/ai-french-kissing', 'en');

    expect(status).toBe(200);
    expect(html).toContain('<title>AI French Kissing — AI Video Effect | Veo 3 Studio</title>');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/effects/ai-french-kissing" />`);
    expect(html).toContain('<meta property="og:type" content="video.other" />');
    expect(html).toContain(`<meta property="og:video" content="${SITE}/effects/ai-french-kissing/sample.mp4" />`);
    expect(html).toContain('<meta property="og:video:type" content="video/mp4" />');
    expect(html).toContain(`<meta property="og:image" content="${SITE}/effects/ai-french-kissing/poster.jpg" />`);
    expect(html).toMatch(/<h1[^>]*>AI French Kissing<\/h1>/);
    expect(html).toContain('poster="/effects/ai-french-kissing/poster.jpg"');
    expect(html).toContain('Photo: First person');
    expect(html).toContain('href="/terms-of-service#acceptable-use"');
    expect(html).not.toContain('noindex');
    // Its stylesheet is in the head, so the page paints styled and is not restyled as it parses.
    const [head, body] = html.split('</head>');
    expect(head).toContain(EFFECTS_STYLE);
    expect(body).not.toContain('<style>');
  });

  it('carries the FAQ as schema.org FAQPage data that cannot close its script element', async () => {
    const { html } = await renderer().page('/effects/ai-french-kissing', 'en');

    expect(html).not.toContain('</script><script>alert(1)');
    const faq = jsonLdOf(html);
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity[0]!.name).toBe('Is it <safe>?');
    expect(faq.mainEntity[0]!.acceptedAnswer.text).toBe('Yes </script><script>alert(1)</script>');
    expect(html).toContain('<summary>Is it &lt;safe&gt;?</summary>');
  });

  it('speaks Chinese to a Chinese visitor', async () => {
    const { html } = await renderer().page('/effects/ai-french-kissing', 'zh-CN');

    expect(html).toContain('<title>AI 法式接吻 — AI 视频特效 | Veo 3 Studio</title>');
    expect(html).toContain('照片：第一个人');
  });

  it('answers an unknown effect with a not-found page kept out of search engines', async () => {
    const { status, html } = await renderer().page('/effects/no-such-effect', 'en');

    expect(status).toBe(404);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('Effect not found');
  });

  it('lists every effect as a link to its page, and a category chip filters the list', async () => {
    const all = (await renderer().page('/video-effects', 'en')).html;
    expect(all).toContain('href="/effects/ai-french-kissing"');
    expect(all).toContain('href="/effects/asmr-video"');
    expect(all).toContain('<a class="fx-chip" href="/video-effects?category=interaction">Interaction</a>');

    const interaction = (await renderer().page('/video-effects', 'en', 'interaction')).html;
    expect(interaction).toContain('href="/effects/ai-french-kissing"');
    expect(interaction).not.toContain('href="/effects/asmr-video"');
    expect(interaction).toContain(`<link rel="canonical" href="${SITE}/video-effects?category=interaction" />`);
    expect(interaction).toContain('href="/video-effects?category=interaction" aria-current="page"');
  });

  it("lays the page out with the remote's own rules, so nothing moves when the remote mounts", () => {
    const rules = (css: string) =>
      css
        .replace(/<\/?style>|\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, '')
        .replace(/;}/g, '}');
    const remoteCss = readFileSync(join(__dirname, '../../../mfe-generator/src/effects/effects.css'), 'utf8');
    expect(rules(EFFECTS_STYLE)).toBe(rules(remoteCss));
  });
});
