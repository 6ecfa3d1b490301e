import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  GalleryListQuerySchema,
  GalleryReportSchema,
  type GalleryListQuery,
  type GalleryListReply,
  type GalleryReportReply,
  type GalleryReportRequest,
} from '@veo3/contracts/gallery';
import { OptionalJwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { GalleryException } from './gallery.exception';
import { GalleryService } from './gallery.service';

/** The public gallery's JSON: its listing (the home page's community items) and visitors' reports. */
@ApiTags('gallery')
@Controller('api/gallery')
export class GalleryController {
  constructor(private readonly gallery: GalleryService) {}

  // Public and the same for everyone: a CDN or browser may keep it as long as this process does.
  @Get()
  @Header('Cache-Control', 'public, max-age=5')
  async list(@Query({ schema: GalleryListQuerySchema }) query: GalleryListQuery): Promise<GalleryListReply> {
    return { success: true, data: await this.gallery.list(query) };
  }

  @Post('reports')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard)
  async report(
    @Body({ schema: GalleryReportSchema }) body: GalleryReportRequest,
    @CurrentUser() user: SessionUser | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<GalleryReportReply> {
    try {
      await this.gallery.report(body.share_id, body, { userId: user?.id ?? null, ip: request.ip });
    } catch (error) {
      if (error instanceof GalleryException && error.retryAfterSeconds !== null)
        void reply.header('Retry-After', error.retryAfterSeconds);
      throw error;
    }
    return { success: true, data: { received: true } };
  }
}
