import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { SchemaGate } from '../database/schema-gate';
import type { FinishedVideo } from './finished-video';
import { NOTIFICATION_QUEUE, type NotificationQueue } from './notification-queue';
import { ReadyNotifier } from './ready-notifier.service';

/**
 * What the video module calls once a video's end is committed: the "ready" notifications become a
 * job on the queue, and this process runs the queue's jobs when it runs jobs (ROLE=all or worker).
 * Telling never waits for anything and never fails its caller: the video is finished either way.
 */
@Injectable()
export class VideoNotifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(VideoNotifications.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(NOTIFICATION_QUEUE) private readonly queue: NotificationQueue,
    private readonly notifier: ReadyNotifier,
    private readonly schema: SchemaGate,
  ) {}

  /** A video completed or failed (its credits refunded): its owner may hear of it. */
  videoFinished(video: FinishedVideo): void {
    this.queue
      .add({ name: 'video-finished', data: video })
      .catch((error: unknown) =>
        this.logger.warn(`task ${video.taskId}: could not queue its notifications: ${String(error)}`),
      );
  }

  onApplicationBootstrap(): void {
    if (this.config.role !== 'all' && this.config.role !== 'worker') return;
    const start = () => this.queue.start((job) => this.notifier.run(job));
    // Jobs read this release's tables: none runs before the migrations did.
    if (this.schema.isCurrent()) void start();
    else void this.schema.waitUntilCurrent().then(start);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.stop();
  }
}
