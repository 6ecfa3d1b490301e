import type { DataSource } from 'typeorm';
import { DatabaseErrorCode, DatabaseException } from './database.exception';

/** Longer than any migration should take, shorter than the Job's activeDeadlineSeconds (900). */
const LOCK_WAIT_S = 600;

/** The names of the migrations this code knows, oldest first (TypeORM's own naming rule). */
export function knownMigrationNames(dataSource: DataSource): string[] {
  return dataSource.migrations.map((m) => m.name ?? m.constructor.name);
}

/**
 * Applies every pending migration, each in its own transaction, and returns their names. On MySQL
 * it first takes a named lock (GET_LOCK) for this database: DDL commits on its own there, so two
 * runs at once (two Jobs, or replicas migrating at boot) would both see a migration pending and run
 * it twice. The second waits, then finds nothing to do. The lock lives on its own connection, and
 * MySQL frees it if that connection dies, so a killed run leaves no stale lock behind.
 */
export async function applyPendingMigrations(
  dataSource: DataSource,
  { lockWaitSeconds = LOCK_WAIT_S, onWait }: { lockWaitSeconds?: number; onWait?: (line: string) => void } = {},
): Promise<string[]> {
  if (dataSource.options.type !== 'mysql') return names(await dataSource.runMigrations({ transaction: 'each' }));
  const lockRunner = dataSource.createQueryRunner();
  try {
    const lockName = `LEFT(CONCAT('veo3-migrate:', DATABASE()), 64)`;
    if (!(await getLock(lockRunner.query.bind(lockRunner), lockName, 0))) {
      onWait?.(`another migration holds the lock on this database; waiting up to ${lockWaitSeconds} s for it`);
      if (!(await getLock(lockRunner.query.bind(lockRunner), lockName, lockWaitSeconds))) {
        throw new DatabaseException(
          DatabaseErrorCode.MigrationLockTimeout,
          `another migration held the lock for more than ${lockWaitSeconds} s`,
        );
      }
    }
    try {
      return names(await dataSource.runMigrations({ transaction: 'each' }));
    } finally {
      await lockRunner.query(`SELECT RELEASE_LOCK(${lockName})`);
    }
  } finally {
    await lockRunner.release();
  }
}

async function getLock(
  query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>,
  lockName: string,
  waitSeconds: number,
): Promise<boolean> {
  const [row] = await query(`SELECT GET_LOCK(${lockName}, ?) AS got`, [waitSeconds]);
  return Number(row?.got) === 1;
}

function names(applied: { name: string }[]): string[] {
  return applied.map((migration) => migration.name);
}
