import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, repoRoot } from '../support/site-server';

/** The fields of a /proc/<pid>/stat line after `pid (command)`: state, parent pid, ... */
function afterCommand(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Every process under `pid` (not a zombie), with its command line. */
function descendants(pid: number): Map<number, string> {
  const children = new Map<number, number[]>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [state, parent] = afterCommand(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (state === 'Z') continue;
      children.set(Number(parent), [...(children.get(Number(parent)) ?? []), Number(entry)]);
      commands.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      // ended while being read
    }
  }
  const found = new Map<number, string>();
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.set(child, commands.get(child) ?? '');
      visit(child);
    }
  };
  visit(pid);
  return found;
}

function stillRunning(pids: Iterable<number>): number[] {
  return [...pids].filter((pid) => {
    try {
      return afterCommand(readFileSync(`/proc/${pid}/stat`, 'utf8'))[0] !== 'Z';
    } catch {
      return false;
    }
  });
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** `npm start` as a developer runs it, on a free port and a fresh data folder; the tree is built. */
async function npmStart(): Promise<{ npm: ChildProcess; port: number; output: () => string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-start-'));
  let output = '';
  // Its own process group, as a terminal's foreground job has.
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_S: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout!.on('data', (chunk) => (output += chunk));
  npm.stderr!.on('data', (chunk) => (output += chunk));
  await expect
    .poll(
      async () => {
        if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${output}`);
        return fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          (res) => res.status,
          () => 0,
        );
      },
      { timeout: 120_000, intervals: [200] },
    )
    .toBe(200);
  return { npm, port, output: () => output, dataDir };
}

test.describe('npm start', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const [signal, to, group] of [
    ['SIGTERM', 'the npm process alone, as a process manager sends it', false],
    ['SIGINT', 'the npm process alone', false],
    ['SIGINT', "npm's whole process group, as a terminal's Ctrl-C sends it", true],
  ] as const) {
    test(`${signal} to ${to} stops the server and leaves no process behind`, async () => {
      const { npm, port, output, dataDir } = await npmStart();
      let tree = new Map<number, string>();
      try {
        tree = descendants(npm.pid!);
        expect([...tree.values()].some((command) => command.includes(join('services', 'dist', 'main.js')))).toBe(true);
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
          npm.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })),
        );

        process.kill(group ? -npm.pid! : npm.pid!, signal);

        // npm ends as its script did: by the signal.
        expect(await exited).toEqual({ code: null, signal });
        await expect.poll(() => stillRunning(tree.keys()), { timeout: 30_000 }).toEqual([]);
        expect(await portOpen(port)).toBe(false);
      } catch (error) {
        console.log(`npm start output:\n${output()}`);
        throw error;
      } finally {
        for (const pid of stillRunning([npm.pid!, ...tree.keys()])) process.kill(pid, 'SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
