import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AdminGalleryActionSchema,
  AdminGalleryQuerySchema,
  type AdminGalleryActionRequest,
  type AdminGalleryBanReply,
  type AdminGalleryItemReply,
  type AdminGalleryQuery,
  type AdminGalleryReply,
} from '@veo3/contracts/gallery';
import { CurrentAdmin, type AdminActor } from '../admin/admin-actor';
import { AdminGuard, JwtAuthGuard } from '../auth/auth.guards';
import { GalleryReviewService } from './gallery-review.service';

/** The gallery's review queue and its moderation in the console (admin role only), each change audited. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('api/admin/gallery')
export class GalleryAdminController {
  constructor(private readonly review: GalleryReviewService) {}

  @Get()
  async queue(@Query({ schema: AdminGalleryQuerySchema }) query: AdminGalleryQuery): Promise<AdminGalleryReply> {
    return { success: true, data: await this.review.queue(query) };
  }

  @Post(':id/hide')
  @HttpCode(200)
  async hide(
    @Param('id') id: string,
    @Body({ schema: AdminGalleryActionSchema }) body: AdminGalleryActionRequest,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminGalleryItemReply> {
    return { success: true, data: await this.review.hide(actor, id, body.reason) };
  }

  @Post(':id/restore')
  @HttpCode(200)
  async restore(
    @Param('id') id: string,
    @Body({ schema: AdminGalleryActionSchema }) body: AdminGalleryActionRequest,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminGalleryItemReply> {
    return { success: true, data: await this.review.restore(actor, id, body.reason) };
  }

  @Post(':id/dismiss-reports')
  @HttpCode(200)
  async dismissReports(
    @Param('id') id: string,
    @Body({ schema: AdminGalleryActionSchema }) body: AdminGalleryActionRequest,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminGalleryItemReply> {
    return { success: true, data: await this.review.dismissReports(actor, id, body.reason) };
  }

  @Post('users/:id/ban')
  @HttpCode(200)
  async ban(
    @Param('id') id: string,
    @Body({ schema: AdminGalleryActionSchema }) body: AdminGalleryActionRequest,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminGalleryBanReply> {
    return { success: true, data: await this.review.ban(actor, id, body.reason) };
  }

  @Post('users/:id/unban')
  @HttpCode(200)
  async unban(
    @Param('id') id: string,
    @Body({ schema: AdminGalleryActionSchema }) body: AdminGalleryActionRequest,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminGalleryBanReply> {
    return { success: true, data: await this.review.unban(actor, id, body.reason) };
  }
}
