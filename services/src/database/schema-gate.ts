import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { MigrationRepository } from './migration.repository';

/** How often a process waiting for the migration Job looks at the schema again. */
export const SCHEMA_RECHECK_MS = 5_000;

export interface SchemaStatus {
  /** Every migration this code knows is applied. */
  current: boolean;
  /** Known to this code, not applied yet (oldest first). */
  pending: string[];
  /** Applied, but unknown to this code: a newer release migrated (this code is a rollback). */
  unknown: string[];
}

/**
 * Whether the database's schema is the one this code needs. With MIGRATE_ON_BOOT=false the
 * migration Job may still be running when the new API and worker pods start (`kubectl apply` of a
 * whole release, Argo CD, Flux): until every migration this code knows is applied, the process
 * stays up (liveness) but not ready, its API answers 503 and its worker takes no job. It looks
 * again every SCHEMA_RECHECK_MS and opens for good once the schema is current; a schema only
 * moves forward. A newer schema than this code knows is fine under expand/contract (docs/RELEASES.md).
 */
@Injectable()
export class SchemaGate implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SchemaGate.name);
  private current = false;
  private lastReport = '';
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly opened: Promise<void>;
  private open!: () => void;

  constructor(private readonly migrations: MigrationRepository) {
    this.opened = new Promise((resolve) => (this.open = resolve));
  }

  async onModuleInit(): Promise<void> {
    await this.check();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Answered from memory, so a readiness probe costs nothing once the schema is current. */
  isCurrent(): boolean {
    return this.current;
  }

  /** Resolves once every migration this code knows is applied (at once if it already is). */
  waitUntilCurrent(): Promise<void> {
    return this.opened;
  }

  /**
   * Compares the applied migrations with the ones this code knows, now. A failed read (the
   * database away for a moment) counts as not current and is tried again: never a crash loop.
   */
  async check(): Promise<SchemaStatus> {
    clearTimeout(this.timer);
    let status: SchemaStatus;
    try {
      status = compareMigrations(this.migrations.known(), await this.migrations.applied());
    } catch (error) {
      this.report(`waiting for the schema: cannot read the applied migrations (${errorText(error)}); trying again`);
      this.recheckLater();
      return { current: false, pending: [], unknown: [] };
    }
    if (status.current) {
      if (status.unknown.length) {
        this.report(
          `the schema is newer than this code: ${status.unknown.length} migration(s) it does not know ` +
            `(${status.unknown.join(', ')}); serving, as expand/contract allows`,
          'warn',
        );
      } else if (this.lastReport) this.report('the schema is current: serving');
      this.current = true;
      this.open();
    } else {
      this.report(
        `waiting for the schema: ${status.pending.length} migration(s) pending (${status.pending.join(', ')}); ` +
          'run the migration Job (npm run migrate -w services)',
      );
      this.recheckLater();
    }
    return status;
  }

  private recheckLater(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.check(), SCHEMA_RECHECK_MS);
    // A waiting gate alone must not keep a stopping process alive.
    this.timer.unref();
  }

  /** One line per change of state, not one per recheck. */
  private report(line: string, level: 'log' | 'warn' = 'log'): void {
    if (line === this.lastReport) return;
    this.lastReport = line;
    this.logger[level](line);
  }
}

/** Pending: known and not applied. Unknown: applied and not known (a newer release's). */
export function compareMigrations(known: string[], applied: string[]): SchemaStatus {
  const done = new Set(applied);
  const knownSet = new Set(known);
  const pending = known.filter((name) => !done.has(name));
  return { current: pending.length === 0, pending, unknown: applied.filter((name) => !knownSet.has(name)) };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
