import { EFFECT_SEEDS } from './effect-seeds';
import { EFFECT_CATALOG_TTL_MS, EffectCatalog } from './effect-catalog.service';
import type { EffectFiles } from './effect-files.service';
import type { EffectsRepository } from './effects.repository';
import type { VideoEffectEntity } from './video-effect.entity';

const seed = EFFECT_SEEDS[0]!;
const row = (slug: string): VideoEffectEntity => ({
  id: slug,
  slug,
  category: seed.category,
  badge: seed.badge,
  name: JSON.stringify(seed.name),
  description: JSON.stringify(seed.description),
  inputs: JSON.stringify(seed.inputs),
  faq: JSON.stringify(seed.faq),
  people: seed.people,
  promptTemplate: seed.prompt_template,
  price: seed.price,
  model: seed.settings.model,
  aspectRatio: seed.settings.aspect_ratio,
  resolution: seed.settings.resolution,
  durationS: seed.settings.duration_s,
  samplePath: null,
  posterPath: null,
  position: 0,
  published: true,
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe('EffectCatalog', () => {
  let rows: VideoEffectEntity[];
  let reads: number;
  let catalog: EffectCatalog;

  beforeEach(() => {
    jest.useFakeTimers();
    rows = [row('one')];
    reads = 0;
    const repository = { published: async () => (reads++, rows) } as unknown as EffectsRepository;
    catalog = new EffectCatalog(repository, { url: () => null } as unknown as EffectFiles);
  });
  afterEach(() => jest.useRealTimers());

  it('reads the database once per TTL, then again: a change elsewhere shows within it', async () => {
    expect((await catalog.published()).map((e) => e.slug)).toEqual(['one']);
    rows = [row('one'), row('two')];
    expect(await catalog.publishedBySlug('two')).toBeNull();
    expect(reads).toBe(1);
    jest.advanceTimersByTime(EFFECT_CATALOG_TTL_MS);
    expect((await catalog.publishedBySlug('two'))?.slug).toBe('two');
    expect(reads).toBe(2);
    expect(EFFECT_CATALOG_TTL_MS).toBeLessThanOrEqual(30_000);
  });

  it('reads again at once once cleared (a console change in this process), never showing the template', async () => {
    await catalog.published();
    rows = [];
    catalog.clear();
    expect(await catalog.published()).toEqual([]);
    rows = [row('one')];
    catalog.clear();
    expect(JSON.stringify(await catalog.published())).not.toContain(seed.prompt_template);
  });
});
