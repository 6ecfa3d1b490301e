import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { migrations } from './migrations';

/**
 * SQLite file in DATA_DIR by default, MySQL/MariaDB when DATABASE_URL is set; schema only through
 * migrations, run at boot unless a one-shot job runs them first (MIGRATE_ON_BOOT=false).
 */
export function dataSourceOptions(
  database: AppConfig['database'],
  { migrationsRun = true }: { migrationsRun?: boolean } = {},
): DataSourceOptions {
  const common = { synchronize: false, migrationsRun, migrations, migrationsTransactionMode: 'each' as const };
  if (database.type === 'mysql') {
    return { ...common, type: 'mysql', url: database.url, charset: 'utf8mb4', timezone: 'Z', poolSize: 10 };
  }
  if (database.path !== ':memory:') mkdirSync(dirname(database.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: database.path,
    prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
      // WAL lets readers go on while one writer commits; foreign keys are off by default in SQLite.
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
    },
  };
}
