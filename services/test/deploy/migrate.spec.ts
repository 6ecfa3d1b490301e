import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { migrations } from '../../src/database/migrations';
import { migrateCommand } from '../../src/migrate';
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
