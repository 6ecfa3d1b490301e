import type { FinishedVideo } from './finished-video';

/**
 * The jobs of "ready" notifications: `video-finished` decides who hears of it (nobody while the user
 * watches), then each e-mail and each browser's push is a job of its own, retried on its own.
 */
export type NotificationJob =
  | { name: 'video-finished'; data: FinishedVideo }
  | { name: 'ready-email'; data: { video: FinishedVideo; firstVideo: boolean } }
  | { name: 'ready-push'; data: { video: FinishedVideo; subscriptionId: string } };

/** Tries of a job and the wait before the second, doubling after each failure: 3 s, 6 s … 25 min in all. */
export interface RetryPolicy {
  attempts: number;
  firstDelayMs: number;
}

export const NOTIFICATION_RETRY: RetryPolicy = { attempts: 10, firstDelayMs: 3_000 };

/** A job's id: the same job added twice (a retried decision) runs once. */
export function notificationJobId(job: NotificationJob): string {
  if (job.name === 'video-finished') return `finished-${job.data.taskId}-${job.data.status}`;
  if (job.name === 'ready-email') return `email-${job.data.video.taskId}-${job.data.video.status}`;
  return `push-${job.data.video.taskId}-${job.data.video.status}-${job.data.subscriptionId}`;
}

/** Where notification jobs wait: BullMQ with REDIS_URL, timers in this process otherwise. */
export interface NotificationQueue {
  add(job: NotificationJob): Promise<void>;
  /** Runs jobs from now on (processes that run jobs: ROLE=all or worker); a job that throws is retried. */
  start(run: (job: NotificationJob) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export const NOTIFICATION_QUEUE = Symbol('NOTIFICATION_QUEUE');

/** Logs a job that failed every try: nothing else happens (the video is long finished). */
export type GiveUp = (job: NotificationJob, error: unknown) => void;

/** The task a job is about, for the log. */
export function jobTaskId(job: NotificationJob): string {
  return job.name === 'video-finished' ? job.data.taskId : job.data.video.taskId;
}
