import './telemetry/start-tracing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './app.factory';
import { ReadinessService } from './health/readiness.service';
import { ConfigError, devLoginExposure, loadConfig, type AppConfig } from './config/app-config';
import { stopTracing } from './telemetry/tracing';

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
  const exposure = devLoginExposure(config);
  if (exposure) console.warn(`WARNING: ${exposure}`);

  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // Ctrl-C at a terminal stops at once; SIGTERM (a rollout, a scale-down) drains first.
      const drainSeconds = signal === 'SIGTERM' ? config.shutdownDrainSeconds : 0;
      shutDown(app, signal, drainSeconds).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

/** In-flight requests get this long to finish once the server stops accepting; then their connections close. */
const IN_FLIGHT_BOUND_MS = 15_000;

/**
 * Drain, then stop: not ready at once, still serving for `drainSeconds` while load balancers and
 * Kubernetes endpoints stop sending here; then no new connections, in-flight requests finished
 * (bounded), job leases handed back and the database closed by the shutdown hooks.
 */
async function shutDown(app: NestFastifyApplication, signal: string, drainSeconds: number): Promise<void> {
  app.get(ReadinessService).beginDrain();
  const server = app.getHttpAdapter().getInstance().server;
  // Every reply from now on ends its connection, so keep-alive clients (a kube-proxy-pinned one
  // too) reconnect to a ready process instead of finding this one closed.
  server.prependListener('request', (_request, response) => {
    response.shouldKeepAlive = false;
  });
  console.log(`${signal} received: not ready; draining for ${drainSeconds} s, then shutting down`);
  if (drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
  const force = setTimeout(() => {
    console.warn(`requests still in flight after ${IN_FLIGHT_BOUND_MS / 1000} s: closing their connections`);
    server.closeAllConnections();
  }, IN_FLIGHT_BOUND_MS);
  force.unref();
  await app.close();
  clearTimeout(force);
  await stopTracing();
}

if (require.main === module) {
  serve(configOrExit(process.env)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
