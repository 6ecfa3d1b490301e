import type { VideoQueue } from './video-queue';

/** The embedded default: timers in this process, a few tasks at a time. */
export class InProcessQueue implements VideoQueue {
  private work: ((taskId: string) => Promise<void>) | null = null;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly waiting: string[] = [];
  private running = 0;
  private stopped = false;

  constructor(private readonly concurrency = 2) {}

  async enqueue(taskId: string, delayMs = 0): Promise<void> {
    if (this.stopped || this.timers.has(taskId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(taskId);
      this.waiting.push(taskId);
      this.drain();
    }, delayMs);
    timer.unref?.();
    this.timers.set(taskId, timer);
  }

  async start(work: (taskId: string) => Promise<void>): Promise<void> {
    this.work = work;
    this.drain();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
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
