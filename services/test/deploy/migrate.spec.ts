import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { createConnection } from 'mysql2/promise';
import { DatabaseErrorCode } from '../../src/database/database.exception';
import { applyPendingMigrations } from '../../src/database/migration-runner';
import { migrations } from '../../src/database/migrations';
import { migrateCommand, runMigrations } from '../../src/migrate';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/test-database';

function quietLog() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, log: { log: (m: string) => lines.out.push(m), error: (m: string) => lines.err.push(m) } };
}

/** The tables of the database the command was pointed at (through the same environment). */
async function tableNames(db: TestDatabase): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(loadConfig(db.env).database, { migrationsRun: false }));
  await dataSource.initialize();
  try {
    const rows: Record<string, string>[] =
      db.kind === 'sqlite'
        ? await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table'`)
        : await dataSource.query('SHOW TABLES');
    return rows.map((row) => String(Object.values(row)[0]));
  } finally {
    await dataSource.destroy();
  }
}

describe.each(databaseKinds())('npm run migrate (%s)', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
  });
  afterEach(() => db.drop());

  it('creates every table on a fresh database, exits 0, and applies nothing the second time', async () => {
    const first = quietLog();
    expect(await migrateCommand(db.env, first.log)).toBe(0);
    expect(first.lines.err).toEqual([]);
    expect(first.lines.out[0]).toContain(`Applied ${migrations.length} migration(s)`);
    expect(await tableNames(db)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'credit_transactions', 'video_tasks', 'payments', 'blog_posts']),
    );

    const second = quietLog();
    expect(await migrateCommand(db.env, second.log)).toBe(0);
    expect(second.lines.out[0]).toMatch(/up to date: no migration to apply/);
  });
});

// Two Jobs at once (a re-created Job while the old one runs, or replicas migrating at boot). SQLite
// is one file on one machine, where two migrating processes are not a deployment: MySQL only.
const describeMysql = process.env.TEST_MYSQL_URL ? describe : describe.skip;
describeMysql('npm run migrate, two at once (mysql)', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase('mysql');
  });
  afterEach(() => db.drop());

  it('lets two runs at once take turns: each migration runs once', async () => {
    const { database } = loadConfig(db.env);
    const [a, b] = await Promise.all([runMigrations(database), runMigrations(database)]);
    expect([...a, ...b].sort()).toEqual(migrations.map((m) => new m().name).sort());
    expect([a.length, b.length]).toContain(0);
  });

  it('waits for the lock another run holds, says so, and gives up after its wait', async () => {
    const holder = await createConnection({ uri: db.env.DATABASE_URL! });
    await holder.query(`SELECT GET_LOCK(LEFT(CONCAT('veo3-migrate:', DATABASE()), 64), 0)`);
    const dataSource = new DataSource(dataSourceOptions(loadConfig(db.env).database, { migrationsRun: false }));
    await dataSource.initialize();
    try {
      const waits: string[] = [];
      await expect(
        applyPendingMigrations(dataSource, { lockWaitSeconds: 1, onWait: (line) => waits.push(line) }),
      ).rejects.toMatchObject({ code: DatabaseErrorCode.MigrationLockTimeout });
      expect(waits).toEqual([
        expect.stringMatching(/another migration holds the lock on this database; waiting up to 1 s/),
      ]);
      expect(await tableNames(db)).not.toContain('users');
      // Freed when its holder goes (a killed Job's connection closes): the next run goes through.
      await holder.end();
      expect(await applyPendingMigrations(dataSource)).toHaveLength(migrations.length);
    } finally {
      await dataSource.destroy();
      await holder.end().catch(() => undefined);
    }
  });
});

describe('npm run migrate, refused', () => {
  it('exits 1 naming the variable when the configuration is bad', async () => {
    const { lines, log } = quietLog();
    expect(await migrateCommand({ DATABASE_URL: 'postgres://db/veo3' }, log)).toBe(1);
    expect(lines.err.join('\n')).toMatch(/DATABASE_URL: must start with mysql:\/\//);
  });

  it('exits 1 with the reason when the database cannot be reached', async () => {
    const { lines, log } = quietLog();
    // Port 1 on the loopback refuses at once: no server is ever there.
    expect(await migrateCommand({ DATABASE_URL: 'mysql://veo3@127.0.0.1:1/veo3' }, log)).toBe(1);
    expect(lines.err.join('\n')).toMatch(/^Migration of the MySQL database failed: .*ECONNREFUSED/);
  });
});
