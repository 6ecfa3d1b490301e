import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getRuntimeConfig, type RemoteName } from '@veo3/platform/config/runtime-config';
import { takeRemoteFailure } from './remote-health';
import { remoteLoading, setPending } from './remote-loading';

export { remoteLoading };

export const REMOTE_TIMEOUT_MS = 10_000;

/** The first line of a federation runtime error, without its code and debugging arguments. */
function shortReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0] ?? message;
  return (
    firstLine
      .replace(/\[ Federation Runtime \]:?\s*/g, '')
      .replace(/\s*#RUNTIME-\d+.*$/, '')
      .trim() || message
  );
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteLoadError';
  }
}

let registered = false;
/** Registers every remote from the server's map; nothing is fetched until a route asks for it. */
export function registerAllRemotes(): void {
  if (registered) return;
  const { remotes } = getRuntimeConfig();
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
  registered = true;
}

function reRegister(remote: RemoteName): void {
  registerRemotes([{ name: remote, entry: getRuntimeConfig().remotes[remote] }], { force: true });
}

/**
 * Loads one exposed page of a remote, giving up after 10 s. After a failure (or on
 * `fresh`), the remote is registered anew so a hung or broken load is not reused.
 */
export async function loadRemotePage(
  remote: RemoteName,
  expose: string,
  fresh = false,
): Promise<{ default: ComponentType }> {
  registerAllRemotes();
  if (fresh) reRegister(remote);
  setPending(+1);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RemoteLoadError(remote, `timed out after ${REMOTE_TIMEOUT_MS / 1000} s`)),
      REMOTE_TIMEOUT_MS,
    );
  });
  try {
    const mod = await Promise.race([loadRemote<{ default: ComponentType }>(`${remote}/${expose}`), timeout]);
    if (!mod?.default)
      throw new RemoteLoadError(remote, shortReason(takeRemoteFailure(remote) ?? 'the remote has no such page'));
    return mod;
  } catch (error) {
    if (error instanceof RemoteLoadError) throw error;
    throw new RemoteLoadError(
      remote,
      takeRemoteFailure(remote) ?? (error instanceof Error ? error.message : String(error)),
    );
  } finally {
    clearTimeout(timer);
    setPending(-1);
  }
}
