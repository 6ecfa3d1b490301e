import { catalogueOptions, FIXTURE_CATALOGUE, offeredModel } from '../testing/catalogue-fixture';
import { modelTerms, sharedTerms } from './model-terms';
import { fullResolution, groupByVendor, modelShapes, modelsForTab, offeredModels, pickModel } from './offered-models';
import { slowestWait, waitSpan } from './wait-estimate';

const byId = (id: string) => FIXTURE_CATALOGUE.find((m) => m.id === id)!;

describe('the catalogue as the generator offers it', () => {
  it("is the server's catalogue when it has one", () => {
    expect(offeredModels(catalogueOptions()).map((m) => m.id)).toEqual(FIXTURE_CATALOGUE.map((m) => m.id));
  });

  it('lists only the models serving the tab: a prompt alone, or a first frame', () => {
    expect(modelsForTab(FIXTURE_CATALOGUE, 'text').map((m) => m.id)).not.toContain('kling-2.1-image');
    expect(modelsForTab(FIXTURE_CATALOGUE, 'image').map((m) => m.id)).not.toContain('veo3');
    expect(modelsForTab(FIXTURE_CATALOGUE, 'image').map((m) => m.id)).toContain('kling-2.1-image');
  });

  it('groups models by vendor in the order the catalogue first names each', () => {
    const groups = groupByVendor(modelsForTab(FIXTURE_CATALOGUE, 'text'));
    expect(groups.map((g) => [g.vendor, g.models.map((m) => m.id)])).toEqual([
      ['Google', ['veo3', 'omni-1.2']],
      ['Kuaishou', ['kling-2.1-master']],
      ['ByteDance', ['seedance-1.0-pro']],
      ['MiniMax', ['hailuo-02']],
    ]);
  });

  it('keeps a chosen model the tab has, even unavailable (the form says so), else the first available', () => {
    const text = modelsForTab(FIXTURE_CATALOGUE, 'text');
    expect(pickModel(text, 'kling-2.1-master')?.id).toBe('kling-2.1-master');
    expect(pickModel(text, 'kling-2.1-image')?.id).toBe('veo3');
    const allDown = text.map((m) => ({ ...m, available: m.id === 'hailuo-02' }));
    expect(pickModel(allDown, null)?.id).toBe('hailuo-02');
    expect(pickModel([], null)).toBeNull();
  });

  it("offers a model's own formats, priced; the first three only as far as the provider makes them", () => {
    const seedance = modelShapes(byId('seedance-1.0-pro'), catalogueOptions());
    expect(seedance.map((s) => `${s.aspectRatio} ${s.resolution}`)).toEqual(['16:9 720p', '16:9 1080p', '16:9 480p']);
    const unpriced = offeredModel({ id: 'x', name: 'X', price: { per: 'video', credits: { '720p': 10 } } });
    expect(modelShapes(unpriced, undefined).map((s) => s.resolution)).toEqual(['720p', '720p']);
    const kie = { ...catalogueOptions(), shapes: catalogueOptions().shapes.filter((s) => s.aspect_ratio === '16:9') };
    expect(modelShapes(byId('veo3'), kie).every((s) => s.aspectRatio === '16:9')).toBe(true);
  });

  it('remakes a draft at the lowest resolution that is not the draft', () => {
    expect(fullResolution(byId('omni-1.2'))).toBe('720p');
    expect(fullResolution(byId('seedance-1.0-pro'))).toBe('480p');
    const draftAnd1080 = offeredModel({
      id: 'y',
      name: 'Y',
      outputs: { durations: [5], aspect_ratios: ['16:9'], resolutions: ['360p', '1080p'], audio: false },
      price: { per: 'video', credits: { '360p': 5, '1080p': 20 } },
    });
    expect(fullResolution(draftAnd1080)).toBe('1080p');
    const draftOnly = { ...draftAnd1080, outputs: { ...draftAnd1080.outputs, resolutions: ['360p' as const] } };
    expect(fullResolution(draftOnly)).toBeNull();
  });

  it('offers in a comparison only what every compared model takes and makes', () => {
    const options = catalogueOptions();
    const shared = sharedTerms([modelTerms(byId('omni-1.2'), options), modelTerms(byId('seedance-1.0-pro'), options)])!;
    expect(shared.durations).toEqual([10]);
    expect(shared.shapes.every((s) => s.aspectRatio === '16:9')).toBe(true);
    expect(shared.shapes.map((s) => s.resolution).sort()).toEqual(['1080p', '720p']);
    expect(shared.seed).toBe(false);
    expect(shared.referenceImages).toBe(0);
    expect(sharedTerms([])).toBeNull();
  });
});

describe('the wait estimate', () => {
  it('says seconds under a minute, else whole minutes', () => {
    expect(waitSpan(45)).toEqual({ key: 'waitSeconds', count: 45 });
    expect(waitSpan(75)).toEqual({ key: 'waitMinutes', count: 1 });
    expect(waitSpan(390)).toEqual({ key: 'waitMinutes', count: 7 });
  });

  it("of a comparison is its slowest model's, the vendor's when any is", () => {
    expect(slowestWait([byId('seedance-1.0-pro'), byId('hailuo-02')])).toEqual({
      median_s: 60,
      p90_s: 180,
      source: 'site',
    });
    expect(slowestWait([byId('seedance-1.0-pro'), byId('veo3')])?.source).toBe('vendor');
    expect(slowestWait([])).toBeNull();
  });
});
