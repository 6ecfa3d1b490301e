import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig, RemoteName } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { BlogPostEntity } from '../blog/blog-post.entity';
import type { CachedReply } from '../blog/blog-cache';
import { blogCacheKeys, blogPageNumber } from '../blog/blog-cache-keys';
import { BlogService } from '../blog/blog.service';
import { escapeHtml, scriptJson } from './html';
import { ROUTE_META, routeMeta } from './route-meta';
import { DEFAULT_LANGUAGE, LANGUAGES, PrerenderedPages, REMOTE_SLOT, type Language } from './prerendered-pages';
import { RemoteMapService } from './remote-map.service';

const SITE_NAME = 'Veo 3 Studio';

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
}

const BLOG_LIST_SIZE = 12;

const MISSING_BUILD_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head>
<body><main style="font-family:system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>The site is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p></main><!--app-config--></body></html>`;

@Injectable()
export class SiteService {
  private readonly logger = new Logger(SiteService.name);
  private readonly template: string;
  /** The runtime config as the page carries it, made again only when the remote map changes. */
  private clientConfigJson: { remotes: Record<RemoteName, string>; json: string } | undefined;
  /** The shell's pages rendered at build time; null when the build has none (then the browser renders). */
  private readonly prerendered: PrerenderedPages | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly blog: BlogService,
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
    if (!this.prerendered && existsSync(indexPath))
      this.logger.warn('The shell build has no pre-rendered pages; pages render in the browser only');
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
   * (the blog's article). A path the shell does not know gets an empty root (the browser redirects).
   */
  renderPage(path: string, content?: PageContent, lang: Language = DEFAULT_LANGUAGE): string {
    const meta = routeMeta(path);
    const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const prerendered = meta.known ? (this.prerendered?.find(clean, lang) ?? null) : null;
    const canonicalPath = meta.known ? (path.length > 1 ? path.replace(/\/+$/, '') : path) : '/';
    const canonical = `${this.config.siteUrl}${content?.canonicalPath ?? canonicalPath}`;
    const rawTitle = content?.title ?? meta.title;
    const title = rawTitle.includes(SITE_NAME) ? rawTitle : `${rawTitle} | ${SITE_NAME}`;
    const description = content?.description ?? meta.description;
    const image = content?.image ? this.absolute(content.image) : null;
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
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      meta.index && !content?.noindex ? '' : '<meta name="robots" content="noindex" />',
      `<meta property="og:site_name" content="${SITE_NAME}" />`,
      `<meta property="og:type" content="${article ? 'article' : 'website'}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
      article?.publishedAt
        ? `<meta property="article:published_time" content="${article.publishedAt.toISOString()}" />`
        : '',
      article ? `<meta property="article:modified_time" content="${article.updatedAt.toISOString()}" />` : '',
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
      image ? `<meta name="twitter:image" content="${escapeHtml(image)}" />` : '',
      content?.jsonLd ? `<script type="application/ld+json">${scriptJson(content.jsonLd)}</script>` : '',
      ...alternates,
      prerendered?.page.head ?? '',
    ]
      .filter(Boolean)
      .join('\n    ');
    const configBlock = `<script id="app-config" type="application/json">${this.configJson()}</script>`;
    if (!prerendered) {
      return this.template
        .replace('<!--app-head-->', head)
        .replace('<!--app-config-->', configBlock)
        .replace('<div id="root"></div>', `<div id="root">${content?.body ?? ''}</div>`);
    }
    const { page, remote } = prerendered;
    // Inside the layout's own <main>, the server's content drops its <main> wrapper.
    const slot = (content?.body ?? '').replace(/^<main>([\s\S]*)<\/main>$/, '$1');
    const body = remote ? page.body.replace(REMOTE_SLOT, () => slot) : page.body;
    return this.template
      .replace('<html lang="en">', `<html lang="${lang}">`)
      .replace('<!--app-head-->', () => head)
      .replace('<!--app-config-->', () => configBlock)
      .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="">${body}</div>`);
  }

  /**
   * /blog and /blog/:slug with their posts in the HTML (for crawlers, link previews and readers
   * without JavaScript), from the blog's cache; an unknown post is a 404 page.
   */
  async blogPage(path: string, pageParam?: string): Promise<{ status: number; reply: CachedReply }> {
    const clean = path.replace(/\/+$/, '');
    if (clean === '/blog') {
      const page = blogPageNumber(pageParam);
      const reply = await this.blog.cached(blogCacheKeys.listPage(page), async () => ({
        body: this.blogListPage(page, await this.blog.publishedPage(page, BLOG_LIST_SIZE)),
      }));
      return { status: 200, reply: reply! };
    }
    const slug = clean.slice('/blog/'.length);
    const reply = await this.blog.cached(blogCacheKeys.postPage(slug), async () => {
      const post = slug.includes('/') ? null : await this.blog.findPublished(slug);
      return post && { body: this.blogPostPage(clean, post) };
    });
    if (reply) return { status: 200, reply };
    const body = this.renderPage(clean, {
      title: 'Article not found',
      description: 'This article does not exist.',
      body: '<main><h1>Article not found</h1><p><a href="/blog">Back to Blog</a></p></main>',
      noindex: true,
    });
    return { status: 404, reply: { body, etag: '' } };
  }

  private blogListPage(page: number, list: Awaited<ReturnType<BlogService['publishedPage']>>): string {
    const items = list.posts
      .map(
        (p) =>
          `<li><article><h2><a href="/blog/${encodeURIComponent(p.slug)}">${escapeHtml(p.title)}</a></h2><p>${escapeHtml(p.excerpt ?? '')}</p></article></li>`,
      )
      .join('');
    const pageLink = (n: number, label: string) => `<a href="/blog${n > 1 ? `?page=${n}` : ''}">${label}</a>`;
    const nav = [
      page > 1 ? pageLink(page - 1, 'Newer articles') : '',
      page < list.pagination.pages ? pageLink(page + 1, 'Older articles') : '',
    ].join(' ');
    const body = `<main><h1>Blog</h1>${items ? `<ul>${items}</ul>` : '<p>No articles yet</p>'}${nav.trim() ? `<nav aria-label="Pages">${nav}</nav>` : ''}</main>`;
    return this.renderPage('/blog', {
      ...ROUTE_META['/blog']!,
      ...(page > 1 && { title: `Blog – Page ${page}`, canonicalPath: `/blog?page=${page}` }),
      body,
    });
  }

  private blogPostPage(path: string, post: BlogPostEntity): string {
    const shown = this.blog.forReaders(post);
    const description = (post.metaDescription || shown.excerpt || ROUTE_META['/blog']!.description).slice(0, 300);
    const url = `${this.config.siteUrl}${path}`;
    const image = post.featuredImage ? this.absolute(post.featuredImage) : null;
    const date = post.publishedAt?.toISOString().slice(0, 10) ?? '';
    const body =
      `<main><article>` +
      `<nav aria-label="Breadcrumb"><a href="/">Home</a> / <a href="/blog">Blog</a> / <span>${escapeHtml(post.title)}</span></nav>` +
      `<h1>${escapeHtml(post.title)}</h1>` +
      `<p>${escapeHtml(post.authorName ?? SITE_NAME)}${date ? ` · <time datetime="${date}">${date}</time>` : ''}</p>` +
      (image ? `<img src="${escapeHtml(image)}" alt="" />` : '') +
      // Sanitized on save and again for readers (blog-html.sanitizer).
      `<div>${shown.content}</div>` +
      `<p><a href="/blog">Back to Blog</a></p></article></main>`;
    return this.renderPage(path, {
      title: post.metaTitle || post.title,
      description,
      image,
      article: { publishedAt: post.publishedAt, updatedAt: post.updatedAt, author: post.authorName },
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description,
        mainEntityOfPage: url,
        url,
        ...(image && { image: [image] }),
        ...(post.publishedAt && { datePublished: post.publishedAt.toISOString() }),
        dateModified: post.updatedAt.toISOString(),
        author: { '@type': 'Person', name: post.authorName ?? SITE_NAME },
        publisher: { '@type': 'Organization', name: SITE_NAME, url: this.config.siteUrl },
        keywords: shown.tags.join(', ') || undefined,
      },
      body,
    });
  }

  private configJson(): string {
    const remotes = this.remoteMap.current();
    if (this.clientConfigJson?.remotes !== remotes)
      this.clientConfigJson = { remotes, json: scriptJson(this.clientConfig()) };
    return this.clientConfigJson.json;
  }

  private absolute(url: string): string {
    return url.startsWith('/') ? `${this.config.siteUrl}${url}` : url;
  }

  robotsTxt(): string {
    return `User-agent: *\nDisallow: /api/\nDisallow: /blog-admin\nDisallow: /video-history\nDisallow: /payment/\n\nSitemap: ${this.config.siteUrl}/sitemap.xml\n`;
  }

  /** Every public route, and every published post with its last change. */
  async sitemapXml(): Promise<string> {
    const routes = Object.entries(ROUTE_META)
      .filter(([, meta]) => meta.index)
      .map(([path]) => `  <url><loc>${escapeHtml(`${this.config.siteUrl}${path}`)}</loc></url>`);
    const posts = (await this.blog.sitemapEntries()).map(
      (p) =>
        `  <url><loc>${escapeHtml(`${this.config.siteUrl}/blog/${encodeURIComponent(p.slug)}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...routes, ...posts].join('\n')}\n</urlset>\n`;
  }

  /** RSS 2.0 of the 20 newest published posts. */
  async rssXml(): Promise<string> {
    const site = this.config.siteUrl;
    const posts = await this.blog.published(20);
    const items = posts.map((p) => {
      const link = `${site}/blog/${encodeURIComponent(p.slug)}`;
      return [
        '    <item>',
        `      <title>${escapeHtml(p.title)}</title>`,
        `      <link>${escapeHtml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeHtml(link)}</guid>`,
        `      <description>${escapeHtml(this.blog.toPublic(p, false).excerpt ?? '')}</description>`,
        p.publishedAt ? `      <pubDate>${p.publishedAt.toUTCString()}</pubDate>` : '',
        '    </item>',
      ]
        .filter(Boolean)
        .join('\n');
    });
    const built = (posts[0]?.publishedAt ?? new Date()).toUTCString();
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${SITE_NAME} Blog</title>
    <link>${escapeHtml(`${site}/blog`)}</link>
    <description>${escapeHtml(ROUTE_META['/blog']!.description)}</description>
    <language>en</language>
    <lastBuildDate>${built}</lastBuildDate>
    <atom:link href="${escapeHtml(`${site}/rss.xml`)}" rel="self" type="application/rss+xml" />
${items.join('\n')}
  </channel>
</rss>
`;
  }
}
