import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { withTimeout } from '../common/with-timeout';
import { APP_CONFIG } from '../config/config.module';
import { SchemaGate } from '../database/schema-gate';
import { WorkerIdentity } from '../scheduling/worker-identity';
import { VIDEO_QUEUE, type VideoQueue } from '../video/queue/video-queue';
import { HealthErrorCode, HealthException } from './health.exception';
import { HealthService } from './health.service';

const QUEUE_TIMEOUT_MS = 2_000;

export type ReadinessCheck = 'draining' | 'database' | 'schema' | 'queue' | 'heartbeat' | 'static-files';

export interface ReadinessReport {
  status: 'ready';
  role: AppConfig['role'];
  checks: ReadinessCheck[];
}

/** What each role needs before it may take traffic (web never waits on the database: its pages are static). */
const CHECKS: Record<AppConfig['role'], ReadinessCheck[]> = {
  api: ['draining', 'database', 'schema', 'queue'],
  worker: ['draining', 'database', 'schema', 'queue', 'heartbeat'],
  web: ['draining', 'static-files'],
  all: ['draining', 'database', 'schema', 'queue', 'heartbeat'],
};

/**
 * Readiness by role, for load balancers and Kubernetes: a failing dependency takes the process
 * out of rotation without restarting it (liveness never looks at one). A draining process answers
 * not ready at once, so traffic moves elsewhere before it stops.
 */
@Injectable()
export class ReadinessService {
  private draining = false;
  private readonly drainListeners: (() => void)[] = [];
  private readonly shellPage: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly health: HealthService,
    @Inject(VIDEO_QUEUE) private readonly queue: VideoQueue,
    private readonly identity: WorkerIdentity,
    private readonly schema: SchemaGate,
  ) {
    this.shellPage = join(config.webDir, 'shell', 'dist', 'index.html');
  }

  /** From now on the process answers not ready (SIGTERM: it is going away). */
  beginDrain(): void {
    if (this.draining) return;
    this.draining = true;
    for (const listener of this.drainListeners) listener();
  }

  /** Calls `listener` when the drain begins (long-lived streams end then, so their clients move on). */
  onDrain(listener: () => void): void {
    this.drainListeners.push(listener);
  }

  /** The role's checks, all passed; otherwise a 503 naming the failing ones (never their error text). */
  async check(): Promise<ReadinessReport> {
    const checks = CHECKS[this.config.role];
    const results = await Promise.all(checks.map((check) => this.passes(check).catch(() => false)));
    const failing = checks.filter((_check, i) => !results[i]);
    if (failing.length) throw new HealthException(HealthErrorCode.NotReady, `Not ready: ${failing.join(', ')}`);
    return { status: 'ready', role: this.config.role, checks };
  }

  private async passes(check: ReadinessCheck): Promise<boolean> {
    switch (check) {
      case 'draining':
        return !this.draining;
      case 'database':
        await this.health.check();
        return true;
      case 'schema':
        return this.schema.isCurrent();
      case 'queue':
        await withTimeout(this.queue.ping(), QUEUE_TIMEOUT_MS);
        return true;
      case 'heartbeat':
        return this.identity.beating();
      case 'static-files':
        return existsSync(this.shellPage);
    }
  }
}
