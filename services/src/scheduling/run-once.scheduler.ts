import { Inject, Injectable, Logger } from '@nestjs/common';
import { LEASE_STORE, type LeaseStore } from './lease-store';
import { WorkerIdentity } from './worker-identity';

interface Job {
  name: string;
  timer: NodeJS.Timeout;
  inFlight?: Promise<void>;
}

/**
 * Periodic jobs that run in one process at a time, however many processes schedule them: each
 * tick, a process runs the job only if it holds (or can take) the job's lease. The holder renews
 * it every run; when the holder dies its lease expires and the next process to tick takes over.
 */
@Injectable()
export class RunOnceScheduler {
  private readonly logger = new Logger(RunOnceScheduler.name);
  private readonly jobs: Job[] = [];

  constructor(
    @Inject(LEASE_STORE) private readonly leases: LeaseStore,
    private readonly identity: WorkerIdentity,
  ) {}

  /** The lease outlives one interval by half of one and 5 s, so a live holder keeps it between runs. */
  static leaseMs(intervalMs: number): number {
    return Math.round(intervalMs * 1.5) + 5_000;
  }

  /** Runs `job` every `intervalMs` in whichever one process holds the lease `name`. */
  every(name: string, intervalMs: number, job: () => Promise<void>): void {
    const entry: Job = {
      name,
      timer: setInterval(() => void this.tick(entry, intervalMs, job), intervalMs),
    };
    entry.timer.unref();
    this.jobs.push(entry);
  }

  /** Runs `job` now if this process holds or can take the lease `name`; true when it ran. */
  async runIfLeader(name: string, intervalMs: number, job: () => Promise<void>): Promise<boolean> {
    if (!(await this.leases.acquire(name, this.identity.id, RunOnceScheduler.leaseMs(intervalMs)))) return false;
    await job();
    return true;
  }

  /**
   * Stops every job and hands the leases back, so another process takes over at its next tick. A tick
   * still running finishes first: handed back before it, its acquire would take the lease again.
   */
  async stop(): Promise<void> {
    for (const job of this.jobs) clearInterval(job.timer);
    await Promise.all(this.jobs.map((job) => job.inFlight));
    for (const job of this.jobs.splice(0)) await this.leases.release(job.name, this.identity.id).catch(() => undefined);
    await this.leases.close();
  }

  private async tick(entry: Job, intervalMs: number, job: () => Promise<void>): Promise<void> {
    if (entry.inFlight) return;
    entry.inFlight = this.runIfLeader(entry.name, intervalMs, job).then(
      () => undefined,
      (error: unknown) => this.logger.warn(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`),
    );
    await entry.inFlight;
    entry.inFlight = undefined;
  }
}
