import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '..', '..');
export const serverEntry = join(repoRoot, 'services', 'dist', 'main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

export interface SiteServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, then waits for the exit code (graceful shutdown). */
  stop: () => Promise<number | null>;
}

/** Starts the built server on a free port with a fresh temporary DATA_DIR, and waits until it is healthy. */
export async function startSiteServer(env: Record<string, string> = {}): Promise<SiteServer> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run "npm run build" first`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    // SHUTDOWN_DRAIN_S=0: a test's server has no load balancer to drain from.
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_S: '0',
      // Every API reply checked against the contract; a mismatch logs "contract violation" (global teardown fails on it).
      CONTRACT_CHECK: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy after 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 10_000))]);
      rmSync(dataDir, { recursive: true, force: true });
      if (code === 'hung') {
        child.kill('SIGKILL');
        throw new Error('server did not shut down within 10 s of SIGTERM');
      }
      return code;
    },
  };
}
