import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { dataSourceOptions } from '../src/database/data-source-options';
import { applyPendingMigrations } from '../src/database/migration-runner';
import { migrations } from '../src/database/migrations';
import { SchemaGate, compareMigrations } from '../src/database/schema-gate';
import { runMigrations } from '../src/migrate';
import { createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database';

/** Runs `work` on a DataSource of the database the app will use, knowing `known` migrations. */
async function withDatabase<T>(
  db: TestDatabase,
  known: unknown[],
  work: (dataSource: DataSource) => Promise<T>,
): Promise<T> {
  const options = dataSourceOptions(loadConfig(db.env).database, { migrationsRun: false });
  const dataSource = await new DataSource({ ...options, migrations: known as never }).initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

describe('compareMigrations', () => {
  it('names what this code still needs and what a newer release added', () => {
    expect(compareMigrations(['A', 'B', 'C'], ['A', 'B', 'C'])).toEqual({ current: true, pending: [], unknown: [] });
    expect(compareMigrations(['A', 'B', 'C'], ['A'])).toEqual({ current: false, pending: ['B', 'C'], unknown: [] });
    expect(compareMigrations(['A', 'B'], ['A', 'B', 'Z'])).toEqual({ current: true, pending: [], unknown: ['Z'] });
    expect(compareMigrations(['A'], [])).toEqual({ current: false, pending: ['A'], unknown: [] });
  });
});

describe.each(databaseKinds())('SchemaGate with MIGRATE_ON_BOOT=false (%s)', (kind) => {
  let db: TestDatabase;
  let test: TestApp | undefined;
  let lines: string[];
  beforeEach(async () => {
    db = await createTestDatabase(kind);
    lines = [];
    for (const level of ['log', 'warn'] as const) {
      jest.spyOn(Logger.prototype, level).mockImplementation(function (
        this: Logger,
        message: unknown,
        ..._rest: unknown[]
      ) {
        if ((this as unknown as { context?: string }).context === SchemaGate.name) lines.push(String(message));
      });
    }
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await test?.close();
    test = undefined;
    await db.drop();
  });

  it('keeps the process up but closed while migrations are pending, and opens once the Job has run', async () => {
    // The previous release's schema: every migration but the newest.
    await withDatabase(db, migrations.slice(0, -1), applyPendingMigrations);
    test = await createTestApp(db, { MIGRATE_ON_BOOT: 'false' });
    const { app } = test;
    const gate = app.get(SchemaGate);
    const newest = new (migrations.at(-1)!)().name!;

    expect(gate.isCurrent()).toBe(false);
    expect(lines).toEqual([
      `waiting for the schema: 1 migration(s) pending (${newest}); run the migration Job (npm run migrate -w services)`,
    ]);
    // Alive for the liveness probe; everything else says why it is not served.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    for (const url of ['/api/credits/balance', '/api/blog/posts', '/blog', '/']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['retry-after'], res.json()]).toEqual([
        url,
        503,
        '5',
        { success: false, code: 'DATABASE_SCHEMA_PENDING', message: expect.stringMatching(/being upgraded/) },
      ]);
    }
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: 'early@example.com' } });
    expect(signIn.statusCode).toBe(503);
    // The worker took no job and did not even register.
    const workers = () => withDatabase(db, [], (ds) => ds.query('SELECT id FROM workers'));
    expect(await workers()).toEqual([]);

    // Still pending on a recheck: the same line is not logged again.
    expect(await gate.check()).toMatchObject({ current: false, pending: [newest] });
    expect(lines).toHaveLength(1);

    expect(await runMigrations(loadConfig(db.env).database)).toEqual([newest]);
    expect(await gate.check()).toEqual({ current: true, pending: [], unknown: [] });
    await gate.waitUntilCurrent();
    expect(gate.isCurrent()).toBe(true);
    expect(lines.at(-1)).toBe('the schema is current: serving');

    const res = await app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: 'early@example.com' } });
    expect(res.statusCode).toBe(200);
    // The worker started once the gate opened.
    for (let i = 0; i < 50 && (await workers()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await workers()).toHaveLength(1);
  });

  it('serves a schema newer than its code (a rolled-back release) and says so', async () => {
    await withDatabase(db, migrations, async (dataSource) => {
      await applyPendingMigrations(dataSource);
      await dataSource.query('INSERT INTO migrations (timestamp, name) VALUES (?, ?)', [
        1899999999999,
        'NextRelease1899999999999',
      ]);
    });
    test = await createTestApp(db, { MIGRATE_ON_BOOT: 'false' });
    expect(test.app.get(SchemaGate).isCurrent()).toBe(true);
    expect(lines).toEqual([
      'the schema is newer than this code: 1 migration(s) it does not know (NextRelease1899999999999); serving, as expand/contract allows',
    ]);
    expect((await test.app.inject({ method: 'GET', url: '/api/blog/posts' })).statusCode).toBe(200);
  });

  it('is open at once when the process migrates at boot (the default)', async () => {
    test = await createTestApp(db);
    expect(test.app.get(SchemaGate).isCurrent()).toBe(true);
    expect(lines).toEqual([]);
  });
});
