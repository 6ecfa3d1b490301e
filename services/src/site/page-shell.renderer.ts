import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RemoteName } from '@veo3/contracts/runtime-config';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { escapeHtml, scriptJson } from './html';
import { routeMeta } from './route-meta';
import { DEFAULT_LANGUAGE, LANGUAGES, PrerenderedPages, REMOTE_SLOT, type Language } from './prerendered-pages';
import { RemoteMapService } from './remote-map.service';
import { RemotePreloads } from './remote-preloads';
import { SESSION_HINT_SCRIPT } from './session-hint';

export const SITE_NAME = 'Veo 3 Studio';

/** What the browser needs at runtime, chosen by configuration rather than baked into a build. */
export interface ClientConfig {
  siteUrl: string;
  remotes: Record<RemoteName, string>;
  gaMeasurementId: string | null;
  googleClientId: string | null;
  devLogin: boolean;
  supportEmail: string;
  serviceEmail: string;
}

/** What a page shows crawlers and link previews beyond its route's defaults. */
export interface PageContent {
  title: string;
  description: string;
  /** Open Graph image, absolute or site-relative. */
  image?: string | null;
  article?: { publishedAt: Date | null; updatedAt: Date; author: string | null };
  jsonLd?: object;
  /** HTML inside #root for readers without JavaScript; the app replaces it when it starts. */
  body?: string;
  /** Keep this page out of search engines (e.g. a not-found page). */
  noindex?: boolean;
  /** When the query is part of the page's address (e.g. `/blog?page=2`). */
  canonicalPath?: string;
  /** A page about one video (a shared one): Open Graph video tags and a Twitter player card (absolute URLs). */
  video?: { url: string; type: string; width: number; height: number; playerUrl?: string };
  /** More `<link>`s for the head (a shared video's oEmbed discovery link). */
  links?: { rel: string; type: string; href: string; title?: string }[];
  /**
   * The body is the remote's own page in the remote's markup (the effects' pages): it fills the
   * placeholder as the remote will, without the placeholder's margins, so nothing moves (and no
   * later, larger paint) when the remote takes its place.
   */
  remoteLayout?: boolean;
  /**
   * The page's own `<style>` element, at the end of the head (after the shell's stylesheet, where a
   * remote's stylesheet goes): the page is styled from its first paint, not restyled mid-parse.
   */
  style?: string;
}

/** Open Graph's video tags and Twitter's player card of a page about one video. */
function videoTags(video: NonNullable<PageContent['video']>): string[] {
  const size = (prefix: string) => [
    `<meta ${prefix}:width" content="${video.width}" />`,
    `<meta ${prefix}:height" content="${video.height}" />`,
  ];
  return [
    `<meta property="og:video" content="${escapeHtml(video.url)}" />`,
    // Only an https address may be the secure one.
    video.url.startsWith('https:') ? `<meta property="og:video:secure_url" content="${escapeHtml(video.url)}" />` : '',
    `<meta property="og:video:type" content="${escapeHtml(video.type)}" />`,
    ...size('property="og:video'),
    // A player card needs an embeddable page; a plain sample file has none.
    ...(video.playerUrl
      ? [`<meta name="twitter:player" content="${escapeHtml(video.playerUrl)}" />`, ...size('name="twitter:player')]
      : []),
  ];
}

/** A page's address as a remote renders it: its path and query, without the language (`?lang=`). */
export function addressOf(path: string, query: string): string {
  const params = new URLSearchParams(query);
  params.delete('lang');
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A site-relative URL made absolute on the site's origin; an absolute one as it is. */
export function absoluteUrl(siteUrl: string, url: string): string {
  return url.startsWith('/') ? `${siteUrl}${url}` : url;
}

const MISSING_BUILD_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head>
<body><main style="font-family:system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>The site is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p></main><!--app-config--></body></html>`;

/**
 * The page shell: the built shell's index.html filled in for one route (head tags, runtime config,
 * the page pre-rendered at build time, or a remote's placeholder holding server-made content).
 */
@Injectable()
export class PageShellRenderer {
  private readonly logger = new Logger(PageShellRenderer.name);
  private readonly template: string;
  /** The runtime config as the page carries it, made again only when the remote map changes. */
  private clientConfigJson: { remotes: Record<RemoteName, string>; json: string } | undefined;
  /** The shell's pages rendered at build time; null when the build has none (then the browser renders). */
  private readonly prerendered: PrerenderedPages | null;
  private readonly remotePreloads: RemotePreloads;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly remoteMap: RemoteMapService,
  ) {
    const indexPath = join(config.webDir, 'shell', 'dist', 'index.html');
    if (existsSync(indexPath)) {
      this.template = readFileSync(indexPath, 'utf8');
    } else {
      this.logger.warn(`No built shell at ${indexPath}; pages show a "not built" notice`);
      this.template = MISSING_BUILD_HTML;
    }
    this.prerendered = PrerenderedPages.load(
      join(config.webDir, 'shell', 'dist', 'prerender.json'),
      config,
      escapeHtml,
    );
    this.remotePreloads = new RemotePreloads(config);
    if (!this.prerendered && existsSync(indexPath))
      this.logger.warn('The shell build has no pre-rendered pages; pages render in the browser only');
  }

  /**
   * Whether `path` is one of the site's pages: in the route table here, or a route the shell's build
   * pre-rendered. Any other path is answered with a redirect to / (SPEC §2), never a soft 404.
   */
  isPage(path: string): boolean {
    const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
    return routeMeta(clean).known || Boolean(this.prerendered?.find(clean, DEFAULT_LANGUAGE));
  }

  clientConfig(): ClientConfig {
    const c = this.config;
    return {
      siteUrl: c.siteUrl,
      remotes: this.remoteMap.current(),
      gaMeasurementId: c.gaMeasurementId,
      googleClientId: c.googleClientId,
      devLogin: c.devLogin,
      supportEmail: c.supportEmail,
      serviceEmail: c.serviceEmail,
    };
  }

  /**
   * The shell's index.html with the route's title, description, canonical, Open Graph tags and
   * hreflang alternates, the runtime config, and the page pre-rendered at build time in `lang`: a
   * shell route whole; a remote's route as header, footer and a placeholder holding `content.body`
   * (the blog's article) or else the remote's own rendering of the page at `path` and `query` (the
   * query string without `?`), when its release has one. A path the shell does not know gets an
   * empty root (the browser redirects).
   */
  renderPage(path: string, content?: PageContent, lang: Language = DEFAULT_LANGUAGE, query = ''): string {
    const meta = routeMeta(path);
    const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const prerendered = meta.known ? (this.prerendered?.find(clean, lang) ?? null) : null;
    const canonicalPath = meta.known ? (path.length > 1 ? path.replace(/\/+$/, '') : path) : '/';
    const canonical = `${this.config.siteUrl}${content?.canonicalPath ?? canonicalPath}`;
    const rawTitle = content?.title ?? meta.title;
    const title = rawTitle.includes(SITE_NAME) ? rawTitle : `${rawTitle} | ${SITE_NAME}`;
    const description = content?.description ?? meta.description;
    const image = content?.image ? absoluteUrl(this.config.siteUrl, content.image) : null;
    const article = content?.article;
    // Alternates in each language, for a page served in the language asked for (the blog's pages are one cached English page).
    const alternates =
      prerendered && !prerendered.remote && meta.index && !content?.noindex
        ? [
            ...LANGUAGES.map((l) => {
              const url = new URL(canonical);
              url.searchParams.set('lang', l);
              return `<link rel="alternate" hreflang="${l}" href="${escapeHtml(url.toString())}" />`;
            }),
            `<link rel="alternate" hreflang="x-default" href="${escapeHtml(canonical)}" />`,
          ]
        : [];
    const head = [
      SESSION_HINT_SCRIPT,
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      meta.index && !content?.noindex ? '' : '<meta name="robots" content="noindex" />',
      `<meta property="og:site_name" content="${SITE_NAME}" />`,
      `<meta property="og:type" content="${article ? 'article' : content?.video ? 'video.other' : 'website'}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
      article?.publishedAt
        ? `<meta property="article:published_time" content="${article.publishedAt.toISOString()}" />`
        : '',
      article ? `<meta property="article:modified_time" content="${article.updatedAt.toISOString()}" />` : '',
      ...(content?.video ? videoTags(content.video) : []),
      `<meta name="twitter:card" content="${content?.video?.playerUrl ? 'player' : image ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
      image ? `<meta name="twitter:image" content="${escapeHtml(image)}" />` : '',
      ...(content?.links ?? []).map(
        (link) =>
          `<link rel="${escapeHtml(link.rel)}" type="${escapeHtml(link.type)}" href="${escapeHtml(link.href)}"${link.title ? ` title="${escapeHtml(link.title)}"` : ''} />`,
      ),
      content?.jsonLd ? `<script type="application/ld+json">${scriptJson(content.jsonLd)}</script>` : '',
      ...alternates,
      prerendered?.page.head ?? '',
      ...(prerendered?.module ? this.moduleHints(prerendered.module.remote, prerendered.module.expose) : []),
    ]
      .filter(Boolean)
      .join('\n    ');
    const configBlock = `<script id="app-config" type="application/json">${this.configJson()}</script>`;
    if (!prerendered) {
      return this.template
        .replace('<!--app-head-->', head)
        .replace('</head>', () => `${content?.style ?? ''}</head>`)
        .replace('<!--app-config-->', configBlock)
        .replace('<div id="root"></div>', `<div id="root">${content?.body ?? ''}</div>`);
    }
    const { page, remote, module } = prerendered;
    // The remote's own first paint when the server has no content for it: inert until the remote,
    // mounted in its place, makes it work (typing into it meanwhile would be lost).
    const firstPaint =
      remote && module && !content?.body
        ? this.remotePreloads.firstPaint(
            module.remote,
            module.expose,
            this.remoteMap.current()[module.remote],
            addressOf(clean, query),
            lang,
          )
        : null;
    // Inside the layout's own <main>, the server's content drops its <main> wrapper.
    const slot = firstPaint
      ? `<div class="shell-remote-page" inert="" aria-hidden="true">${firstPaint.html}</div>`
      : (content?.body ?? '').replace(
          /^<main>([\s\S]*)<\/main>$/,
          content?.remoteLayout ? '<div class="shell-remote-page">$1</div>' : '$1',
        );
    const body = remote ? page.body.replace(REMOTE_SLOT, () => slot) : page.body;
    return (
      this.template
        .replace('<html lang="en">', `<html lang="${lang}">`)
        .replace('<!--app-head-->', () => head)
        // After the shell's stylesheet, where the federation runtime adds them later: the same cascade.
        .replace('</head>', () => `${[...(firstPaint?.head ?? []), content?.style ?? ''].join('\n    ')}\n  </head>`)
        .replace('<!--app-config-->', () => configBlock)
        .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="">${body}</div>`)
    );
  }

  private moduleHints(remote: RemoteName, expose: string): string[] {
    return this.remotePreloads.hints(remote, expose, this.remoteMap.current()[remote]);
  }

  private configJson(): string {
    const remotes = this.remoteMap.current();
    if (this.clientConfigJson?.remotes !== remotes)
      this.clientConfigJson = { remotes, json: scriptJson(this.clientConfig()) };
    return this.clientConfigJson.json;
  }
}
