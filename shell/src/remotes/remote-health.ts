/** Remotes whose last load failed; kept outside React so the runtime plugin can write it before React runs. */
const failed = new Map<string, string>();

export function markRemoteFailed(name: string, error: unknown): void {
  failed.set(name, error instanceof Error ? error.message : String(error));
}

export function takeRemoteFailure(name: string): string | undefined {
  const reason = failed.get(name);
  failed.delete(name);
  return reason;
}
