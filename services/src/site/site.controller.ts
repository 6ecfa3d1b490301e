import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteMapReply } from '@veo3/contracts/site';
import { Controller, Get, Header, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { languagePageHeaders, sendCached, sendHtml } from '../http/send-cached';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { BlogPagesRenderer } from './blog-pages.renderer';
import { EffectPagesRenderer } from './effect-pages.renderer';
import { FeedsService } from './feeds.service';
import { PageShellRenderer } from './page-shell.renderer';
import { robotsTxt } from './robots';
import { RemoteMapService } from './remote-map.service';
import { isLanguage, requestLanguage } from './prerendered-pages';

/** The URL's path, decoded; null when it is not valid percent-encoding. */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

@ApiExcludeController()
@Controller()
export class SiteController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shell: PageShellRenderer,
    private readonly blogPages: BlogPagesRenderer,
    private readonly effectPages: EffectPagesRenderer,
    private readonly feeds: FeedsService,
    private readonly remoteMap: RemoteMapService,
  ) {}

  /** The current remote map, which the shell reads again when a release it was using is gone. */
  @Get('remote-map.json')
  @Header('Cache-Control', 'no-store')
  remotes(): RemoteMapReply {
    return this.remoteMap.current(true);
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  robots(): string {
    return robotsTxt(this.config.siteUrl);
  }

  /**
   * The shell's service worker (browser notifications), from the site's root so its scope is the
   * whole site; revalidated on every check, so a new build reaches browsers at once.
   */
  @Get('sw.js')
  async serviceWorker(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const script = await readFile(join(this.config.webDir, 'shell', 'dist', 'sw.js'), 'utf8').catch(() => null);
    if (script === null) throw new NotFoundException('Not found');
    void reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache');
    return script;
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  sitemap(): Promise<string> {
    return this.feeds.sitemapXml();
  }

  @Get('rss.xml')
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  rss(): Promise<string> {
    return this.feeds.rssXml();
  }

  /**
   * Every client route gets the shell's page; any other path is redirected to / (keeping `?lang=`),
   * so crawlers see no soft 404. Unknown API and asset paths stay a JSON 404.
   */
  @Get('*')
  async page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const path = decodedPath(request.url);
    // The message never quotes the path: it is the client's input.
    if (path === null || /^\/(api|mfe|assets)(\/|$)/.test(path) || /\.[a-z0-9]+$/i.test(path))
      throw new NotFoundException('Not found');
    if (/^\/blog(\/|$)/.test(path)) {
      const { status, reply: page } = await this.blogPages.blogPage(path, (request.query as { page?: string }).page);
      sendCached(request, reply, page, 'text/html; charset=utf-8', status);
      return;
    }
    if (EffectPagesRenderer.handles(path)) {
      const lang = requestLanguage(request);
      const category = (request.query as { category?: string }).category;
      const { status, html } = await this.effectPages.page(path, lang, category);
      languagePageHeaders(reply, lang);
      void reply.status(status).header('Cache-Control', 'no-store');
      sendHtml(request, reply, html);
      return;
    }
    if (!this.shell.isPage(path)) {
      const lang = (request.query as { lang?: unknown }).lang;
      void reply
        .header('Cache-Control', 'no-store')
        .redirect(isLanguage(lang) ? `/?lang=${encodeURIComponent(lang)}` : '/', 302);
      return;
    }
    // The shell's pages come in the visitor's language: ?lang=, their stored choice (cookie), or the browser's.
    const lang = requestLanguage(request);
    languagePageHeaders(reply, lang);
    void reply.header('Cache-Control', 'no-store');
    sendHtml(request, reply, this.shell.renderPage(path, undefined, lang, request.url.split('?')[1] ?? ''));
  }
}
