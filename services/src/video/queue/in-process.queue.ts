import type { VideoQueue } from './video-queue';

/** The embedded default: timers in this process, a few tasks at a time. */
export class InProcessQueue implements VideoQueue {
  private work: ((taskId: string) => Promise<void>) | null = null;
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; due: number }>();
  private readonly waiting: string[] = [];
  private running = 0;
  private stopped = false;

  constructor(private readonly concurrency = 2) {}

  /**
   * One timer per task: a later request collapses into it, an earlier one (a provider callback)
   * brings it forward. A process that runs no jobs (ROLE=api without Redis) keeps nothing: the task
   * row is the truth, and a worker's sweep finds it.
   */
  async enqueue(taskId: string, delayMs = 0): Promise<void> {
    const due = Date.now() + delayMs;
    const scheduled = this.timers.get(taskId);
    if (this.stopped || !this.work || (scheduled && scheduled.due <= due)) return;
    if (scheduled) clearTimeout(scheduled.timer);
    const timer = setTimeout(() => {
      this.timers.delete(taskId);
      this.waiting.push(taskId);
      this.drain();
    }, delayMs);
    timer.unref?.();
    this.timers.set(taskId, { timer, due });
  }

  async start(work: (taskId: string) => Promise<void>): Promise<void> {
    this.work = work;
    this.drain();
  }

  /** Timers in this process: it can take work while the process runs. */
  async ping(): Promise<void> {}

  async stop(): Promise<void> {
    this.stopped = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
    while (this.running > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private drain(): void {
    while (this.work && !this.stopped && this.running < this.concurrency && this.waiting.length) {
      const taskId = this.waiting.shift()!;
      if (this.waiting.includes(taskId)) continue;
      this.running++;
      void this.work(taskId)
        .catch(() => undefined)
        .finally(() => {
          this.running--;
          this.drain();
        });
    }
  }
}
