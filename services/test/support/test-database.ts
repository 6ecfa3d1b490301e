import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { AppConfig } from '../../src/config/app-config';

export type DatabaseKind = 'sqlite' | 'mysql';

/** SQLite always; MySQL/MariaDB too when TEST_MYSQL_URL is set (CI sets it). */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];
}

export interface TestDatabase {
  kind: DatabaseKind;
  /** The environment variables that point the app at this database. */
  env: Record<string, string>;
  database: AppConfig['database'];
  drop(): Promise<void>;
}

/** A fresh, private database: a new SQLite file, or a new MySQL database that is dropped afterwards. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'veo3-db-'));
    const path = join(dir, 'test.sqlite');
    return {
      kind,
      env: { DATA_DIR: dir },
      database: { type: 'sqlite', path },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = new URL(process.env.TEST_MYSQL_URL!);
  const name = `veo3_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = await createConnection({ uri: base.toString() });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.toString() },
    database: { type: 'mysql', url: url.toString() },
    drop: async () => {
      const conn = await createConnection({ uri: base.toString() });
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}
