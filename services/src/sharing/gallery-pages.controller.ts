import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GalleryReportFormSchema, GallerySort } from '@veo3/contracts/gallery';
import { GalleryCategory } from '@veo3/contracts/sharing';
import { languagePageHeaders, sendHtml } from '../http/send-cached';
import { isLanguage, requestLanguage, type Language } from '../site/prerendered-pages';
import { galleryPageText } from './gallery-pages.messages';
import { GalleryPagesRenderer } from './gallery-pages.renderer';
import { GalleryErrorCode, GalleryException } from './gallery.exception';
import { GalleryService } from './gallery.service';
import type { SharedVideoEntity } from './shared-video.entity';

/** The /explore page's size: four rows of three on a wide screen. */
export const EXPLORE_PAGE_SIZE = 24;
/** Pages past this are not offered (a crawler following "next" stops somewhere). */
const EXPLORE_MAX_PAGE = 1000;

type PageQuery = Record<string, string | undefined>;

/**
 * The gallery's pages, made on the server in the visitor's language: /explore, and the report form
 * of a shared video (a plain form: it works without JavaScript). A bad /explore choice is ignored
 * rather than refused, so an old or mistyped link still shows the gallery.
 */
@ApiExcludeController()
@Controller()
export class GalleryPagesController {
  constructor(
    private readonly gallery: GalleryService,
    private readonly pages: GalleryPagesRenderer,
  ) {}

  @Get('explore')
  async explore(@Query() query: PageQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const lang = requestLanguage(request);
    const sort = GallerySort.safeParse(query.sort).data ?? 'newest';
    const category = GalleryCategory.safeParse(query.category).data;
    const asked = Number(query.page);
    const page = Number.isInteger(asked) && asked >= 1 && asked <= EXPLORE_MAX_PAGE ? asked : 1;
    const list = await this.gallery.list({ sort, category, page, limit: EXPLORE_PAGE_SIZE });
    const html = this.pages.explorePage({ list, sort, category, page, lang, langInAddress: isLanguage(query.lang) });
    this.send(request, reply, lang, 200, html);
  }

  @Get('v/:id/report')
  async reportForm(
    @Param('id') id: string,
    @Query() query: PageQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const lang = requestLanguage(request);
    const share = await this.live(id, request, reply, lang);
    if (share) this.send(request, reply, lang, 200, this.pages.reportPage(share, lang, isLanguage(query.lang)));
  }

  /** The form's post: thanks, or the form again with its errors (400), 404 for no such video, 429 past the limit. */
  @Post('v/:id/report')
  async report(
    @Param('id') id: string,
    @Query() query: PageQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const lang = requestLanguage(request);
    const share = await this.live(id, request, reply, lang);
    if (!share) return;
    const fields = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as PageQuery;
    const parsed = GalleryReportFormSchema.safeParse({ reason: fields.reason, details: fields.details ?? '' });
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) =>
        issue.path[0] === 'reason'
          ? galleryPageText(lang, 'chooseReason')
          : galleryPageText(lang, 'detailsTooLong', { count: (fields.details ?? '').length }),
      );
      const state = { reason: fields.reason, details: fields.details, errors: [...new Set(errors)] };
      this.send(request, reply, lang, 400, this.pages.reportPage(share, lang, isLanguage(query.lang), state));
      return;
    }
    try {
      await this.gallery.report(share.id, parsed.data, { userId: null, ip: request.ip });
    } catch (error) {
      if (!(error instanceof GalleryException) || error.code !== GalleryErrorCode.TooManyReports) throw error;
      void reply.header('Retry-After', error.retryAfterSeconds ?? 3600);
      this.send(request, reply, lang, 429, this.pages.tooManyPage(share, lang));
      return;
    }
    this.send(request, reply, lang, 200, this.pages.thanksPage(share, lang));
  }

  /** The live shared video, or the not-found page sent (and null). */
  private async live(
    id: string,
    request: FastifyRequest,
    reply: FastifyReply,
    lang: Language,
  ): Promise<SharedVideoEntity | null> {
    try {
      return await this.gallery.reportable(id);
    } catch (error) {
      if (!(error instanceof GalleryException) || error.code !== GalleryErrorCode.NotFound) throw error;
      this.send(request, reply, lang, 404, this.pages.notFoundPage(`/v/${id}/report`, lang));
      return null;
    }
  }

  private send(request: FastifyRequest, reply: FastifyReply, lang: Language, status: number, html: string): void {
    languagePageHeaders(reply, lang);
    void reply.status(status).header('Cache-Control', 'no-store');
    sendHtml(request, reply, html);
  }
}
