import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A frontend's releases as scripts/remote-releases.mjs publishes them: `<releasesDir>/<name>/<id>/`
 * per release, and `<releasesDir>/<name>/releases.json` listing them (oldest first) with the current one.
 */
export interface ReleaseLog {
  current: string | null;
  releases: { id: string; publishedAt: string }[];
}

export const RELEASE_LOG = 'releases.json';
/** 12 hex digits of the build's content hash (scripts/remote-releases.mjs releaseId). */
export const RELEASE_ID = /^[0-9a-f]{12}$/;

/** The release log of one frontend, or null when it has none (not published, or unreadable). */
export function readReleaseLog(releasesDir: string, name: string): ReleaseLog | null {
  const file = join(releasesDir, name, RELEASE_LOG);
  if (!existsSync(file)) return null;
  try {
    const log = JSON.parse(readFileSync(file, 'utf8')) as Partial<ReleaseLog>;
    const releases = Array.isArray(log.releases) ? log.releases.filter((r) => RELEASE_ID.test(String(r?.id))) : [];
    const current = typeof log.current === 'string' && RELEASE_ID.test(log.current) ? log.current : null;
    return { current, releases };
  } catch {
    // Half-written logs never happen (the publisher renames into place); a hand-edited one is ignored.
    return null;
  }
}

/** The current release's id when its folder is there, else null. */
export function currentRelease(releasesDir: string, name: string): string | null {
  const current = readReleaseLog(releasesDir, name)?.current ?? null;
  return current && existsSync(join(releasesDir, name, current)) ? current : null;
}

/** The folders of the retained releases, newest first (the publisher removed those past retention). */
export function releaseFolders(releasesDir: string, name: string): string[] {
  const log = readReleaseLog(releasesDir, name);
  return (log?.releases ?? [])
    .map((r) => join(releasesDir, name, r.id))
    .reverse()
    .filter((dir) => existsSync(dir));
}
