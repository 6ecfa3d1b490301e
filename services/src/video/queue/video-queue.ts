/** Schedules work on tasks; the database row stays the truth, so a lost or duplicated job is harmless. */
export interface VideoQueue {
  /** Asks for `taskId` to be worked on after `delayMs`. Repeated calls for one task may collapse. */
  enqueue(taskId: string, delayMs?: number): Promise<void>;
  /** Starts calling `work` for scheduled tasks (a worker process or ROLE=all). */
  start(work: (taskId: string) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  /** Resolves while the queue can take work (Redis answers); rejects otherwise. */
  ping(): Promise<void>;
  /** The queue's own job counts by state (BullMQ), for the metrics. */
  jobCounts?(): Promise<Record<string, number>>;
}

export const VIDEO_QUEUE = Symbol('VIDEO_QUEUE');
