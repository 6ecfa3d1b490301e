import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable, Logger } from '@nestjs/common';
import { WorkerRepository } from './worker.repository';

/** How often a worker says it is alive. */
export const HEARTBEAT_MS = 5_000;
/** A worker silent this long (several missed beats) is dead: its task leases are freed. */
export const DEAD_AFTER_MS = 20_000;
/** Rows of dead workers are kept this long for operators, then deleted. */
const FORGET_AFTER_MS = 24 * 3600_000;

/**
 * This process's identity as a worker: a random UUID (two containers with one hostname and pid
 * cannot share it) with a heartbeat row in `workers`, renewed every HEARTBEAT_MS. Task leases name
 * it; a lease whose holder stopped beating is freed (see VideoWorker), never judged by a pid.
 */
@Injectable()
export class WorkerIdentity {
  readonly id = randomUUID();
  private readonly logger = new Logger(WorkerIdentity.name);
  private readonly beatListeners: (() => Promise<void>)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private started: Promise<void> | undefined;
  /** When this worker's row was last renewed (ms; 0: never): its metrics gauge. */
  lastBeatAt = 0;

  constructor(private readonly workers: WorkerRepository) {}

  /** Registers this worker (idempotent) and starts its heartbeat. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.register();
      this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
      this.timer.unref();
    })();
    return this.started;
  }

  /** Runs `listener` with every heartbeat (e.g. to extend the leases this worker holds). */
  onBeat(listener: () => Promise<void>): void {
    this.beatListeners.push(listener);
  }

  /** Stops beating and removes this worker's row: its leases are no longer protected by it. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    if (!this.started) return;
    await this.workers.delete(this.id);
  }

  /** Whether this worker's row was renewed lately (a few beats): readiness fails once it stops. */
  beating(now = Date.now()): boolean {
    return this.started !== undefined && now - this.lastBeatAt < HEARTBEAT_MS * 3;
  }

  /** The moment before which a last heartbeat means the worker is dead. */
  static deadBefore(now = Date.now()): Date {
    return new Date(now - DEAD_AFTER_MS);
  }

  /** Deletes the rows of workers dead for a long time. */
  async forgetLongDead(): Promise<number> {
    return this.workers.deleteSilentSince(new Date(Date.now() - FORGET_AFTER_MS));
  }

  private async beat(): Promise<void> {
    try {
      // Our row was deleted (taken for dead during a long stall): register again.
      if (!(await this.workers.beat(this.id, new Date()))) await this.register();
      this.lastBeatAt = Date.now();
      for (const listener of this.beatListeners) await listener();
    } catch (error) {
      this.logger.warn(`heartbeat failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async register(): Promise<void> {
    const now = new Date();
    await this.workers.insert({
      id: this.id,
      hostname: hostname().slice(0, 255),
      pid: process.pid,
      startedAt: now,
      heartbeatAt: now,
    });
    this.lastBeatAt = now.getTime();
  }
}
