import { Queue, Worker } from 'bullmq';
import type { VideoQueue } from './video-queue';

const QUEUE_NAME = 'video-tasks';

/** BullMQ's connection options for REDIS_URL (also the notifications' queue's). */
export function bullConnection(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password || undefined,
    db: Number(url.pathname.slice(1) || 0),
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * BullMQ on Redis (REDIS_URL): jobs survive restarts and are shared by worker processes. A job
 * id per task and delay keeps one scheduled job per step; the worker's database lease keeps a
 * task from being processed twice at once even if two jobs for it meet.
 */
export class BullMqQueue implements VideoQueue {
  private readonly queue: Queue;
  private worker: Worker | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix = 'veo3',
    private readonly concurrency = 4,
  ) {
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection(), prefix });
  }

  async enqueue(taskId: string, delayMs = 0): Promise<void> {
    await this.queue.add(
      'step',
      { taskId },
      {
        // BullMQ job ids may not contain ':'.
        jobId: `${taskId}-${Date.now() + delayMs}`,
        delay: delayMs,
        removeOnComplete: true,
        removeOnFail: 1000,
        attempts: 3,
        backoff: { type: 'exponential', delay: 2000 },
      },
    );
  }

  async start(work: (taskId: string) => Promise<void>): Promise<void> {
    this.worker = new Worker(QUEUE_NAME, async (job) => work(job.data.taskId as string), {
      connection: this.connection(),
      prefix: this.prefix,
      concurrency: this.concurrency,
    });
    await this.worker.waitUntilReady();
  }

  async ping(): Promise<void> {
    await this.queue.count();
  }

  jobCounts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }

  private connection() {
    return bullConnection(this.redisUrl);
  }
}
