import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..', '..');

/** Builds services/dist when its sources changed (scripts/build-lib.mjs), in a child process: it is an ES module. */
export function buildServices(): void {
  const script = `import { build } from ${JSON.stringify(join(REPO_ROOT, 'scripts', 'build-lib.mjs'))};
await build({ parts: ['services'], onlyStale: true });`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`services build failed:\n${result.stdout}\n${result.stderr}`);
}

/** Runs a built services script to its end (e.g. dist/migrate.js); throws with its output when it fails. */
export function runServicesScript(script: string, env: Record<string, string>): string {
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'services', 'dist', script)], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${script} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** A services process started from services/dist, with its output kept for when something goes wrong. */
export interface ServiceProcess {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** Resolves once /api/health answers 200; rejects if the process exits first or the time runs out. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGKILL: no shutdown hook runs, as when a container is killed. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export function startServiceProcess(
  name: string,
  script: 'main.js' | 'worker.js',
  port: number,
  env: Record<string, string>,
): ServiceProcess {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'services', 'dist', script)], {
    // No drain unless a test asks for one: stop() would otherwise wait SHUTDOWN_DRAIN_S (10 s) each time.
    // CONTRACT_CHECK: every reply checked against the contract (a mismatch answers 500 CONTRACT_VIOLATION).
    // (never in production, which refuses it).
    env: {
      PATH: process.env.PATH ?? '',
      SHUTDOWN_DRAIN_S: '0',
      // Processes run side by side: a metrics server only where a test gives it a port.
      METRICS_PORT: 'off',
      ...(env.NODE_ENV === 'production' ? {} : { CONTRACT_CHECK: '1' }),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const waitExit = async (signal: NodeJS.Signals, graceMs: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    name,
    port,
    baseUrl,
    child,
    output: () => log,
    async ready(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${log}`);
        const ok = await fetch(`${baseUrl}/api/health`).then(
          (res) => res.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${name} did not answer /api/health within ${timeoutMs} ms:\n${log}`);
    },
    kill: () => waitExit('SIGKILL', 5_000),
    stop: (graceMs = 10_000) => waitExit('SIGTERM', graceMs),
  };
}
