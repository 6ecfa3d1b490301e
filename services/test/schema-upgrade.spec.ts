import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sign } from 'jsonwebtoken';
import { DataSource, type MigrationInterface, type Table } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { dataSourceOptions } from '../src/database/data-source-options';
import { applyPendingMigrations } from '../src/database/migration-runner';
import { migrations } from '../src/database/migrations';
import { migrateCommand } from '../src/migrate';
import { createTestApp } from './support/test-app';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database';

/**
 * The expand/contract rule (docs/RELEASES.md "Releases and the schema"), checked: a database made and filled
 * by the last release's migrations is migrated to this tree's with its data intact, the last
 * release's reads and writes still work on it, and no new migration drops or renames a column or
 * a table the last release's code may use.
 */

interface ReleasedMigrations {
  release: string;
  migrations: string[];
  /** `table` or `table.column` the code stopped using a release ago: a new migration may drop these. */
  retired: string[];
}

const released = JSON.parse(
  readFileSync(join(__dirname, '..', 'src', 'database', 'released-migrations.json'), 'utf8'),
) as ReleasedMigrations;

type MigrationClass = new () => MigrationInterface;
const nameOf = (migration: MigrationClass) => new migration().name ?? migration.name;
const releasedClasses = migrations.slice(0, released.migrations.length);
const unreleased = migrations.slice(released.migrations.length).map(nameOf);

const JWT_SECRET = 'schema-upgrade-spec-0123456789abcdef-0123456789abcdef';
/** Bookkeeping, not data: TypeORM's and SQLite's own. */
const BOOKKEEPING = new Set(['migrations', 'typeorm_metadata', 'sqlite_sequence']);

/** A DataSource on the database `db.env` points the app at, knowing only `known` (oldest first). */
async function openWith(db: TestDatabase, known: MigrationClass[]): Promise<DataSource> {
  const { database } = loadConfig(db.env);
  return new DataSource({ ...dataSourceOptions(database, { migrationsRun: false }), migrations: known }).initialize();
}

/** The database's tables and their columns, by name (bookkeeping left out). */
async function schemaOf(dataSource: DataSource): Promise<Map<string, Table>> {
  // Named: without names, TypeORM lists every database on a MySQL server.
  const rows: Record<string, string>[] = await dataSource.query(
    dataSource.options.type === 'mysql'
      ? 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()'
      : `SELECT name FROM sqlite_master WHERE type = 'table'`,
  );
  const names = rows.map((row) => String(row.name ?? row.NAME)).filter((name) => !BOOKKEEPING.has(name));
  const runner = dataSource.createQueryRunner();
  try {
    const tables = await runner.getTables(names);
    return new Map(tables.map((t) => [t.name, t]));
  } finally {
    await runner.release();
  }
}

/** Every row of every table in `schema`, through `schema`'s columns only (what the old code can see). */
async function rowsOf(dataSource: DataSource, schema: Map<string, Table>): Promise<Record<string, unknown[]>> {
  const escape = (name: string) => dataSource.driver.escape(name);
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of schema) {
    const columns = table.columns.map((c) => c.name).sort();
    const list = columns.map(escape).join(', ');
    const rows: Record<string, unknown>[] = await dataSource.query(
      `SELECT ${list} FROM ${escape(name)} ORDER BY ${list}`,
    );
    out[name] = rows.map((row) =>
      Object.fromEntries(columns.map((c) => [c, row[c] instanceof Date ? (row[c] as Date).toISOString() : row[c]])),
    );
  }
  return out;
}

/** What the last release's code writes, in its own SQL: one user and what they did, under `tag`. */
function eraRows(tag: string) {
  const userId = randomUUID();
  const author = randomUUID();
  const sessionId = randomUUID();
  const done = randomUUID();
  const running = randomUUID();
  const at = (minute: number) => `2025-11-20 10:${String(minute).padStart(2, '0')}:00.000`;
  const email = `era-${tag}@example.com`;
  const statements: [string, unknown[]][] = [
    [
      'INSERT INTO users (id, email, name, picture, provider, provider_subject, credits, can_manage_blog, is_admin, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?, ?, 0, 0, ?, ?)',
      [userId, email, `Era ${tag}`, 'dev', email, 80, at(0), at(0)],
    ],
    [
      'INSERT INTO users (id, email, name, picture, provider, provider_subject, credits, can_manage_blog, is_admin, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?, 0, 1, 0, ?, ?)',
      [author, `author-${tag}@example.com`, `Author ${tag}`, 'dev', `author-${tag}@example.com`, at(0), at(0)],
    ],
    [
      'INSERT INTO sessions (id, user_id, created_at, expires_at, revoked_at, user_agent, ip) VALUES (?, ?, ?, ?, NULL, ?, ?)',
      [sessionId, userId, at(1), '2099-01-01 00:00:00.000', 'era-browser', '203.0.113.7'],
    ],
    [
      'INSERT INTO checkout_sessions (id, user_id, type, item_id, billing_cycle, amount_cents, currency, credits, status, simulated, success_url, cancel_url, credits_granted, created_at, fulfilled_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)',
      [
        `cs_era_${tag}`,
        userId,
        'pack',
        'pro',
        1990,
        'usd',
        120,
        'complete',
        'https://x/s',
        'https://x/c',
        120,
        at(2),
        at(2),
      ],
    ],
    [
      'INSERT INTO payments (id, user_id, kind, item_id, amount_cents, currency, credits, checkout_session_id, subscription_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)',
      [`cs_era_${tag}`, userId, 'pack', 'pro', 1990, 'usd', 120, `cs_era_${tag}`, at(2)],
    ],
    [
      'INSERT INTO credit_transactions (id, user_id, amount, balance_after, source_type, source_id, idempotency_key, description, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [randomUUID(), userId, 120, 120, 'purchase', `cs_era_${tag}`, `stripe:cs_era_${tag}`, 'Pro pack', at(2)],
    ],
    [
      'INSERT INTO credit_transactions (id, user_id, amount, balance_after, source_type, source_id, idempotency_key, description, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [randomUUID(), userId, -40, 80, 'video', done, `video:${done}`, 'Video generation', at(3)],
    ],
    [
      'INSERT INTO video_tasks (id, user_id, model, prompt, status, status_message, error_message, cost, provider, provider_job_id, result_path, poster_path, attempts, created_at, updated_at, finished_at, aspect_ratio, resolution, provider_model, request_hash, finished_by) VALUES (?, ?, ?, ?, ?, NULL, NULL, 40, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        done,
        userId,
        'veo3',
        `A lighthouse ${tag}`,
        'completed',
        'local',
        `job-${tag}`,
        `${done}.mp4`,
        `${done}.jpg`,
        at(3),
        at(5),
        at(5),
        '16:9',
        '720p',
        'local-v1',
        'a'.repeat(64),
        randomUUID(),
      ],
    ],
    [
      'INSERT INTO video_tasks (id, user_id, model, prompt, status, status_message, cost, provider, attempts, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, 0, ?, ?)',
      [running, userId, 'veo3', `A harbour ${tag}`, 'processing', 'Generating your video', 'local', at(6), at(6)],
    ],
    [
      "INSERT INTO blog_posts (slug, title, excerpt, content, author_id, author_name, status, tags, view_count, published_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'published', ?, 3, ?, ?, ?)",
      [
        `era-post-${tag}`,
        `Era post ${tag}`,
        'An excerpt',
        '<p>Old words.</p>',
        author,
        `Author ${tag}`,
        '["era","release"]',
        at(7),
        at(7),
        at(7),
      ],
    ],
    [
      "INSERT INTO blog_posts (slug, title, content, author_id, status, tags, created_at, updated_at) VALUES (?, ?, ?, ?, 'draft', '[]', ?, ?)",
      [`era-draft-${tag}`, `Era draft ${tag}`, '<p>Not yet.</p>', author, at(8), at(8)],
    ],
  ];
  return { userId, email, sessionId, done, running, slug: `era-post-${tag}`, statements };
}

async function write(dataSource: DataSource, statements: [string, unknown[]][]): Promise<void> {
  for (const [sql, params] of statements) await dataSource.query(sql, params);
}

describe('released-migrations.json', () => {
  it('lists the first migrations of migrations.ts, in order: migrations are appended, never inserted or removed', () => {
    expect(released.release).toMatch(/^\d+\.\d+\.\d+/);
    expect(released.migrations.length).toBeGreaterThan(0);
    expect(releasedClasses.map(nameOf)).toEqual(released.migrations);
    expect(new Set(migrations.map(nameOf)).size).toBe(migrations.length);
  });
});

describe.each(databaseKinds())('upgrade from the last release (%s)', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
  });
  afterEach(() => db.drop());

  it('drops or renames no table or column in a new migration, and adds only columns the old code can leave out', async () => {
    let dataSource = await openWith(db, releasedClasses);
    await applyPendingMigrations(dataSource);
    const releasedSchema = await schemaOf(dataSource);
    let before = releasedSchema;
    await dataSource.destroy();
    const retired = new Set(released.retired);
    for (let i = released.migrations.length; i < migrations.length; i++) {
      const name = nameOf(migrations[i]!);
      dataSource = await openWith(db, migrations.slice(0, i + 1));
      try {
        expect(await applyPendingMigrations(dataSource)).toEqual([name]);
        const after = await schemaOf(dataSource);
        const lost: string[] = [];
        for (const [table, { columns }] of before) {
          const now = after.get(table);
          if (!now) lost.push(table);
          else for (const c of columns) if (!now.findColumnByName(c.name)) lost.push(`${table}.${c.name}`);
        }
        // Expand only: a drop (or the drop half of a rename) waits until the code stopped using it a release ago.
        expect([name, lost.filter((what) => !retired.has(what))]).toEqual([name, []]);
        before = after;
      } finally {
        await dataSource.destroy();
      }
    }
    // The last release's code inserts rows without the columns added since: each must allow that.
    const unfillable: string[] = [];
    for (const [table, { columns }] of before) {
      const old = releasedSchema.get(table);
      if (!old) continue;
      for (const c of columns) {
        const added = !old.findColumnByName(c.name);
        if (added && !c.isNullable && c.default === undefined && !c.isGenerated) unfillable.push(`${table}.${c.name}`);
      }
    }
    expect(unfillable).toEqual([]);
  });

  it('keeps the data of the last release, and its reads and writes work after the migration Job', async () => {
    // The last release: its migrations, and rows written by its code.
    let dataSource = await openWith(db, releasedClasses);
    await applyPendingMigrations(dataSource);
    const releasedSchema = await schemaOf(dataSource);
    const era = eraRows('a');
    await write(dataSource, era.statements);
    const rowsBefore = await rowsOf(dataSource, releasedSchema);
    await dataSource.destroy();

    // This release's migration Job.
    const out: string[] = [];
    const err: string[] = [];
    expect(await migrateCommand(db.env, { log: (m) => out.push(m), error: (m) => err.push(m) })).toBe(0);
    expect(err).toEqual([]);
    expect(out.join('\n')).toContain(
      unreleased.length ? `Applied ${unreleased.length} migration(s)` : 'no migration to apply',
    );

    // Every row reads back the same through the last release's columns, and its writes still work.
    dataSource = await openWith(db, migrations);
    try {
      expect(await rowsOf(dataSource, releasedSchema)).toEqual(rowsBefore);
      await write(dataSource, eraRows('b').statements);
    } finally {
      await dataSource.destroy();
    }

    // This release's API (no worker: the unfinished task stays as the old release left it).
    const { app, close } = await createTestApp(db, { ROLE: 'api', MIGRATE_ON_BOOT: 'false', JWT_SECRET });
    try {
      // A session signed in under the last release still works, with its balance and ledger.
      const token = sign({ sub: era.userId, sid: era.sessionId }, JWT_SECRET, { algorithm: 'HS256', expiresIn: '1d' });
      const auth = { authorization: `Bearer ${token}` };
      const balance = await app.inject({ method: 'GET', url: '/api/credits/balance', headers: auth });
      expect(balance.statusCode).toBe(200);
      expect(balance.json().data).toMatchObject({ total_credits: 80, user: { id: era.userId } });
      expect(balance.json().data.transactions.map((t: { amount: number }) => t.amount)).toEqual([-40, 120]);

      // Signing in again finds the same account.
      const signIn = await app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: era.email } });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().user).toMatchObject({ id: era.userId, email: era.email, credits: 80 });

      const status = async (taskId: string) =>
        app.inject({ method: 'GET', url: `/api/video/status/${taskId}`, headers: auth });
      const finished = await status(era.done);
      expect(finished.statusCode).toBe(200);
      expect(finished.json().data).toMatchObject({ status: 'completed' });
      expect((await status(era.running)).json().data).toMatchObject({ status: 'processing' });

      const history = await app.inject({ method: 'GET', url: '/api/video/history', headers: auth });
      expect(history.statusCode).toBe(200);
      expect(history.json().data.items.map((t: { id: string }) => t.id)).toEqual([era.done]);
      expect(history.json().data.in_progress.map((t: { id: string }) => t.id)).toEqual([era.running]);

      const posts = await app.inject({ method: 'GET', url: '/api/blog/posts' });
      expect(posts.statusCode).toBe(200);
      expect(posts.json().data.posts.map((p: { slug: string }) => p.slug)).toEqual(['era-post-b', 'era-post-a']);
      const post = await app.inject({ method: 'GET', url: `/api/blog/posts/${era.slug}` });
      expect(post.json().data).toMatchObject({ title: 'Era post a', tags: ['era', 'release'] });
    } finally {
      await close();
    }
  });
});
