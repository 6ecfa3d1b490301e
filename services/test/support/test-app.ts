import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { configureApp, createAdapter } from '../../src/app.factory';
import { AppModule } from '../../src/app.module';
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
 * `env` adds or overrides environment variables (e.g. WEB_DIR, MFE_BLOG_URL);
 * `overrides` replaces providers with test doubles (e.g. the video provider).
 * Given a TestDatabase instead of a kind, the app runs on it (a restart) and leaves it for its owner to drop.
 */
export async function createTestApp(
  kind: DatabaseKind | TestDatabase = 'sqlite',
  env: Record<string, string> = {},
  overrides: { provide: unknown; useValue: unknown }[] = [],
): Promise<TestApp> {
  const ownsDatabase = typeof kind === 'string';
  const db = typeof kind === 'string' ? await createTestDatabase(kind) : kind;
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, 'no-web-build'),
    SITE_URL: 'http://localhost:3000',
    // Suites run side by side: the metrics server only where a suite asks for it (on a free port).
    METRICS_PORT: 'off',
    // Every reply checked against the contract: a mismatch is a 500 CONTRACT_VIOLATION that fails the test
    // (never in production, which refuses it: a production-mode app is checked by its replies alone).
    ...(env.NODE_ENV === 'production' ? {} : { CONTRACT_CHECK: '1' }),
    ...db.env,
    ...env,
  });
  let builder = Test.createTestingModule({ imports: [AppModule.forRoot(config)] });
  for (const o of overrides) builder = builder.overrideProvider(o.provide).useValue(o.useValue);
  const moduleRef = await builder.compile();
  const app = await configureApp(
    moduleRef.createNestApplication<NestFastifyApplication>(createAdapter(config), { logger: false, rawBody: true }),
    config,
  );
  return {
    app,
    config,
    db,
    close: async () => {
      await app.close();
      if (ownsDatabase) await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
