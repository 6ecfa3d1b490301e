import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { BlogService } from '../blog/blog.service';
import { EffectCatalog } from '../effects/effect-catalog.service';
import { SharedVideoRepository } from '../sharing/shared-video.repository';
import { escapeHtml } from './html';
import { ROUTE_META } from './route-meta';
import { SITE_NAME } from './page-shell.renderer';

/** The newest gallery videos the sitemap lists (a sitemap holds at most 50,000 addresses). */
const SITEMAP_SHARES = 10_000;

/** The machine-read feeds: sitemap.xml and the blog's RSS. */
@Injectable()
export class FeedsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly blog: BlogService,
    private readonly shares: SharedVideoRepository,
    private readonly effects: EffectCatalog,
  ) {}

  /** Every public route, every published effect, every published post with its last change, and the shared videos the gallery lists. */
  async sitemapXml(): Promise<string> {
    const routes = Object.entries(ROUTE_META)
      .filter(([, meta]) => meta.index)
      .map(([path]) => `  <url><loc>${escapeHtml(`${this.config.siteUrl}${path}`)}</loc></url>`);
    const posts = (await this.blog.sitemapEntries()).map(
      (p) =>
        `  <url><loc>${escapeHtml(`${this.config.siteUrl}/blog/${encodeURIComponent(p.slug)}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
    );
    // Shared videos are private by default: only those the gallery lists are for search engines.
    const videos = (await this.shares.listedForSitemap(SITEMAP_SHARES)).map(
      (v) =>
        `  <url><loc>${escapeHtml(`${this.config.siteUrl}/v/${v.id}`)}</loc>${v.galleryAt ? `<lastmod>${v.galleryAt.toISOString()}</lastmod>` : ''}</url>`,
    );
    const effects = (await this.effects.published()).map(
      (e) => `  <url><loc>${escapeHtml(`${this.config.siteUrl}/effects/${encodeURIComponent(e.slug)}`)}</loc></url>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...routes, ...effects, ...posts, ...videos].join('\n')}\n</urlset>\n`;
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
