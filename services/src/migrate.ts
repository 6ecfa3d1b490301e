import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { applyPendingMigrations } from './database/migration-runner';

/**
 * Applies every pending migration to the configured database; returns the names applied (oldest
 * first). Safe to run again, and on MySQL safe to run twice at once (see applyPendingMigrations).
 */
export async function runMigrations(
  database: AppConfig['database'],
  onWait?: (line: string) => void,
): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(database, { migrationsRun: false }));
  await dataSource.initialize();
  try {
    return await applyPendingMigrations(dataSource, { onWait });
  } finally {
    await dataSource.destroy();
  }
}

/**
 * `npm run migrate -w services` (the one-shot migration job of docker-compose and Kubernetes): brings
 * the schema up to date once, before any API or worker starts with MIGRATE_ON_BOOT=false. Returns the
 * exit code: 0 when the schema is current, 1 (with the reason on stderr) when it is not.
 */
export async function migrateCommand(
  env: NodeJS.ProcessEnv,
  log: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      log.error(error.message);
      return 1;
    }
    throw error;
  }
  const target = config.database.type === 'mysql' ? 'the MySQL database' : config.database.path;
  try {
    const applied = await runMigrations(config.database, (line) => log.log(line));
    log.log(
      applied.length
        ? `Applied ${applied.length} migration(s) to ${target}: ${applied.join(', ')}`
        : `${target} is up to date: no migration to apply`,
    );
    return 0;
  } catch (error) {
    log.error(`Migration of ${target} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (require.main === module) {
  void migrateCommand(process.env).then((code) => process.exit(code));
}
