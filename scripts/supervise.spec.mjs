import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { signalExitCode } from './supervise.mjs';

const supervise = pathToFileURL(join(__dirname, 'supervise.mjs')).href;

let work;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'veo3-supervise-'));
});
afterEach(() => {
  // A failed test leaves its long-running process behind: end it.
  const file = join(work, 'running.pid');
  if (existsSync(file) && isRunning(Number(readFileSync(file, 'utf8'))))
    process.kill(Number(readFileSync(file, 'utf8')), 'SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** A process that writes its pid where the test finds it, then runs until a signal ends it. */
function longRunning(onTerm = '') {
  return `require('fs').writeFileSync(${JSON.stringify(join(work, 'running.pid'))}, String(process.pid)); ${onTerm} setInterval(() => {}, 1000);`;
}

/** A script that runs `code` as its one supervised child and ends as that child does. */
function writeScript(code, { group }) {
  const script = join(work, 'supervisor.mjs');
  writeFileSync(
    script,
    `import { superviseChildren } from '${supervise}';
const children = superviseChildren();
children.exitLike(await children.run(process.execPath, ['-e', ${JSON.stringify(code)}], { group: ${group} }));
`,
  );
  return script;
}

/** As start.mjs runs its build: a child in its own process group, blocked on a grandchild (the build's tsc). */
function buildScript() {
  const build = `require('child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(longRunning())}], { stdio: 'inherit' });`;
  return writeScript(build, { group: true });
}

const exited = (process) => new Promise((resolve) => process.once('exit', (code, signal) => resolve({ code, signal })));

/** Running and not a zombie waiting to be reaped. */
function isRunning(pid) {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Waits (up to 10 s) for `condition`; returns whether it came true. */
async function eventually(condition) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
}

async function runningPid() {
  const file = join(work, 'running.pid');
  if (!(await eventually(() => existsSync(file) && readFileSync(file, 'utf8') !== '')))
    throw new Error('never started');
  return Number(readFileSync(file, 'utf8'));
}

describe('superviseChildren', () => {
  it.each(['SIGTERM', 'SIGINT'])(
    'on %s stops the group child and what it waits on, then dies by that signal',
    async (signal) => {
      const supervisor = spawn(process.execPath, [buildScript()], { stdio: 'ignore' });
      const pid = await runningPid();
      supervisor.kill(signal);
      expect(await exited(supervisor)).toEqual({ code: null, signal });
      expect(await eventually(() => !isRunning(pid))).toBe(true);
    },
  );

  it('stops when npm’s `sh -c` dies of a SIGTERM it does not pass on', async () => {
    // `; true` keeps any shell from exec'ing node, as dash never does.
    const shell = spawn('/bin/sh', ['-c', `"${process.execPath}" "${buildScript()}"; true`], {
      stdio: 'ignore',
      env: { ...process.env, npm_lifecycle_event: 'start' },
    });
    const pid = await runningPid();
    shell.kill('SIGTERM');
    await exited(shell);
    expect(await eventually(() => !isRunning(pid))).toBe(true);
  });

  it('exits with the code its child stops with', async () => {
    const supervisor = spawn(
      process.execPath,
      [writeScript(longRunning("process.on('SIGTERM', () => process.exit(3));"), { group: false })],
      {
        stdio: 'ignore',
      },
    );
    await runningPid();
    supervisor.kill('SIGTERM');
    expect(await exited(supervisor)).toEqual({ code: 3, signal: null });
  });

  it('reports a stop by a signal as a shell does', () => {
    expect(signalExitCode('SIGINT')).toBe(130);
    expect(signalExitCode('SIGTERM')).toBe(143);
  });
});
