import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { AuthModule } from '../auth/auth.module';
import { CreditsModule } from '../credits/credits.module';
import { EventBusModule } from '../events/event-bus.module';
import { SharedVideosModule } from '../sharing/shared-videos.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { StorageModule } from '../storage/storage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ModelCatalogue } from './catalogue/model-catalogue';
import { createVideoProviders } from './providers/create-video-provider';
import { VideoProviders } from './providers/video-providers';
import { BullMqQueue } from './queue/bullmq.queue';
import { InProcessQueue } from './queue/in-process.queue';
import { VIDEO_QUEUE } from './queue/video-queue';
import { VideoController } from './video.controller';
import { VideoAvailability } from './video-availability';
import { VideoDebitService } from './video-debit.service';
import { VideoEditService } from './video-edit.service';
import { VideoFilesService } from './video-files.service';
import { VideoGenerationService } from './video-generation.service';
import { VideoHistoryService } from './video-history.service';
import { VideoRemakeService } from './video-remake.service';
import { VideoStorage } from './video-storage';
import { VideoTaskEntity } from './video-task.entity';
import { VideoTaskRepository } from './video-task.repository';
import { VideoWaitEstimates } from './video-wait-estimates';
import { VideoWorker } from './video-worker';

@Module({
  imports: [
    TypeOrmModule.forFeature([VideoTaskEntity]),
    AuthModule,
    CreditsModule,
    StorageModule,
    EventBusModule,
    WebhooksModule,
    SharedVideosModule,
    NotificationsModule,
  ],
  controllers: [VideoController],
  providers: [
    VideoDebitService,
    VideoGenerationService,
    VideoEditService,
    VideoRemakeService,
    VideoHistoryService,
    VideoFilesService,
    VideoStorage,
    VideoWorker,
    VideoAvailability,
    VideoTaskRepository,
    {
      provide: VIDEO_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.redisUrl
          ? new BullMqQueue(config.redisUrl, config.redisPrefix, config.video.workerConcurrency ?? undefined)
          : new InProcessQueue(config.video.workerConcurrency ?? undefined),
    },
    ModelCatalogue,
    VideoWaitEstimates,
    { provide: VideoProviders, inject: [APP_CONFIG, VideoStorage], useFactory: createVideoProviders },
  ],
  exports: [
    VideoGenerationService,
    ModelCatalogue,
    VideoHistoryService,
    VideoWorker,
    VideoAvailability,
    VIDEO_QUEUE,
    VideoTaskRepository,
    VideoStorage,
    VideoFilesService,
  ],
})
export class VideoModule {}
