// Immutable releases of a built frontend, side by side: `<releases>/<name>/<id>/` holds one build,
// `<releases>/<name>/releases.json` lists them (oldest first) and names the current one. A tab that
// loaded an older release keeps finding its files until that release leaves the retention window.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

export const RELEASE_LOG = 'releases.json';
export const DEFAULT_RETENTION = '5,14d';
const DAY_MS = 24 * 60 * 60 * 1000;
const ID_PATTERN = /^[0-9a-f]{12}$/;

/** Files of a folder, as sorted paths relative to it. */
function filesOf(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      return entry.isDirectory() ? filesOf(full, base) : [relative(base, full).split('\\').join('/')];
    })
    .sort();
}

const STAMP = '.build-stamp';
// Not part of what a release serves: the build stamp is a time, .gz/.br are derived from the files
// beside them, and the federation plugin's build statistics list modules in no stable order.
const isContent = (path) => ![STAMP, 'mf-manifest-stats.json'].includes(basename(path)) && !/\.(gz|br)$/.test(path);

/** The release id of a built folder: 12 hex digits of a SHA-256 over its files' names and bytes. */
export function releaseId(dir) {
  const hash = createHash('sha256');
  for (const path of filesOf(dir).filter(isContent)) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(dir, path)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * `REMOTE_RETENTION`: how many of the latest releases and how many days of releases stay published,
 * `<count>,<days>d` (either part alone: `3`, `30d`); a release is kept when either rule keeps it.
 */
export function parseRetention(text = DEFAULT_RETENTION) {
  const retention = { releases: 0, days: 0 };
  const parts = String(text)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.length) throw new Error(`REMOTE_RETENTION: expected "<count>,<days>d" such as ${DEFAULT_RETENTION}`);
  for (const part of parts) {
    const count = /^(\d+)$/.exec(part);
    const days = /^(\d+)d$/.exec(part);
    if (count) retention.releases = Number(count[1]);
    else if (days) retention.days = Number(days[1]);
    else throw new Error(`REMOTE_RETENTION: "${part}" is neither a count of releases nor days ("14d")`);
  }
  return retention;
}

/** The release log of one frontend: `{ current, releases: [{ id, publishedAt }] }`, oldest first. */
export function readReleaseLog(releasesDir, name) {
  const file = join(releasesDir, name, RELEASE_LOG);
  if (!existsSync(file)) return { current: null, releases: [] };
  const log = JSON.parse(readFileSync(file, 'utf8'));
  return { current: log.current ?? null, releases: Array.isArray(log.releases) ? log.releases : [] };
}

/** Written beside and renamed over, so a reader never sees half a log. */
function writeReleaseLog(releasesDir, name, log) {
  const file = join(releasesDir, name, RELEASE_LOG);
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify(log, null, 2)}\n`);
  renameSync(partial, file);
}

/**
 * The ids the retention keeps: the current one, the latest `releases`, and those replaced less than
 * `days` ago (a tab opened just before a release was replaced may run on it that long).
 */
export function retainedIds(log, retention, now = Date.now()) {
  const newestFirst = [...log.releases].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  const kept = new Set(log.current ? [log.current] : []);
  newestFirst.forEach((release, index) => {
    const replacedAt = index === 0 ? now : Date.parse(newestFirst[index - 1].publishedAt);
    if (index < retention.releases || now - replacedAt < retention.days * DAY_MS) kept.add(release.id);
  });
  return kept;
}

/**
 * Removes the releases past retention: their folders and log entries, and release folders the log
 * does not name. Returns the removed ids from the log.
 */
export function pruneReleases({ releasesDir, name, retention = parseRetention(), now = Date.now() }) {
  const dir = join(releasesDir, name);
  if (!existsSync(dir)) return [];
  const log = readReleaseLog(releasesDir, name);
  const kept = retainedIds(log, retention, now);
  const pruned = log.releases.filter((release) => !kept.has(release.id)).map((release) => release.id);
  writeReleaseLog(releasesDir, name, { ...log, releases: log.releases.filter((release) => kept.has(release.id)) });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && ID_PATTERN.test(entry.name) && !kept.has(entry.name))
      rmSync(join(dir, entry.name), { recursive: true, force: true });
  }
  return pruned;
}

/**
 * Publishes a built folder as a release of `name`: copied to `<releasesDir>/<name>/<id>/` unless that
 * release is already there (a release is never rewritten), made current, then the releases past
 * retention are pruned. Returns the id, whether it was published (false: it was current already)
 * and the pruned ids.
 */
export function publishRelease({ releasesDir, name, from, retention = parseRetention(), now = Date.now() }) {
  if (!existsSync(from)) throw new Error(`${name}: nothing to publish at ${from}`);
  const id = releaseId(from);
  const dir = join(releasesDir, name);
  const target = join(dir, id);
  mkdirSync(dir, { recursive: true });
  const copied = !existsSync(target);
  if (copied) {
    // Copied aside and renamed into place: a server never serves half a release.
    const partial = join(dir, `.${id}.${process.pid}.partial`);
    rmSync(partial, { recursive: true, force: true });
    cpSync(from, partial, { recursive: true, filter: (src) => basename(src) !== STAMP });
    renameSync(partial, target);
  }
  const log = readReleaseLog(releasesDir, name);
  // Publishing the current release again (a rebuild with no change, `npm start`) changes nothing.
  if (log.current === id && !copied) return { id, published: false, pruned: [] };
  // Publishing an older id again (a rollback) makes it the newest release.
  const releases = [
    ...log.releases.filter((release) => release.id !== id),
    { id, publishedAt: new Date(now).toISOString() },
  ];
  writeReleaseLog(releasesDir, name, { current: id, releases });
  const pruned = pruneReleases({ releasesDir, name, retention, now });
  return { id, published: true, pruned };
}

/**
 * Carries the releases of an earlier publication (`<from>`: a folder holding `releases.json`, such as
 * the previous image's /mfe/<name>/) into `<releasesDir>/<name>/`: the log and every release folder it
 * names, so the next publish keeps them for their retention. Returns the ids carried.
 */
export function carryReleases({ from, releasesDir, name }) {
  if (!existsSync(join(from, RELEASE_LOG))) return [];
  const log = JSON.parse(readFileSync(join(from, RELEASE_LOG), 'utf8'));
  const carried = (Array.isArray(log.releases) ? log.releases : []).filter(
    (release) => ID_PATTERN.test(release.id) && existsSync(join(from, release.id)),
  );
  const dir = join(releasesDir, name);
  mkdirSync(dir, { recursive: true });
  for (const release of carried) {
    if (!existsSync(join(dir, release.id))) cpSync(join(from, release.id), join(dir, release.id), { recursive: true });
  }
  const current = carried.some((release) => release.id === log.current) ? log.current : null;
  writeReleaseLog(releasesDir, name, { current, releases: carried });
  return carried.map((release) => release.id);
}
