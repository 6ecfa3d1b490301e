import { Body, Controller, Delete, Get, Headers, HttpCode, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CreatePushSubscriptionSchema,
  DeletePushSubscriptionSchema,
  NotificationSettingsQuerySchema,
  UpdateNotificationSettingsSchema,
  type CreatePushSubscriptionRequest,
  type DeletePushSubscriptionRequest,
  type NotificationSettingsQuery,
  type NotificationSettingsReply,
  type PushSubscriptionReply,
  type UpdateNotificationSettingsReply,
  type UpdateNotificationSettingsRequest,
} from '@veo3/contracts/notifications';
import { JwtAuthGuard } from '../auth/auth.guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { NotificationsService } from './notifications.service';

/** The account page's "Notifications": the ready e-mail choice and this browser's push subscription. */
@ApiTags('account')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('api/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('settings')
  async settings(
    @CurrentUser() user: SessionUser,
    @Query({ schema: NotificationSettingsQuerySchema }) query: NotificationSettingsQuery,
  ): Promise<NotificationSettingsReply> {
    return { success: true, data: await this.notifications.settings(user, query.endpoint) };
  }

  @Put('settings')
  async choose(
    @CurrentUser() user: SessionUser,
    @Body({ schema: UpdateNotificationSettingsSchema }) body: UpdateNotificationSettingsRequest,
  ): Promise<UpdateNotificationSettingsReply> {
    return { success: true, data: await this.notifications.choose(user, body) };
  }

  @Post('push-subscriptions')
  @HttpCode(201)
  async subscribe(
    @CurrentUser() user: SessionUser,
    @Body({ schema: CreatePushSubscriptionSchema }) body: CreatePushSubscriptionRequest,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<PushSubscriptionReply> {
    return { success: true, data: await this.notifications.subscribe(user, body, userAgent) };
  }

  @Delete('push-subscriptions')
  async unsubscribe(
    @CurrentUser() user: SessionUser,
    @Body({ schema: DeletePushSubscriptionSchema }) body: DeletePushSubscriptionRequest,
  ): Promise<PushSubscriptionReply> {
    return { success: true, data: await this.notifications.unsubscribe(user, body.endpoint) };
  }
}
