import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import { DirectRoute } from '../http/direct-route';
import { RateLimitGuard } from '../auth/rate-limit.guard';
import type { SessionUser } from '../users/session-user';
import {
  CallbackQuerySchema,
  type CallbackQuery,
  EditRequestSchema,
  type EditRequest,
  ExtendRequestSchema,
  type ExtendRequest,
  FileQuerySchema,
  HistoryQuerySchema,
  type FileQuery,
  type HistoryQuery,
} from '@veo3/contracts/video';
import { idempotencyKeyOf, withGenerateForm } from './generate-form';
import { VideoService } from './video.service';
import { VideoStorage, type StoredFile } from './video-storage';

/**
 * A file for its owner or a signed link's holder only: `private`, and never kept past the link's expiry
 * (`exp`, in seconds). sendFile's own Cache-Control (public) is turned off, or it would replace ours.
 * From S3, a redirect to a short-lived presigned URL, never cached (it would outlive the URL).
 */
async function sendPrivateFile(reply: FastifyReply, file: StoredFile, maxAge: number, exp?: number) {
  if ('url' in file) {
    await reply.header('Cache-Control', 'private, no-store').redirect(file.url, 302);
    return;
  }
  const left = exp === undefined ? maxAge : Math.min(maxAge, Math.max(0, exp - Math.floor(Date.now() / 1000)));
  await reply
    .header('Cache-Control', `private, max-age=${left}`)
    .sendFile(file.name, file.dir, { cacheControl: false });
}

@ApiTags('video')
@ApiBearerAuth()
@Controller('api/video')
export class VideoController {
  constructor(
    private readonly video: VideoService,
    private readonly storage: VideoStorage,
  ) {}

  /**
   * Visitors get the spec's messages in order (an empty prompt before "please login"), so the guard is
   * optional here; a visitor's file parts are never read (withGenerateForm).
   */
  @Post('generate')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard, RateLimitGuard)
  @SkipThrottle({ signin: true, checkout: true })
  async generate(@CurrentUser() user: SessionUser | null, @Req() request: FastifyRequest) {
    const reader = { signedIn: user !== null, tempDir: this.storage.tempDir };
    return { success: true, data: await withGenerateForm(request, reader, (form) => this.video.generate(user, form)) };
  }

  /** A new version of a finished Omni video, changed by an instruction (VideoService.edit). */
  @Post('edit/:taskId')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard, RateLimitGuard)
  @SkipThrottle({ signin: true, checkout: true })
  async edit(
    @CurrentUser() user: SessionUser,
    @Param('taskId') taskId: string,
    @Body({ schema: EditRequestSchema }) body: EditRequest,
    @Req() request: FastifyRequest,
  ) {
    return { success: true, data: await this.video.edit(user, taskId, body, idempotencyKeyOf(request)) };
  }

  /** A new version of a finished Omni video, some seconds longer (VideoService.extend). */
  @Post('extend/:taskId')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard, RateLimitGuard)
  @SkipThrottle({ signin: true, checkout: true })
  async extend(
    @CurrentUser() user: SessionUser,
    @Param('taskId') taskId: string,
    @Body({ schema: ExtendRequestSchema }) body: ExtendRequest,
    @Req() request: FastifyRequest,
  ) {
    return { success: true, data: await this.video.extend(user, taskId, body, idempotencyKeyOf(request)) };
  }

  /** What the generator may offer now (formats, options, prices) and whether generation is available. */
  @Get('options')
  @Header('Cache-Control', 'no-store')
  async options() {
    return { success: true, data: await this.video.options() };
  }

  /** The provider's "task finished" call (kie.ai callBackUrl): only wakes the task, see VideoService.wake. */
  @Post('callback/:taskId')
  @HttpCode(200)
  async callback(@Param('taskId') taskId: string, @Query({ schema: CallbackQuerySchema }) query: CallbackQuery) {
    await this.video.wake(taskId, query.token);
    return { success: true };
  }

  @Get('status/:taskId')
  @UseGuards(JwtAuthGuard)
  @DirectRoute((video: VideoController, { user, params }) => video.status(user, params.taskId!))
  async status(@CurrentUser() user: SessionUser, @Param('taskId') taskId: string) {
    return { success: true, data: await this.video.status(user, taskId) };
  }

  @Get('history')
  @UseGuards(JwtAuthGuard)
  async history(@CurrentUser() user: SessionUser, @Query({ schema: HistoryQuerySchema }) query: HistoryQuery) {
    return { success: true, data: await this.video.history(user, query.page, query.limit) };
  }

  /** Deletes a finished task from its owner's History, restorable for a while (VideoService.deleteTask). */
  @Delete('tasks/:taskId')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  async deleteTask(@CurrentUser() user: SessionUser, @Param('taskId') taskId: string) {
    return { success: true, data: await this.video.deleteTask(user, taskId) };
  }

  /** Undoes a delete (History's Undo); a task that is not deleted is answered as it is. */
  @Post('tasks/:taskId/restore')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  async restoreTask(@CurrentUser() user: SessionUser, @Param('taskId') taskId: string) {
    return { success: true, data: await this.video.restoreTask(user, taskId) };
  }

  /** The video file, with range requests so the player can seek; for its owner or a signed link. */
  @Get('file/:taskId')
  @UseGuards(OptionalJwtAuthGuard)
  async file(
    @CurrentUser() user: SessionUser | null,
    @Param('taskId') taskId: string,
    @Query({ schema: FileQuerySchema }) query: FileQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const name = await this.video.fileFor('file', taskId, user, query.exp, query.sig);
    reply.header('Content-Disposition', `inline; filename="ai-video-${taskId}.mp4"`);
    await sendPrivateFile(reply, await this.storage.locate('file', taskId, name), 3600, query.exp);
  }

  /** A still of the finished video, shown before it plays. */
  @Get('poster/:taskId')
  @UseGuards(OptionalJwtAuthGuard)
  async poster(
    @CurrentUser() user: SessionUser | null,
    @Param('taskId') taskId: string,
    @Query({ schema: FileQuerySchema }) query: FileQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const name = await this.video.fileFor('poster', taskId, user, query.exp, query.sig);
    await sendPrivateFile(reply, await this.storage.locate('poster', taskId, name), 3600, query.exp);
  }

  /** The task's uploaded image, for a provider that fetches images by URL (kie.ai), through a signed link. */
  @Get('upload/:taskId')
  @UseGuards(OptionalJwtAuthGuard)
  async upload(
    @CurrentUser() user: SessionUser | null,
    @Param('taskId') taskId: string,
    @Query({ schema: FileQuerySchema }) query: FileQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const name = await this.video.fileFor('upload', taskId, user, query.exp, query.sig);
    await sendPrivateFile(reply, await this.storage.locate('upload', taskId, name), 600, query.exp);
  }

  /** The task's last frame (image mode), like `upload`. */
  @Get('last-frame/:taskId')
  @UseGuards(OptionalJwtAuthGuard)
  async lastFrame(
    @CurrentUser() user: SessionUser | null,
    @Param('taskId') taskId: string,
    @Query({ schema: FileQuerySchema }) query: FileQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const name = await this.video.fileFor('last-frame', taskId, user, query.exp, query.sig);
    await sendPrivateFile(reply, await this.storage.locate('last-frame', taskId, name), 600, query.exp);
  }

  /** One of the task's reference images (Omni), by its place in the list, like `upload`. */
  @Get('reference/:taskId/:index')
  @UseGuards(OptionalJwtAuthGuard)
  async reference(
    @CurrentUser() user: SessionUser | null,
    @Param('taskId') taskId: string,
    @Param('index') index: string,
    @Query({ schema: FileQuerySchema }) query: FileQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const place = /^\d$/.test(index) ? Number(index) : -1;
    const name = await this.video.fileFor('reference', taskId, user, query.exp, query.sig, place);
    await sendPrivateFile(reply, await this.storage.locate('reference', taskId, name), 600, query.exp);
  }
}
