import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  carryReleases,
  parseRetention,
  publishRelease,
  pruneReleases,
  readReleaseLog,
  releaseId,
  retainedIds,
} from './remote-releases.mjs';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-01-01T00:00:00Z');

let work;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'veo3-releases-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** A built remote whose one chunk holds `text`. */
function build(text, extra = {}) {
  const dir = mkdtempSync(join(work, 'dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'mf-manifest.json'), '{"name":"generator"}');
  writeFileSync(join(dir, 'remoteEntry.js'), 'var generator;');
  writeFileSync(join(dir, 'assets', 'page.0123456789.js'), text);
  for (const [name, content] of Object.entries(extra)) writeFileSync(join(dir, name), content);
  return dir;
}

const releasesDir = () => join(work, 'releases');
const ids = () => readReleaseLog(releasesDir(), 'generator').releases.map((r) => r.id);
const folders = () =>
  readdirSync(join(releasesDir(), 'generator'))
    .filter((name) => name !== 'releases.json')
    .sort();

describe('releaseId', () => {
  it('is 12 hex digits of the content, the same for the same files wherever they are', () => {
    const a = releaseId(build('one'));
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(releaseId(build('one'))).toBe(a);
    expect(releaseId(build('two'))).not.toBe(a);
  });

  it('ignores the build stamp, precompressed copies and the build statistics', () => {
    const plain = releaseId(build('one'));
    const noisy = build('one', {
      '.build-stamp': String(Date.now()),
      'remoteEntry.js.gz': 'x',
      'mf-manifest-stats.json': `{"order":${Math.random()}}`,
    });
    expect(releaseId(noisy)).toBe(plain);
  });
});

describe('parseRetention', () => {
  it('defaults to the last 5 releases or 14 days', () => {
    expect(parseRetention()).toEqual({ releases: 5, days: 14 });
  });

  it('takes a count, days, or both', () => {
    expect(parseRetention('3')).toEqual({ releases: 3, days: 0 });
    expect(parseRetention('30d')).toEqual({ releases: 0, days: 30 });
    expect(parseRetention(' 2 , 7d ')).toEqual({ releases: 2, days: 7 });
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => parseRetention('two weeks')).toThrow(/REMOTE_RETENTION/);
    expect(() => parseRetention('5,14h')).toThrow(/REMOTE_RETENTION: "14h"/);
    expect(() => parseRetention(',')).toThrow(/REMOTE_RETENTION/);
  });
});

describe('publishRelease', () => {
  it('copies the build under its id, makes it current, and keeps the files of the earlier release', () => {
    const first = publishRelease({ releasesDir: releasesDir(), name: 'generator', from: build('one'), now: START });
    const second = publishRelease({
      releasesDir: releasesDir(),
      name: 'generator',
      from: build('two'),
      now: START + 1000,
    });
    expect(first.published && second.published).toBe(true);
    expect(readReleaseLog(releasesDir(), 'generator')).toEqual({
      current: second.id,
      releases: [
        { id: first.id, publishedAt: new Date(START).toISOString() },
        { id: second.id, publishedAt: new Date(START + 1000).toISOString() },
      ],
    });
    expect(folders()).toEqual([first.id, second.id].sort());
    expect(existsSync(join(releasesDir(), 'generator', first.id, 'assets', 'page.0123456789.js'))).toBe(true);
  });

  it('never rewrites a release: the same build again changes nothing', () => {
    const from = build('one', { '.build-stamp': '1' });
    const first = publishRelease({ releasesDir: releasesDir(), name: 'generator', from, now: START });
    const again = publishRelease({ releasesDir: releasesDir(), name: 'generator', from, now: START + DAY });
    expect(again).toEqual({ id: first.id, published: false, pruned: [] });
    expect(readReleaseLog(releasesDir(), 'generator').releases).toEqual([
      { id: first.id, publishedAt: new Date(START).toISOString() },
    ]);
    // The build stamp is not part of a release.
    expect(existsSync(join(releasesDir(), 'generator', first.id, '.build-stamp'))).toBe(false);
  });

  it('publishing an earlier release again (a rollback) makes it current and newest, without copying', () => {
    const one = build('one');
    const first = publishRelease({ releasesDir: releasesDir(), name: 'generator', from: one, now: START });
    const second = publishRelease({
      releasesDir: releasesDir(),
      name: 'generator',
      from: build('two'),
      now: START + 1,
    });
    const back = publishRelease({ releasesDir: releasesDir(), name: 'generator', from: one, now: START + 2 });
    expect(back.id).toBe(first.id);
    expect(readReleaseLog(releasesDir(), 'generator').current).toBe(first.id);
    expect(ids()).toEqual([second.id, first.id]);
  });

  it('refuses a folder that is not there', () => {
    expect(() =>
      publishRelease({ releasesDir: releasesDir(), name: 'generator', from: join(work, 'missing') }),
    ).toThrow(/nothing to publish/);
  });
});

describe('retention', () => {
  /** Publishes `count` releases a day apart with the given retention; returns their ids, oldest first. */
  function publishDaily(count, retention) {
    return Array.from(
      { length: count },
      (_, i) =>
        publishRelease({
          releasesDir: releasesDir(),
          name: 'generator',
          from: build(`release ${i}`),
          retention,
          now: START + i * DAY,
        }).id,
    );
  }

  it('keeps the last 5 releases when they span more than 14 days', () => {
    const published = publishDaily(1, parseRetention());
    for (let i = 1; i < 8; i++) {
      published.push(
        publishRelease({
          releasesDir: releasesDir(),
          name: 'generator',
          from: build(`weekly ${i}`),
          now: START + i * 7 * DAY,
        }).id,
      );
    }
    expect(ids()).toEqual(published.slice(-5));
    expect(folders()).toEqual(published.slice(-5).sort());
  });

  it('keeps every release replaced less than 14 days ago when that is more than 5', () => {
    const published = publishDaily(20, parseRetention());
    // Release i was replaced by release i + 1, published a day later; the last one is current.
    expect(ids()).toEqual(published.slice(-15));
  });

  it('keeps the current release whatever the retention says', () => {
    const published = publishDaily(3, parseRetention('0,0d'));
    expect(ids()).toEqual([published[2]]);
    expect(folders()).toEqual([published[2]]);
  });

  it('counts days from when a release was replaced, not from when it was published', () => {
    const log = {
      current: 'c',
      releases: [
        { id: 'a', publishedAt: new Date(START).toISOString() },
        { id: 'b', publishedAt: new Date(START + 30 * DAY).toISOString() },
        { id: 'c', publishedAt: new Date(START + 31 * DAY).toISOString() },
      ],
    };
    // a was replaced at day 30 and b at day 31: at day 40 both within 14 days, at day 44 only b.
    expect([...retainedIds(log, { releases: 0, days: 14 }, START + 40 * DAY)].sort()).toEqual(['a', 'b', 'c']);
    expect([...retainedIds(log, { releases: 0, days: 14 }, START + 44 * DAY)].sort()).toEqual(['b', 'c']);
  });

  it('prunes release folders the log does not name, and leaves other files alone', () => {
    const [id] = publishDaily(1, parseRetention());
    const dir = join(releasesDir(), 'generator');
    mkdirSync(join(dir, 'abcdefabcdef'));
    mkdirSync(join(dir, 'notes'));
    expect(pruneReleases({ releasesDir: releasesDir(), name: 'generator' })).toEqual([]);
    expect(folders()).toEqual([id, 'notes'].sort());
  });
});

describe('carryReleases (a static image takes over the releases of the image before it)', () => {
  it('copies the log and the release folders it names, nothing else', () => {
    const previous = join(work, 'previous');
    const a = publishRelease({ releasesDir: previous, name: 'blog', from: build('a'), now: START }).id;
    const b = publishRelease({ releasesDir: previous, name: 'blog', from: build('b'), now: START + DAY }).id;
    // The previous image also holds its dist beside the releases.
    mkdirSync(join(previous, 'blog', 'assets'));
    expect(carryReleases({ from: join(previous, 'blog'), releasesDir: releasesDir(), name: 'blog' })).toEqual([a, b]);
    expect(readReleaseLog(releasesDir(), 'blog')).toEqual(readReleaseLog(previous, 'blog'));
    expect(readdirSync(join(releasesDir(), 'blog')).sort()).toEqual([a, b, 'releases.json'].sort());
    // The next build is published beside them and the retention applies to all.
    const c = publishRelease({ releasesDir: releasesDir(), name: 'blog', from: build('c'), now: START + 2 * DAY }).id;
    expect(readReleaseLog(releasesDir(), 'blog').releases.map((r) => r.id)).toEqual([a, b, c]);
  });

  it('carries nothing from a first image (no releases there)', () => {
    expect(carryReleases({ from: join(work, 'nothing'), releasesDir: releasesDir(), name: 'blog' })).toEqual([]);
  });
});
