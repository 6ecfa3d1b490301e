import { Queue, Worker } from 'bullmq';
import { bullConnection } from '../video/queue/bullmq.queue';
import {
  notificationJobId,
  type GiveUp,
  type NotificationJob,
  type NotificationQueue,
  type RetryPolicy,
} from './notification-queue';

const QUEUE_NAME = 'notifications';
/** A finished job's id is kept this long, so the same job added again (a retried decision) is not run twice. */
const KEEP_DONE_S = 3600;

/**
 * BullMQ on Redis (REDIS_URL), beside the video tasks' queue: jobs survive restarts and any worker
 * process runs them, retried with exponential backoff. A job that failed every try is logged and
 * removed (its data names a user and their prompt).
 */
export class BullMqNotificationQueue implements NotificationQueue {
  private readonly queue: Queue;
  private worker: Worker | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly retry: RetryPolicy,
    private readonly giveUp: GiveUp,
  ) {
    this.queue = new Queue(QUEUE_NAME, { connection: bullConnection(redisUrl), prefix });
  }

  async add(job: NotificationJob): Promise<void> {
    await this.queue.add(job.name, job.data, {
      jobId: notificationJobId(job),
      attempts: this.retry.attempts,
      backoff: { type: 'exponential', delay: this.retry.firstDelayMs },
      removeOnComplete: { age: KEEP_DONE_S },
      removeOnFail: true,
    });
  }

  async start(run: (job: NotificationJob) => Promise<void>): Promise<void> {
    this.worker = new Worker(QUEUE_NAME, (job) => run({ name: job.name, data: job.data } as NotificationJob), {
      connection: bullConnection(this.redisUrl),
      prefix: this.prefix,
      concurrency: 5,
    });
    this.worker.on('failed', (job, error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1))
        this.giveUp({ name: job.name, data: job.data } as NotificationJob, error);
    });
    await this.worker.waitUntilReady();
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
