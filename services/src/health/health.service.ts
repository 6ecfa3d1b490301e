import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqliteConnection, type SqliteStatement } from '../common/entity-rows';
import { maskSecrets } from '../common/mask-secrets';
import { withTimeout } from '../common/with-timeout';
import { VideoAvailability, type VideoHealth } from '../video/video-availability';
import { HealthErrorCode, HealthException } from './health.exception';

const DATABASE_TIMEOUT_MS = 3_000;

export interface HealthReport {
  /** `degraded`: the site serves, but video generation is refused (see `video.reason`). */
  status: 'ok' | 'degraded';
  video: VideoHealth;
}

@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);
  private probe: Promise<void> | null = null;
  private sqliteProbe: { connection: unknown; statement: SqliteStatement } | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly video: VideoAvailability,
  ) {}

  /**
   * A real round trip to the database, bounded so a hung database answers 503 rather than hanging
   * the probe; and what the video provider's model check last found, which never fails the probe.
   */
  async check(): Promise<HealthReport> {
    try {
      // Probes that arrive while one round trip is under way share it, rather than queue behind it.
      await (this.probe ??= this.roundTrip().finally(() => (this.probe = null)));
    } catch (error) {
      // The driver's text can name hosts and users: the log has it, the public reply does not.
      this.logger.warn(`database probe failed: ${maskSecrets(error instanceof Error ? error.message : String(error))}`);
      throw new HealthException(HealthErrorCode.DatabaseDown, 'Database unavailable');
    }
    const video = this.video.health();
    return { status: video.status, video };
  }

  private async roundTrip(): Promise<void> {
    // SQLite answers in-process and synchronously: no timer could interrupt it, so none is set.
    const sqlite = sqliteConnection(this.dataSource);
    if (sqlite) {
      // Prepared once per connection (a reconnected DataSource has a new one).
      if (this.sqliteProbe?.connection !== sqlite)
        this.sqliteProbe = { connection: sqlite, statement: sqlite.prepare('SELECT 1') };
      this.sqliteProbe.statement.all();
      return;
    }
    await withTimeout(this.dataSource.query('SELECT 1'), DATABASE_TIMEOUT_MS);
  }
}
