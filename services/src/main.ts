import { createApp } from './app.factory';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';

const ROLE_NOTES: Record<AppConfig['role'], string> = {
  all: '',
  api: ', ROLE=api: the API only',
  web: ', ROLE=web: pages and frontends only',
  worker: ', ROLE=worker: video jobs and scheduled work, /api/health only',
};

/** Reads the configuration, or exits with its problems listed. */
export function configOrExit(env: NodeJS.ProcessEnv): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Boots one process of the configured role and stops it gracefully on SIGTERM/SIGINT. */
export async function serve(config: AppConfig): Promise<void> {
  const app = await createApp(config);
  await app.listen({ port: config.port, host: config.host });
  console.log(`Veo 3 Studio is serving ${config.siteUrl} (port ${config.port}${ROLE_NOTES[config.role]})`);

  // Graceful shutdown: stop accepting connections, finish in-flight requests and jobs, close the database, exit 0.
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received, shutting down`);
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

if (require.main === module) {
  serve(configOrExit(process.env)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
