export const RELEASE_LOG: string;
export const DEFAULT_RETENTION: string;

export interface Retention {
  /** How many of the latest releases stay. */
  releases: number;
  /** How many days a replaced release stays. */
  days: number;
}

export interface ReleaseLog {
  current: string | null;
  releases: { id: string; publishedAt: string }[];
}

export function releaseId(dir: string): string;
export function parseRetention(text?: string): Retention;
export function readReleaseLog(releasesDir: string, name: string): ReleaseLog;
export function retainedIds(log: ReleaseLog, retention: Retention, now?: number): Set<string>;
export function pruneReleases(options: {
  releasesDir: string;
  name: string;
  retention?: Retention;
  now?: number;
}): string[];
export function publishRelease(options: {
  releasesDir: string;
  name: string;
  from: string;
  retention?: Retention;
  now?: number;
}): { id: string; published: boolean; pruned: string[] };
export function carryReleases(options: { from: string; releasesDir: string; name: string }): string[];
