import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SessionRepository } from '../auth/session.repository';
import { BillingRepository } from '../billing/billing.repository';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { SchemaGate } from '../database/schema-gate';
import { MetricsService } from '../metrics/metrics.service';
import { RunOnceScheduler } from '../scheduling/run-once.scheduler';
import { TASK_RESTORE_DAYS } from '../video/video-history.service';
import { VideoStorage } from '../video/video-storage';
import { storedImages, type VideoTaskEntity } from '../video/video-task.entity';
import { VideoTaskRepository } from '../video/video-task.repository';

/** The run-once job that deletes personal data past its retention period. */
export const RETENTION_JOB = 'retention-purge';
/** Hourly: periods are days long, so an hour late costs nothing and keeps the load negligible. */
export const RETENTION_INTERVAL_MS = 3600_000;
/** Tasks handled per query, so one run never holds many rows in memory. */
const TASK_BATCH = 200;
const DAY_MS = 24 * 3600_000;

/** What one purge deleted. */
export interface PurgeCounts {
  sessions: number;
  failedUploads: number;
  deletedVideos: number;
  checkouts: number;
}

type StoredFiles = Pick<VideoTaskEntity, 'imagePath' | 'lastFramePath' | 'referenceImages'>;

/** The stored names of a task's uploaded pictures. */
const uploadsOf = (task: StoredFiles) =>
  [task.imagePath, task.lastFramePath, ...storedImages(task).map((image) => image.path)].filter(
    (name): name is string => name !== null,
  );

/**
 * Deletes what is kept only for a while (docs/OPERATIONS.md, Personal data): ended sessions, the
 * uploaded pictures of failed generations that can no longer be retried, videos deleted from
 * History past their restore window, and checkouts never paid.
 * Runs in one worker process of all, every hour; logs counts only.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RetentionService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: RunOnceScheduler,
    private readonly schema: SchemaGate,
    private readonly sessions: SessionRepository,
    private readonly tasks: VideoTaskRepository,
    private readonly storage: VideoStorage,
    private readonly billing: BillingRepository,
    private readonly metrics: MetricsService,
  ) {}

  // The worker's shutdown stops the shared scheduler, this job with it.
  onApplicationBootstrap(): void {
    if (this.config.role !== 'all' && this.config.role !== 'worker') return;
    const start = () =>
      this.scheduler.every(RETENTION_JOB, RETENTION_INTERVAL_MS, () => this.purge().then(() => undefined));
    // Never on the previous release's tables while the migration Job runs.
    if (this.schema.isCurrent()) start();
    else void this.schema.waitUntilCurrent().then(start);
  }

  /** Deletes everything past its period at `now`; what it deleted. */
  async purge(now = new Date()): Promise<PurgeCounts> {
    const { sessionDays, failedUploadDays, checkoutDays } = this.config.retention;
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const counts: PurgeCounts = {
      sessions: await this.sessions.deleteEndedBefore(daysAgo(sessionDays)),
      failedUploads: await this.purgeFailedUploads(daysAgo(failedUploadDays)),
      deletedVideos: await this.purgeDeletedVideos(daysAgo(TASK_RESTORE_DAYS)),
      checkouts: await this.billing.deleteUnfulfilledCheckoutsBefore(daysAgo(checkoutDays)),
    };
    this.metrics.purged('session', counts.sessions);
    this.metrics.purged('failed_upload', counts.failedUploads);
    this.metrics.purged('deleted_video', counts.deletedVideos);
    this.metrics.purged('checkout', counts.checkouts);
    if (Object.values(counts).some(Boolean)) {
      this.logger.log(
        `purged ${counts.sessions} session(s), the uploads of ${counts.failedUploads} failed task(s), ` +
          `${counts.deletedVideos} deleted video(s), ${counts.checkouts} unpaid checkout(s)`,
      );
    }
    return counts;
  }

  /**
   * Files first, then the columns: a run cut off in between finds the task again next time (deleting
   * a missing file is no error). The admin console refuses to retry these tasks, so none starts meanwhile.
   */
  private async purgeFailedUploads(before: Date): Promise<number> {
    let purged = 0;
    for (;;) {
      const batch = await this.tasks.failedWithUploadsBefore(before, TASK_BATCH);
      for (const task of batch) {
        for (const name of uploadsOf(task)) await this.storage.discardUpload(name);
        await this.tasks.clearUploads(task.id);
      }
      purged += batch.length;
      if (batch.length < TASK_BATCH) return purged;
    }
  }

  /** Deleted tasks past their restore window: files, then the row (so a cut-off run is finished next time). */
  private async purgeDeletedVideos(before: Date): Promise<number> {
    let purged = 0;
    for (;;) {
      const batch = await this.tasks.deletedBefore(before, TASK_BATCH);
      for (const task of batch) {
        for (const name of uploadsOf(task)) await this.storage.discardUpload(name);
        for (const name of [task.resultPath, task.posterPath]) if (name) await this.storage.discardVideo(name);
        if (await this.tasks.deleteIfDeletedBefore(task.id, before)) purged++;
      }
      if (batch.length < TASK_BATCH) return purged;
    }
  }
}
