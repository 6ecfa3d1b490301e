import type { ComponentType } from 'react';
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@veo3/contracts/runtime-config';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';
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

/** The server's remote map, which names each remote's current release; never cached. */
export const REMOTE_MAP_URL = '/remote-map.json';

/** Entries read again from the server after a failure; they replace those the page came with. */
const refreshed = new Map<RemoteName, string>();
const entryOf = (remote: RemoteName): string => refreshed.get(remote) ?? getRuntimeConfig().remotes[remote];

let registered = false;
/** Registers every remote from the server's map; nothing is fetched until a route asks for it. */
export function registerAllRemotes(): void {
  if (registered) return;
  const { remotes } = getRuntimeConfig();
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
  registered = true;
}

function reRegister(remote: RemoteName): void {
  registerRemotes([{ name: remote, entry: entryOf(remote) }], { force: true });
}

/**
 * Shared modules the replaced release offered but nobody loaded (or whose load failed: its files are
 * gone) are forgotten, so the share scope does not send the current release back to them.
 */
function forgetUnloadedShares(remote: RemoteName): void {
  for (const scope of Object.values(getInstance()?.shareScopeMap ?? {}))
    for (const versions of Object.values(scope))
      for (const [version, shared] of Object.entries(versions))
        if (shared.from === remote && !shared.loaded) delete versions[version];
}

/**
 * Reads the remote map again; when it names another release of `remote` than `failed` (the entry a
 * load failed with: the page's release was replaced, and may be past retention), registers the
 * current one instead. Returns whether the current release differs: only then is loading again worth it.
 */
export async function switchToCurrentRelease(remote: RemoteName, failed = entryOf(remote)): Promise<boolean> {
  try {
    const response = await fetch(REMOTE_MAP_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return false;
    const served = ((await response.json()) as Partial<Record<RemoteName, string>>)[remote];
    const entry = served && new URL(served, location.href).toString();
    if (!entry || entry === failed) return false;
    // Another load that failed at the same time may have switched already.
    if (entry !== entryOf(remote)) {
      refreshed.set(remote, entry);
      forgetUnloadedShares(remote);
      reRegister(remote);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads one exposed page of a remote, giving up after 10 s. After a failure (or on
 * `fresh`), the remote is registered anew so a hung or broken load is not reused. A failure
 * first reads the remote map once: if a newer release is current, that one is loaded in place.
 */
export async function loadRemotePage(
  remote: RemoteName,
  expose: string,
  fresh = false,
): Promise<{ default: ComponentType }> {
  registerAllRemotes();
  if (fresh) reRegister(remote);
  const tried = entryOf(remote);
  setPending(+1);
  try {
    return await loadExposed(remote, expose);
  } catch (error) {
    if (await switchToCurrentRelease(remote, tried)) return await loadExposed(remote, expose);
    throw error;
  } finally {
    setPending(-1);
  }
}

async function loadExposed(remote: RemoteName, expose: string): Promise<{ default: ComponentType }> {
  // The reason an earlier attempt left is not this attempt's.
  takeRemoteFailure(remote);
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
  }
}
