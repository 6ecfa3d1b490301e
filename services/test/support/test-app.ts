import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * The whole HTTP app on a fresh database, driven in-process with `app.inject`.
 * `env` adds or overrides environment variables (e.g. WEB_DIR, MFE_BLOG_URL).
 */
export async function createTestApp(kind: DatabaseKind = 'sqlite', env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase(kind);
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, 'no-web-build'),
    SITE_URL: 'http://localhost:3000',
    ...db.env,
    ...env,
  });
  const app = await createApp(config);
  return {
    app,
    config,
    db,
    close: async () => {
      await app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
