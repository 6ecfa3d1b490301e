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
  RemakeRequestSchema,
  type RemakeRequest,
  FileQuerySchema,
  HistoryQuerySchema,
  RecentQuerySchema,
  type FileQuery,
  type HistoryQuery,
  type RecentQuery,
  type RecentTasksReply,
  type CallbackReply,
  type DeleteVideoTaskReply,
  type GenerateReply,
  type RestoreVideoTaskReply,
  type VideoHistoryReply,
  type VideoOptionsReply,
  type VideoStatusReply,
} from '@veo3/contracts/video';
import { idempotencyKeyOf, withGenerateForm } from './generate-form';
import { VideoEditService } from './video-edit.service';
import { VideoFilesService } from './video-files.service';
import { VideoGenerationService } from './video-generation.service';
import { VideoHistoryService } from './video-history.service';
import { VideoRemakeService } from './video-remake.service';
import { VideoStorage, type LinkKind, type StoredFile } from './video-storage';

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

/** Per file route: how long a reply may be kept (seconds), and the video's download name. */
const FILE_REPLIES: Record<LinkKind, { maxAge: number; disposition?: (taskId: string) => string }> = {
  file: { maxAge: 3600, disposition: (taskId) => `inline; filename="ai-video-${taskId}.mp4"` },
  poster: { maxAge: 3600 },
  upload: { maxAge: 600 },
  'last-frame': { maxAge: 600 },
  reference: { maxAge: 600 },
};

@ApiTags('video')
@ApiBearerAuth()
@Controller('api/video')
export class VideoController {
  constructor(
    private readonly generation: VideoGenerationService,
    private readonly edits: VideoEditService,
    private readonly remakes: VideoRemakeService,
    private readonly taskHistory: VideoHistoryService,
    private readonly files: VideoFilesService,
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
  async generate(@CurrentUser() user: SessionUser | null, @Req() request: FastifyRequest): Promise<GenerateReply> {
    const reader = { signedIn: user !== null, tempDir: this.storage.tempDir };
    return {
      success: true,
      data: await withGenerateForm(request, reader, (form) => this.generation.generate(user, form)),
    };
  }

  /** A new version of a finished Omni video, changed by an instruction (VideoEditService.edit). */
  @Post('edit/:taskId')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard, RateLimitGuard)
  @SkipThrottle({ signin: true, checkout: true })
  async edit(
    @CurrentUser() user: SessionUser,
    @Param('taskId') taskId: string,
    @Body({ schema: EditRequestSchema }) body: EditRequest,
    @Req() request: FastifyRequest,
  ): Promise<GenerateReply> {
    return { success: true, data: await this.edits.edit(user, taskId, body, idempotencyKeyOf(request)) };
  }

  /** A new version of a finished Omni video, some seconds longer (VideoEditService.extend). */
  @Post('extend/:taskId')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard, RateLimitGuard)
  @SkipThrottle({ signin: true, checkout: true })
  async extend(
    @CurrentUser() user: SessionUser,
    @Param('taskId') taskId: string,
    @Body({ schema: ExtendRequestSchema }) body: ExtendRequest,
    @Req() request: FastifyRequest,
  ): Promise<GenerateReply> {
    return { success: true, data: await this.edits.extend(user, taskId, body, idempotencyKeyOf(request)) };
  }

  /** The same video made again at another resolution, a draft at full quality (VideoRemakeService.remake). */
  @Post('remake/:taskId')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard, RateLimitGuard)
  @SkipThrottle({ signin: true, checkout: true })
  async remake(
    @CurrentUser() user: SessionUser,
    @Param('taskId') taskId: string,
    @Body({ schema: RemakeRequestSchema }) body: RemakeRequest,
    @Req() request: FastifyRequest,
  ): Promise<GenerateReply> {
    return { success: true, data: await this.remakes.remake(user, taskId, body, idempotencyKeyOf(request)) };
  }

  /** What the generator may offer now (formats, options, prices) and whether generation is available. */
  @Get('options')
  @Header('Cache-Control', 'no-store')
  async options(): Promise<VideoOptionsReply> {
    return { success: true, data: await this.generation.options() };
  }

  /** The provider's "task finished" call (kie.ai callBackUrl): only wakes the task, see VideoGenerationService.wake. */
  @Post('callback/:taskId')
  @HttpCode(200)
  async callback(
    @Param('taskId') taskId: string,
    @Query({ schema: CallbackQuerySchema }) query: CallbackQuery,
  ): Promise<CallbackReply> {
    await this.generation.wake(taskId, query.token);
    return { success: true };
  }

  @Get('status/:taskId')
  @UseGuards(JwtAuthGuard)
  @DirectRoute((video: VideoController, { user, params }) => video.status(user, params.taskId!))
  async status(@CurrentUser() user: SessionUser, @Param('taskId') taskId: string): Promise<VideoStatusReply> {
    return { success: true, data: await this.taskHistory.status(user, taskId) };
  }

  @Get('history')
  @UseGuards(JwtAuthGuard)
  async history(
    @CurrentUser() user: SessionUser,
    @Query({ schema: HistoryQuerySchema }) query: HistoryQuery,
  ): Promise<VideoHistoryReply> {
    return { success: true, data: await this.taskHistory.history(user, query.page, query.limit) };
  }

  /** The generator's feed: the caller's latest tasks of every status, and the generations in the making against the limit. */
  @Get('recent')
  @UseGuards(JwtAuthGuard)
  async recent(
    @CurrentUser() user: SessionUser,
    @Query({ schema: RecentQuerySchema }) query: RecentQuery,
  ): Promise<RecentTasksReply> {
    return { success: true, data: await this.taskHistory.recent(user, query.limit) };
  }

  /** Deletes a finished task from its owner's History, restorable for a while (VideoHistoryService.deleteTask). */
  @Delete('tasks/:taskId')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  async deleteTask(@CurrentUser() user: SessionUser, @Param('taskId') taskId: string): Promise<DeleteVideoTaskReply> {
    return { success: true, data: await this.taskHistory.deleteTask(user, taskId) };
  }

  /** Undoes a delete (History's Undo); a task that is not deleted is answered as it is. */
  @Post('tasks/:taskId/restore')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  async restoreTask(@CurrentUser() user: SessionUser, @Param('taskId') taskId: string): Promise<RestoreVideoTaskReply> {
    return { success: true, data: await this.taskHistory.restoreTask(user, taskId) };
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
    await this.sendFile(reply, 'file', taskId, user, query);
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
    await this.sendFile(reply, 'poster', taskId, user, query);
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
    await this.sendFile(reply, 'upload', taskId, user, query);
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
    await this.sendFile(reply, 'last-frame', taskId, user, query);
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
    await this.sendFile(reply, 'reference', taskId, user, query, /^\d$/.test(index) ? Number(index) : -1);
  }

  /** What every file route does: the file for its owner or a signed link's holder, as FILE_REPLIES says. */
  private async sendFile(
    reply: FastifyReply,
    kind: LinkKind,
    taskId: string,
    user: SessionUser | null,
    query: FileQuery,
    index?: number,
  ): Promise<void> {
    const name = await this.files.fileFor(kind, taskId, user, query, index);
    const { maxAge, disposition } = FILE_REPLIES[kind];
    if (disposition) reply.header('Content-Disposition', disposition(taskId));
    await sendPrivateFile(reply, await this.storage.locate(kind, taskId, name), maxAge, query.exp);
  }
}
