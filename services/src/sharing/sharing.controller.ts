import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  CreateShareSchema,
  OEmbedQuerySchema,
  SharesQuerySchema,
  UpdateShareSchema,
  type CreateShareRequest,
  type OEmbedQuery,
  type OEmbedReply,
  type RemixSourceReply,
  type ShareReply,
  type SharesQuery,
  type SharesReply,
  type ShareViewReply,
  type TaskShareReply,
  type UnshareReply,
  type UpdateShareRequest,
} from '@veo3/contracts/sharing';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { SharingService } from './sharing.service';

/**
 * Sharing a finished video (its owner's session), and what anyone may read of a live share: its
 * remix settings, a view of its page, its oEmbed answer.
 */
@ApiTags('sharing')
@ApiBearerAuth()
@Controller('api')
export class SharingController {
  constructor(private readonly sharing: SharingService) {}

  /** Shares the caller's finished video; the live share when it is shared already. */
  @Post('share/tasks/:taskId')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  async share(
    @CurrentUser() user: SessionUser,
    @Param('taskId') taskId: string,
    @Body({ schema: CreateShareSchema }) body: CreateShareRequest,
  ): Promise<ShareReply> {
    return { success: true, data: await this.sharing.share(user, taskId, body) };
  }

  /** The caller's live share of a task, or null. */
  @Get('share/tasks/:taskId')
  @UseGuards(JwtAuthGuard)
  async ofTask(@CurrentUser() user: SessionUser, @Param('taskId') taskId: string): Promise<TaskShareReply> {
    return { success: true, data: await this.sharing.shareOfTask(user, taskId) };
  }

  /** The caller's live shares among some tasks (`?ids=a,b`). */
  @Get('share/tasks')
  @UseGuards(JwtAuthGuard)
  async ofTasks(
    @CurrentUser() user: SessionUser,
    @Query({ schema: SharesQuerySchema }) query: SharesQuery,
  ): Promise<SharesReply> {
    return { success: true, data: { items: await this.sharing.sharesOf(user, query.ids) } };
  }

  @Patch('share/:id')
  @UseGuards(JwtAuthGuard)
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body({ schema: UpdateShareSchema }) body: UpdateShareRequest,
  ): Promise<ShareReply> {
    return { success: true, data: await this.sharing.update(user, id, body) };
  }

  /** "Stop sharing". */
  @Delete('share/:id')
  @UseGuards(JwtAuthGuard)
  async unshare(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<UnshareReply> {
    return { success: true, data: await this.sharing.unshare(user, id) };
  }

  /** One view of the page, sent by the page itself once it runs; the owner's and robots' are not counted. */
  @Post('share/:id/view')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard)
  async view(
    @CurrentUser() user: SessionUser | null,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<ShareViewReply> {
    await this.sharing.countView(id, user, request.headers['user-agent']);
    return { success: true };
  }

  /** What "Make one like this" puts in the generator (public). */
  @Get('share/:id/remix')
  async remix(@Param('id') id: string): Promise<RemixSourceReply> {
    return { success: true, data: await this.sharing.remixSource(id) };
  }

  /** oEmbed 1.0 for a share page's URL: JSON only (501 otherwise); 404 for any URL that is not a live share. */
  @Get('oembed')
  oembed(@Query({ schema: OEmbedQuerySchema }) query: OEmbedQuery): Promise<OEmbedReply> {
    return this.sharing.oembed(query);
  }
}
