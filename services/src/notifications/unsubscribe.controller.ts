import { Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { UnsubscribeQuerySchema, type UnsubscribeQuery } from '@veo3/contracts/notifications';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { NotificationsService } from './notifications.service';
import { unsubscribePage, type UnsubscribePage } from './unsubscribe-page';

/**
 * The "ready" e-mail's unsubscribe link (List-Unsubscribe), reached without signing in: the token
 * names the user. GET only shows a confirm button, so a link scanner changes nothing; POST (that
 * button, or a mail provider's one-click `List-Unsubscribe=One-Click`, RFC 8058) turns the e-mails off.
 */
@ApiExcludeController()
@Controller('api/notifications')
export class UnsubscribeController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
  ) {}

  @Get('unsubscribe')
  async confirm(
    @Query({ schema: UnsubscribeQuerySchema }) query: UnsubscribeQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const known = await this.notifications.knowsToken(query.token);
    return this.page(reply, known ? 'confirm' : 'invalid', query.token);
  }

  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribe(
    @Query({ schema: UnsubscribeQuerySchema }) query: UnsubscribeQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const done = await this.notifications.unsubscribeByToken(query.token);
    return this.page(reply, done ? 'done' : 'invalid');
  }

  private page(reply: FastifyReply, page: UnsubscribePage, token?: string): string {
    void reply.code(page === 'invalid' ? 404 : 200).header('content-type', 'text/html; charset=utf-8');
    return unsubscribePage(page, this.config.siteUrl, token);
  }
}
