import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { knownMigrationNames } from './migration-runner';

/** The migrations this code knows, and the ones the database's migrations table says were applied. */
@Injectable()
export class MigrationRepository {
  constructor(private readonly dataSource: DataSource) {}

  known(): string[] {
    return knownMigrationNames(this.dataSource);
  }

  async applied(): Promise<string[]> {
    const table = this.dataSource.options.migrationsTableName ?? 'migrations';
    const runner = this.dataSource.createQueryRunner();
    try {
      // Before the first migration ran there is no table: everything is pending.
      if (!(await runner.hasTable(table))) return [];
      const rows: { name: string }[] = await runner.query(`SELECT name FROM ${this.dataSource.driver.escape(table)}`);
      return rows.map((row) => row.name);
    } finally {
      await runner.release();
    }
  }
}
