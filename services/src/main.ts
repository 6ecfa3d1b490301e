import './telemetry/start-tracing';
import { createServer } from 'node:net';
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

/** The one line a taken port gets (a second `npm start` is the usual cause), then exit 1. */
function exitPortInUse(config: AppConfig): never {
  console.error(
    `Port ${config.port} is already in use (another npm start?). Stop it, or run with PORT=${config.port + 1} npm start.`,
  );
  process.exit(1);
}

const inUse = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EADDRINUSE';

/** Whether the port is free, asked before booting: a taken one then costs no start-up work or log lines. */
function portFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => (inUse(error) ? resolve(false) : reject(error)));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** Listens on the configured port; one taken meanwhile ends the process as a taken one at boot does. */
async function listenOrExit(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (!inUse(error)) throw error;
    await app.close();
    exitPortInUse(config);
  }
}

/** Boots one process of the configured role and stops it gracefully on SIGTERM/SIGINT. */
export async function serve(config: AppConfig): Promise<void> {
  if (config.port !== 0 && !(await portFree(config.port, config.host))) exitPortInUse(config);
  const app = await createApp(config);
  await listenOrExit(app, config);
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
