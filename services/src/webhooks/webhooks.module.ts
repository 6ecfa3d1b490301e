import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { WebhookEvents } from './webhook-events.service';
import { WebhookRepository } from './webhook.repository';
import { WebhooksController } from './webhooks.controller';
import { WebhookSendLimit } from './webhook-send-limit';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks: the user's endpoints, and signed deliveries of their events (Standard Webhooks). The
 * video module records events through WebhookEvents; nothing here imports the video module.
 */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEndpointEntity, WebhookDeliveryEntity]), AuthModule, UsersModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookEvents, WebhookDispatcher, WebhookRepository, WebhookSendLimit],
  exports: [WebhooksService, WebhookEvents, WebhookRepository],
})
export class WebhooksModule {}
