import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { languagePageHeaders, sendHtml, sendRevalidatedHtml } from '../http/send-cached';
import { allowFraming, framingHeaders } from '../http/security-headers';
import { requestLanguage, type Language } from '../site/prerendered-pages';
import type { LinkKind } from '../video/video-storage';
import { VideoStorage } from '../video/video-storage';
import type { LiveShare } from './live-share';
import { SharePageRenderer } from './share-page.renderer';
import { shareNotFound } from './sharing.exception';
import { SharingService } from './sharing.service';

/** Which stored file of the shared task each file route serves, or null when this share offers none. */
const FILES: Record<'video' | 'poster' | 'firstFrame', (live: LiveShare) => [LinkKind, string | null]> = {
  video: ({ task }) => ['file', task.resultPath],
  poster: ({ task }) => ['poster', task.posterPath],
  // Only while its owner lets others start from it.
  firstFrame: ({ share, task }) => ['upload', share.allowImageRemix ? task.imagePath : null],
};

/**
 * A shared video in public, without sign-in: its page, its embeddable player and its files. Nothing
 * of a share is kept by a cache without asking (`no-cache` with validators, never `max-age`), so
 * "Stop sharing" is a 404 on the next request everywhere, cached copies included.
 */
@ApiExcludeController()
@Controller('v')
export class SharePagesController {
  private readonly framing: Record<string, string>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sharing: SharingService,
    private readonly pages: SharePageRenderer,
    private readonly storage: VideoStorage,
  ) {
    this.framing = framingHeaders(config);
  }

  /** The page, in the visitor's language as the site's other pages choose it; a 404 page for a share that is not live. */
  @Get(':id')
  async page(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const lang = this.languageOf(request, reply);
    const live = await this.sharing.live(id);
    if (!live) return this.sendNotFound(request, reply, lang);
    sendRevalidatedHtml(request, reply, this.pages.page(live, lang));
  }

  /** The player alone, for other sites' frames (Twitter's player card, oEmbed's iframe). */
  @Get(':id/embed')
  async embed(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const lang = this.languageOf(request, reply);
    const live = await this.sharing.live(id);
    if (!live) return this.sendNotFound(request, reply, lang);
    allowFraming(reply, this.framing);
    sendRevalidatedHtml(request, reply, this.pages.embed(live, lang));
  }

  /** The video, with range requests so players can seek. */
  @Get(':id/video.mp4')
  video(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    return this.sendFile(reply, id, 'video');
  }

  /** A still of the video (the page's poster, link previews' image). */
  @Get(':id/poster.jpg')
  poster(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    return this.sendFile(reply, id, 'poster');
  }

  /** The picture the video was made from, only while its owner lets a remix start from it. */
  @Get(':id/first-frame')
  firstFrame(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    return this.sendFile(reply, id, 'firstFrame');
  }

  /**
   * A file of a live share, as the owner's own file routes send it (VideoStorage.locate): from local
   * disk with its ETag and Last-Modified, revalidated on every use; from S3, a redirect (never cached)
   * to a presigned URL valid a few minutes.
   */
  private async sendFile(reply: FastifyReply, id: string, file: keyof typeof FILES): Promise<void> {
    const live = await this.sharing.liveOr404(id);
    const [kind, name] = FILES[file](live);
    if (!name) throw shareNotFound();
    const stored = await this.storage.locate(kind, live.task.id, name, true);
    if ('url' in stored) {
      await reply.header('Cache-Control', 'no-store').redirect(stored.url, 302);
      return;
    }
    await reply.header('Cache-Control', 'no-cache').sendFile(stored.name, stored.dir, { cacheControl: false });
  }

  /** The language of the page (`requestLanguage`), with the headers of a page in it. */
  private languageOf(request: FastifyRequest, reply: FastifyReply): Language {
    const lang = requestLanguage(request);
    languagePageHeaders(reply, lang);
    return lang;
  }

  /** The 404 page of a share that is not live, never kept by a cache. */
  private sendNotFound(request: FastifyRequest, reply: FastifyReply, lang: Language): void {
    void reply.status(404).header('Cache-Control', 'no-store');
    sendHtml(request, reply, this.pages.notFound(request.url.split('?')[0]!, lang));
  }
}
