import {
  notificationJobId,
  type GiveUp,
  type NotificationJob,
  type NotificationQueue,
  type RetryPolicy,
} from './notification-queue';

/** Job ids remembered against a repeated add (BullMQ keeps a finished job's id as long). */
const REMEMBER_MS = 3600_000;

/**
 * The embedded default: each job on a timer in this process, tried again after a growing wait,
 * given up (and logged by `giveUp`) after the policy's last try. Jobs added before `start` wait for it.
 */
export class InProcessNotificationQueue implements NotificationQueue {
  private run: ((job: NotificationJob) => Promise<void>) | null = null;
  private readonly waiting: NotificationJob[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly seen = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly retry: RetryPolicy,
    private readonly giveUp: GiveUp,
  ) {}

  async add(job: NotificationJob): Promise<void> {
    if (this.stopped || this.isRepeat(notificationJobId(job))) return;
    if (this.run) this.attempt(job, 1);
    else this.waiting.push(job);
  }

  async start(run: (job: NotificationJob) => Promise<void>): Promise<void> {
    this.run = run;
    for (const job of this.waiting.splice(0)) this.attempt(job, 1);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running);
  }

  private isRepeat(id: string): boolean {
    const now = Date.now();
    for (const [seenId, at] of this.seen) if (at < now - REMEMBER_MS) this.seen.delete(seenId);
    if (this.seen.has(id)) return true;
    this.seen.set(id, now);
    return false;
  }

  private attempt(job: NotificationJob, attempt: number): void {
    if (this.stopped || !this.run) return;
    const done = this.run(job)
      .catch((error: unknown) => {
        if (attempt >= this.retry.attempts) return this.giveUp(job, error);
        this.later(() => this.attempt(job, attempt + 1), this.retry.firstDelayMs * 2 ** (attempt - 1));
      })
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  private later(work: () => void, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}
