import type { DataSource, EntityManager } from 'typeorm';

const sqliteQueues = new WeakMap<DataSource, Promise<unknown>>();
const commitHooks = new WeakMap<EntityManager, (() => void)[]>();

/**
 * One database transaction around `work`. SQLite runs on one connection, where a second BEGIN
 * while another transaction awaits fails, so there transactions take turns.
 */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const run = async () => {
    const hooks: (() => void)[] = [];
    const result = await dataSource.transaction((m) => {
      commitHooks.set(m, hooks);
      return work(m);
    });
    for (const hook of hooks) hook();
    return result;
  };
  if (dataSource.options.type !== 'better-sqlite3') return run();
  const previous = sqliteQueues.get(dataSource) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(run);
  sqliteQueues.set(dataSource, next);
  return next;
}

/**
 * Runs `hook` once `manager`'s transaction (begun by inTransaction) has committed, never if it rolls
 * back; at once for a manager outside one. For telling other processes of a change they will read.
 */
export function afterCommit(manager: EntityManager, hook: () => void): void {
  const hooks = commitHooks.get(manager);
  if (hooks) hooks.push(hook);
  else hook();
}

/** A unique index refused the row (MySQL ER_DUP_ENTRY, SQLite UNIQUE constraint). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string }; message?: string };
  const code = e?.driverError?.code ?? e?.code;
  return (
    code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/** MySQL chose this transaction as a deadlock victim; running it again is safe. */
export function isDeadlock(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return (e?.driverError?.code ?? e?.code) === 'ER_LOCK_DEADLOCK';
}
