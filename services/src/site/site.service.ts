import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig, RemoteName } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { escapeHtml, scriptJson } from './html';
import { ROUTE_META, routeMeta } from './route-meta';

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

const MISSING_BUILD_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head>
<body><main style="font-family:system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>The site is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p></main><!--app-config--></body></html>`;

@Injectable()
export class SiteService {
  private readonly logger = new Logger(SiteService.name);
  private readonly template: string;
  private readonly clientConfigJson: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const indexPath = join(config.webDir, 'shell', 'dist', 'index.html');
    if (existsSync(indexPath)) {
      this.template = readFileSync(indexPath, 'utf8');
    } else {
      this.logger.warn(`No built shell at ${indexPath}; pages show a "not built" notice`);
      this.template = MISSING_BUILD_HTML;
    }
    this.clientConfigJson = scriptJson(this.clientConfig());
  }

  clientConfig(): ClientConfig {
    const c = this.config;
    return {
      siteUrl: c.siteUrl,
      remotes: Object.fromEntries(Object.entries(c.remotes).map(([name, r]) => [name, r.manifestUrl])) as Record<
        RemoteName,
        string
      >,
      gaMeasurementId: c.gaMeasurementId,
      googleClientId: c.googleClientId,
      devLogin: c.devLogin,
      supportEmail: c.supportEmail,
      serviceEmail: c.serviceEmail,
    };
  }

  /** The shell's index.html with the route's title, description, canonical and Open Graph tags, and the runtime config. */
  renderPage(path: string): string {
    const meta = routeMeta(path);
    const canonicalPath = meta.known ? (path.length > 1 ? path.replace(/\/+$/, '') : path) : '/';
    const canonical = `${this.config.siteUrl}${canonicalPath}`;
    const title = meta.title.includes(SITE_NAME) ? meta.title : `${meta.title} | ${SITE_NAME}`;
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      meta.index ? '' : '<meta name="robots" content="noindex" />',
      `<meta property="og:site_name" content="${SITE_NAME}" />`,
      '<meta property="og:type" content="website" />',
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      '<meta name="twitter:card" content="summary_large_image" />',
      `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    ]
      .filter(Boolean)
      .join('\n    ');
    const configBlock = `<script id="app-config" type="application/json">${this.clientConfigJson}</script>`;
    return this.template.replace('<!--app-head-->', head).replace('<!--app-config-->', configBlock);
  }

  robotsTxt(): string {
    return `User-agent: *\nDisallow: /api/\nDisallow: /blog-admin\nDisallow: /video-history\nDisallow: /payment/\n\nSitemap: ${this.config.siteUrl}/sitemap.xml\n`;
  }

  sitemapXml(): string {
    const urls = Object.entries(ROUTE_META)
      .filter(([, meta]) => meta.index)
      .map(([path]) => `  <url><loc>${escapeHtml(`${this.config.siteUrl}${path}`)}</loc></url>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }
}
