import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { LocalOutbox } from './local-outbox';
import { outboxPage } from './outbox-page';

/** The newest messages the page lists. */
const PAGE_SIZE = 50;

/**
 * The local outbox, for development: a page of the e-mails the site wrote there, and each as its
 * .eml file. Only while development sign-in is on (never in production), where anyone may be
 * anyone anyway; elsewhere these paths do not exist (404).
 */
@ApiExcludeController()
@Controller('api/dev/outbox')
export class DevOutboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: LocalOutbox,
  ) {}

  @Get()
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    this.refuseUnlessDev();
    void reply.header('content-type', 'text/html; charset=utf-8');
    return outboxPage(await this.outbox.list(PAGE_SIZE), Boolean(this.config.notifications.smtpUrl));
  }

  @Get(':id')
  async message(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    this.refuseUnlessDev();
    // An id that is not one (a path, say) finds nothing.
    const eml = await this.outbox.read(id);
    if (!eml) throw new NotFoundException('There is no such message in the outbox.');
    void reply
      .header('content-type', 'message/rfc822')
      .header('content-disposition', `attachment; filename="${id}.eml"`);
    return eml;
  }

  private refuseUnlessDev(): void {
    if (!this.config.devLogin) throw new NotFoundException('Not found');
  }
}
