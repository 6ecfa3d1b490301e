import { basename, dirname } from 'node:path';
import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AccountExportDownloadQuerySchema,
  type AccountExportDownloadQuery,
  type LatestAccountExportReply,
  type StartAccountExportReply,
} from '@veo3/contracts/account-export';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { AccountExportException } from './account-export.exception';
import { AccountExportService } from './account-export.service';

/** "Download my data" on the account page: start an export, follow it, download its archive. */
@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account/export')
export class AccountExportController {
  constructor(private readonly exports: AccountExportService) {}

  @Post()
  @HttpCode(202)
  @UseGuards(JwtAuthGuard)
  async start(
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StartAccountExportReply> {
    try {
      return { success: true, data: await this.exports.start(user) };
    } catch (error) {
      if (error instanceof AccountExportException && error.retryAt)
        reply.header('Retry-After', Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000)));
      throw error;
    }
  }

  @Get()
  @UseGuards(JwtAuthGuard)
  async latest(@CurrentUser() user: SessionUser): Promise<LatestAccountExportReply> {
    return { success: true, data: await this.exports.latest(user) };
  }

  /** The ZIP for its owner or a signed link's holder: sent from local disk, or a redirect to a presigned URL (S3). */
  @Get(':id/download')
  @UseGuards(OptionalJwtAuthGuard)
  async download(
    @CurrentUser() user: SessionUser | null,
    @Param('id') id: string,
    @Query({ schema: AccountExportDownloadQuerySchema }) query: AccountExportDownloadQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const archive = await this.exports.locate(user, id, query);
    reply.header('Cache-Control', 'private, no-store');
    if ('url' in archive) return void (await reply.redirect(archive.url, 302));
    await reply
      .header('Content-Disposition', `attachment; filename="${archive.name}"`)
      .type('application/zip')
      .sendFile(basename(archive.path), dirname(archive.path), { cacheControl: false });
  }
}
