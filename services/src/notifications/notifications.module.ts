import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { JWT_SECRET } from '../auth/auth.tokens';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { EventBusModule } from '../events/event-bus.module';
import { StorageModule } from '../storage/storage.module';
import { UsersModule } from '../users/users.module';
import { BullMqNotificationQueue } from './bullmq-notification.queue';
import { DevOutboxController } from './dev-outbox.controller';
import { InProcessNotificationQueue } from './in-process-notification.queue';
import { LocalOutbox } from './local-outbox';
import { Mailer } from './mailer.service';
import {
  jobTaskId,
  NOTIFICATION_QUEUE,
  NOTIFICATION_RETRY,
  type GiveUp,
  type NotificationQueue,
} from './notification-queue';
import { NotificationSettingsEntity } from './notification-settings.entity';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { PUSH_SENDER, PushSender } from './push-sender';
import { PushSubscriptionEntity } from './push-subscription.entity';
import { PushSubscriptionRepository } from './push-subscription.repository';
import { ReadyNotifier } from './ready-notifier.service';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeTokens } from './unsubscribe-token';
import { resolveVapidKeys, VAPID_KEYS, type VapidKeys } from './vapid-keys';
import { VideoNotifications } from './video-notifications.service';

const giveUp: GiveUp = (job, error) =>
  new Logger('NotificationQueue').error(
    `gave up ${job.name} of task ${jobTaskId(job)} after ${NOTIFICATION_RETRY.attempts} tries: ${String(error)}`,
  );

/**
 * "Tell me when it's ready": the account's e-mail choice and push subscriptions, the e-mail's
 * unsubscribe link, the dev outbox, and the jobs that notify an owner who is not watching when a
 * video finishes. The video module calls VideoNotifications; nothing here imports the video module.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([NotificationSettingsEntity, PushSubscriptionEntity]),
    AuthModule,
    UsersModule,
    StorageModule,
    EventBusModule,
  ],
  controllers: [NotificationsController, UnsubscribeController, DevOutboxController],
  providers: [
    NotificationsService,
    NotificationSettingsRepository,
    PushSubscriptionRepository,
    ReadyNotifier,
    VideoNotifications,
    Mailer,
    { provide: LocalOutbox, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalOutbox(config.dataDir) },
    { provide: UnsubscribeTokens, inject: [JWT_SECRET], useFactory: (secret: string) => new UnsubscribeTokens(secret) },
    { provide: VAPID_KEYS, inject: [APP_CONFIG], useFactory: resolveVapidKeys },
    {
      provide: PUSH_SENDER,
      inject: [APP_CONFIG, VAPID_KEYS],
      useFactory: (config: AppConfig, keys: VapidKeys | null) =>
        keys
          ? new PushSender(keys, config.notifications.vapidSubject, config.notifications.pushAllowPrivateHosts)
          : null,
    },
    {
      provide: NOTIFICATION_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): NotificationQueue =>
        config.redisUrl
          ? new BullMqNotificationQueue(config.redisUrl, config.redisPrefix, NOTIFICATION_RETRY, giveUp)
          : new InProcessNotificationQueue(NOTIFICATION_RETRY, giveUp),
    },
  ],
  exports: [
    VideoNotifications,
    NotificationsService,
    NotificationSettingsRepository,
    PushSubscriptionRepository,
    LocalOutbox,
  ],
})
export class NotificationsModule {}
