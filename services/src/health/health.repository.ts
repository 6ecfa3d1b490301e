import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqliteConnection, type SqliteStatement } from '../database/entity-rows';
import { withTimeout } from '../common/with-timeout';

/** The health probe's one query: a real round trip to the database. */
@Injectable()
export class HealthRepository {
  private sqliteProbe: { connection: unknown; statement: SqliteStatement } | null = null;

  constructor(private readonly dataSource: DataSource) {}

  /** `SELECT 1`, bounded by `timeoutMs` (except on SQLite, see below). */
  async roundTrip(timeoutMs: number): Promise<void> {
    // SQLite answers in-process and synchronously: no timer could interrupt it, so none is set.
    const sqlite = sqliteConnection(this.dataSource);
    if (sqlite) {
      // Prepared once per connection (a reconnected DataSource has a new one).
      if (this.sqliteProbe?.connection !== sqlite)
        this.sqliteProbe = { connection: sqlite, statement: sqlite.prepare('SELECT 1') };
      this.sqliteProbe.statement.all();
      return;
    }
    await withTimeout(this.dataSource.query('SELECT 1'), timeoutMs);
  }
}
