import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CreateWebhookEndpointSchema,
  UpdateWebhookEndpointSchema,
  WebhookDeliveriesQuerySchema,
  type CreateWebhookEndpointReply,
  type CreateWebhookEndpointRequest,
  type DeleteWebhookEndpointReply,
  type ReplayWebhookDeliveryReply,
  type RotateWebhookSecretReply,
  type TestWebhookReply,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveriesQuery,
  type WebhookDeliveriesReply,
  type WebhookEndpointListReply,
  type WebhookEndpointReply,
} from '@veo3/contracts/webhooks';
import { JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { WebhooksException } from './webhooks.exception';
import { WebhooksService } from './webhooks.service';

/** `sending`'s result; its 429 (too many sends) carries the standard Retry-After. */
async function withRetryAfter<T>(reply: FastifyReply, sending: Promise<T>): Promise<T> {
  try {
    return await sending;
  } catch (error) {
    if (error instanceof WebhooksException && error.retryAfterSeconds !== null)
      void reply.header('Retry-After', error.retryAfterSeconds);
    throw error;
  }
}

/** The account page's webhook endpoints, their deliveries, replays and test events (signed-in web session). */
@ApiTags('account')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/account')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get('webhooks')
  async list(@CurrentUser() user: SessionUser): Promise<WebhookEndpointListReply> {
    return { success: true, data: { items: await this.webhooks.list(user) } };
  }

  @Post('webhooks')
  @HttpCode(201)
  async create(
    @CurrentUser() user: SessionUser,
    @Body({ schema: CreateWebhookEndpointSchema }) body: CreateWebhookEndpointRequest,
  ): Promise<CreateWebhookEndpointReply> {
    return { success: true, data: await this.webhooks.create(user, body) };
  }

  @Patch('webhooks/:id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body({ schema: UpdateWebhookEndpointSchema }) body: UpdateWebhookEndpointRequest,
  ): Promise<WebhookEndpointReply> {
    return { success: true, data: await this.webhooks.update(user, id, body) };
  }

  @Delete('webhooks/:id')
  async remove(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<DeleteWebhookEndpointReply> {
    await this.webhooks.remove(user, id);
    return { success: true };
  }

  @Post('webhooks/:id/rotate-secret')
  @HttpCode(200)
  async rotate(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<RotateWebhookSecretReply> {
    return { success: true, data: await this.webhooks.rotate(user, id) };
  }

  @Post('webhooks/:id/test')
  @HttpCode(200)
  async test(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TestWebhookReply> {
    return { success: true, data: await withRetryAfter(reply, this.webhooks.test(user, id)) };
  }

  @Get('webhooks/:id/deliveries')
  async deliveries(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Query({ schema: WebhookDeliveriesQuerySchema }) query: WebhookDeliveriesQuery,
  ): Promise<WebhookDeliveriesReply> {
    return { success: true, data: await this.webhooks.deliveries(user, id, query) };
  }

  @Post('webhook-deliveries/:id/replay')
  @HttpCode(200)
  async replay(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReplayWebhookDeliveryReply> {
    return { success: true, data: await withRetryAfter(reply, this.webhooks.replay(user, id)) };
  }
}
