import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogue } from './catalogue-file';
import { DEFAULT_CATALOGUE } from './default-catalogue';

describe('loadCatalogue (VIDEO_CATALOGUE_FILE)', () => {
  let dir: string;
  let count = 0;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'catalogue-file-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The file holding `content` (JSON unless a string), loaded. */
  function load(content: unknown) {
    const path = join(dir, `catalogue-${++count}.json`);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return { path, ...loadCatalogue(path) };
  }

  it('serves the defaults without a file', () => {
    expect(loadCatalogue(undefined)).toEqual({ entries: [...DEFAULT_CATALOGUE], problems: [] });
  });

  it('takes a price override and leaves an unoffered model out, the others as they were', () => {
    const { entries, problems } = load({
      models: {
        'omni-1.2': { price: { per: 'second', credits: { '360p': 1, '720p': 5, '1080p': 6 } } },
        'pixverse-5': { offered: false },
      },
    });

    expect(problems).toEqual([]);
    expect(entries.map((entry) => entry.id)).not.toContain('pixverse-5');
    expect(entries).toHaveLength(DEFAULT_CATALOGUE.length - 1);
    const omni = entries.find((entry) => entry.id === 'omni-1.2')!;
    expect(omni.price).toEqual({ per: 'second', credits: { '360p': 1, '720p': 5, '1080p': 6 } });
    expect(omni.outputs).toEqual(DEFAULT_CATALOGUE.find((entry) => entry.id === 'omni-1.2')!.outputs);
    expect(entries.find((entry) => entry.id === 'veo3')).toEqual(
      DEFAULT_CATALOGUE.find((entry) => entry.id === 'veo3'),
    );
  });

  it('puts the models it orders first, the rest in the default order', () => {
    const { entries, problems } = load({ models: {}, order: ['wan-2.5', 'omni-1.2'] });
    expect(problems).toEqual([]);
    expect(entries.slice(0, 3).map((entry) => entry.id)).toEqual(['wan-2.5', 'omni-1.2', DEFAULT_CATALOGUE[0]!.id]);
  });

  const omniPrice = (credits: Record<string, unknown>) => ({
    models: { 'omni-1.2': { price: { per: 'second', credits } } },
  });

  it.each([
    ['no credits', omniPrice({ '360p': 0, '720p': 4, '1080p': 4 }), /models\.omni-1\.2\.price\.credits\.360p/],
    ['a fraction', omniPrice({ '360p': 2, '720p': 1.5, '1080p': 4 }), /models\.omni-1\.2\.price\.credits\.720p/],
    ['a negative price', omniPrice({ '360p': 2, '720p': 4, '1080p': -4 }), /models\.omni-1\.2\.price\.credits\.1080p/],
    [
      'a resolution the model does not make',
      { models: { veo3: { price: { per: 'video', credits: { '480p': 10, '720p': 100, '1080p': 150 } } } } },
      /models\.veo3\.price\.credits\.480p: VEO 3 Text makes no 480p video/,
    ],
    [
      'no price for a resolution it makes',
      omniPrice({ '720p': 4, '1080p': 4 }),
      /models\.omni-1\.2\.price\.credits\.360p: required \(Gemini Omni 1\.2 Flash makes 360p\)/,
    ],
    ['an unknown model id', { models: { 'sora-2': { offered: false } } }, /unknown model id "sora-2"/],
    ['an unknown id in the order', { order: ['omni-1.2', 'sora-2'] }, /unknown model id "sora-2"/],
    ['a field that cannot be overridden', { models: { veo3: { routes: {} } } }, /models\.veo3/],
  ])('refuses %s, naming VIDEO_CATALOGUE_FILE, the model and the field', (_case, content, message) => {
    const { path, problems } = load(content);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
    for (const problem of problems) expect(problem).toContain(`VIDEO_CATALOGUE_FILE (${path})`);
  });

  it('refuses a file that is not JSON, or missing, saying so', () => {
    expect(load('{ "models": ').problems).toEqual([
      expect.stringMatching(/^VIDEO_CATALOGUE_FILE \(.*\): cannot be read as JSON/),
    ]);
    expect(loadCatalogue(join(dir, 'missing.json')).problems).toEqual([
      expect.stringMatching(/^VIDEO_CATALOGUE_FILE \(.*missing\.json\): cannot be read/),
    ]);
  });
});
