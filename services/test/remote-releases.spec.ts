import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRetention, publishRelease } from '../../scripts/remote-releases.mjs';
import { createFakeWebBuild } from './support/fake-web-build';
import { createTestApp, type TestApp } from './support/test-app';

function configBlock(html: string): { remotes: Record<string, string> } {
  const match = /<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no app-config block');
  return JSON.parse(match[1]!);
}

/** A built folder whose one chunk holds `text`, as a build leaves it. */
function builtFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'veo3-build-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const remote = (text: string) =>
  builtFolder({
    'mf-manifest.json': JSON.stringify({ name: 'generator', text }),
    'remoteEntry.js': `var generator; // ${text}`,
    'assets/page.abcdef1234.js': `export const text = ${JSON.stringify(text)};`,
  });

describe('remote releases, side by side (the site serving what scripts/remote-releases.mjs publishes)', () => {
  let t: TestApp;
  let web: string;
  const publish = (name: string, from: string, retention = '5,14d') =>
    publishRelease({ releasesDir: join(web, 'releases'), name, from, retention: parseRetention(retention) }).id;
  let first: string;
  let second: string;

  beforeAll(async () => {
    web = createFakeWebBuild();
    first = publish('generator', remote('release 1'));
    second = publish('generator', remote('release 2'));
    // An earlier build of the shell whose page may still be open somewhere.
    publish('shell', builtFolder({ 'old-main.0123456789.js': 'console.log("old shell");' }));
    t = await createTestApp('sqlite', { WEB_DIR: web });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("names each remote's current release in the page and in /remote-map.json, never cached", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/text-to-veo3-video' });
    expect(configBlock(page.body).remotes).toMatchObject({
      generator: `/mfe/generator/${second}/mf-manifest.json`,
      // Not published as a release: its dist, as before.
      billing: '/mfe/billing/mf-manifest.json',
    });
    const map = await t.app.inject({ method: 'GET', url: '/remote-map.json' });
    expect(map.statusCode).toBe(200);
    expect(map.headers['cache-control']).toBe('no-store');
    expect(map.json().generator).toBe(`/mfe/generator/${second}/mf-manifest.json`);
  });

  it("keeps serving the replaced release's files, every file of a release cached forever", async () => {
    for (const [id, text] of [
      [first, 'release 1'],
      [second, 'release 2'],
    ] as const) {
      for (const file of ['mf-manifest.json', 'remoteEntry.js', 'assets/page.abcdef1234.js']) {
        const res = await t.app.inject({ method: 'GET', url: `/mfe/generator/${id}/${file}` });
        expect([file, res.statusCode, res.headers['cache-control']]).toEqual([
          file,
          200,
          'public, max-age=31536000, immutable',
        ]);
        expect(res.body).toContain(text);
      }
    }
    const log = await t.app.inject({ method: 'GET', url: '/mfe/generator/releases.json' });
    expect(log.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/mfe/generator/0123456789ab/remoteEntry.js' })).statusCode).toBe(
      404,
    );
  });

  it('serves a release published while it runs, and stops serving one pruned past retention', async () => {
    const third = publish('generator', remote('release 3'), '1,0d');
    const map = await t.app.inject({ method: 'GET', url: '/remote-map.json' });
    expect(map.json().generator).toBe(`/mfe/generator/${third}/mf-manifest.json`);
    const entry = await t.app.inject({ method: 'GET', url: `/mfe/generator/${third}/remoteEntry.js` });
    expect([entry.statusCode, entry.body]).toEqual([200, 'var generator; // release 3']);
    for (const gone of [first, second]) {
      expect((await t.app.inject({ method: 'GET', url: `/mfe/generator/${gone}/remoteEntry.js` })).statusCode).toBe(
        404,
      );
    }
  });

  it("serves the shell's assets of this build and of the earlier builds it retains", async () => {
    for (const [url, text] of [
      ['/assets/main.0123456789.js', 'console.log("shell");'],
      ['/assets/old-main.0123456789.js', 'console.log("old shell");'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: url! });
      expect([url, res.statusCode, res.body, res.headers['cache-control']]).toEqual([
        url,
        200,
        text,
        'public, max-age=31536000, immutable',
      ]);
    }
  });
});
