// Child processes of `npm start` and `npm run dev`, stopped with the script that started them.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** Ctrl-C (the whole foreground group), a process manager's stop, a closed terminal. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const PARENT_CHECK_MS = 500;

/** The status a shell reports for a process ended by `signal` (130 for SIGINT, 143 for SIGTERM). */
export function signalExitCode(signal) {
  return 128 + constants.signals[signal];
}

/**
 * Forwards every stop signal to the children it spawns and, with `group`, to their own children:
 * such a child leads a process group of its own (a build's tsc, for one), killed as a whole.
 *
 * npm runs a script through `sh -c`, and dash neither execs the command nor passes npm's forwarded
 * SIGTERM on: it dies and leaves this process running. So while npm runs it, losing its parent
 * counts as a SIGTERM.
 */
export function superviseChildren() {
  const children = new Set();
  let stopSignal = null;

  const signalChild = (child, signal) => {
    try {
      process.kill(child.group ? -child.process.pid : child.process.pid, signal);
    } catch {
      // already gone
    }
  };
  const stop = (signal) => {
    stopSignal ??= signal;
    for (const child of children) signalChild(child, signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, stop);

  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid !== parent) {
        clearInterval(watch);
        stop('SIGTERM');
      }
    }, PARENT_CHECK_MS);
    watch.unref();
  }

  /** Ends this process as its children ended: their exit code, else the signal it was stopped by. */
  const exitLike = ({ code, signal }) => {
    const raised = code ? null : (stopSignal ?? signal);
    if (!raised) process.exit(code ?? 0);
    // Dying by the signal itself tells a waiting shell (and npm) that it was interrupted.
    for (const name of STOP_SIGNALS) process.removeAllListeners(name);
    process.kill(process.pid, raised);
    setTimeout(() => process.exit(signalExitCode(raised)), 1000);
  };

  return {
    /** The first stop signal received, or null. */
    get stopSignal() {
      return stopSignal;
    },
    /** Spawns a child; resolves with its `{ code, signal }` once it has exited. */
    run(command, args, { group = false, ...options } = {}) {
      const child = { process: spawn(command, args, { stdio: 'inherit', ...options, detached: group }), group };
      children.add(child);
      if (stopSignal) signalChild(child, stopSignal);
      return new Promise((resolve, reject) => {
        child.process.once('error', reject);
        child.process.once('exit', (code, signal) => {
          children.delete(child);
          // Whatever the group leader left behind goes with it.
          if (group) signalChild(child, 'SIGKILL');
          resolve({ code, signal });
        });
      });
    },
    exitLike,
  };
}
