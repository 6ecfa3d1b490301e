import type { VideoOptions } from '@veo3/contracts/video';
import { modelCost } from '@veo3/contracts/model-catalogue';
import { FIXTURE_CATALOGUE } from '../testing/catalogue-fixture';
import { modelName, parseMode } from './model-options';
import { modelsForTab, nearestDuration, offeredModels, pickModel } from './offered-models';

/** The server's options with each model available or not. */
function optionsWith(available: { veo3: boolean; 'veo3-fast-frames': boolean; omni: boolean }): VideoOptions {
  const veo = (on: boolean) => ({
    available: on,
    message: null,
    prices: { '720p': 40, '1080p': 40 },
    per_second: null,
    durations: [8],
    editable: false,
    seed: false,
    extend_instruction: false,
  });
  return {
    catalogue: [],
    max_compare: 3,
    defaults: { aspect_ratio: '16:9', resolution: '720p' },
    shapes: [{ aspect_ratio: '16:9', resolution: '720p' }],
    negative_prompt: true,
    last_frame: true,
    variations: [1],
    max_active: 3,
    models: {
      veo3: veo(available.veo3),
      'veo3-fast-frames': veo(available['veo3-fast-frames']),
      omni: {
        available: available.omni,
        message: null,
        prices: { '720p': 32, '1080p': 32 },
        per_second: 4,
        durations: [4, 6, 8, 10],
        editable: available.omni,
        seed: false,
        extend_instruction: false,
      },
    },
  };
}

/** The model the form starts with in `mode`, given the server's `options`. */
const startsWith = (mode: 'text' | 'image', options: VideoOptions | undefined) =>
  pickModel(modelsForTab(offeredModels(options), mode), null)?.id;

describe('model options', () => {
  it('offer the first three models as the spec table has them, from a server without a catalogue', () => {
    const [veo, frames, omni] = offeredModels(optionsWith({ veo3: true, 'veo3-fast-frames': true, omni: true }));
    expect(veo).toMatchObject({
      id: 'veo3',
      name: 'VEO 3 Text',
      vendor: 'Google',
      inputs: { text: true, first_frame: false },
    });
    expect(frames).toMatchObject({
      id: 'veo3-fast-frames',
      name: 'VEO 3 Image',
      inputs: { text: false, first_frame: true },
    });
    expect(omni).toMatchObject({ id: 'omni', name: 'Gemini Omni Flash', price: { per: 'second' } });
    expect(modelCost(veo!, '720p', 8)).toBe(40);
  });

  it('names a model by the id a task records: the catalogue first, then the first three', () => {
    expect(modelName('veo3')).toBe('VEO 3 Text');
    expect(modelName('veo3-fast-frames')).toBe('VEO 3 Image');
    expect(modelName('veo4')).toBe('veo4');
    expect(modelName('seedance-1.0-pro', FIXTURE_CATALOGUE)).toBe('Seedance 1.0 Pro');
  });

  it('reads the mode from ?type=, defaulting to text', () => {
    expect(parseMode('image')).toBe('image');
    expect(parseMode('text')).toBe('text');
    expect(parseMode(null)).toBe('text');
    expect(parseMode('video')).toBe('text');
  });

  it('starts on Omni only where it is served and the tab has no Veo model', () => {
    const onlyOmni = optionsWith({ veo3: false, 'veo3-fast-frames': false, omni: true });
    expect(startsWith('text', onlyOmni)).toBe('omni');
    expect(startsWith('image', onlyOmni)).toBe('omni');
    const both = optionsWith({ veo3: true, 'veo3-fast-frames': false, omni: true });
    expect(startsWith('text', both)).toBe('veo3');
    expect(startsWith('image', both)).toBe('omni');
    expect(startsWith('text', optionsWith({ veo3: false, 'veo3-fast-frames': false, omni: false }))).toBe('veo3');
    // Until the options load, the form is as before Omni.
    expect(startsWith('text', undefined)).toBe('veo3');
    expect(offeredModels(undefined).map((m) => m.id)).toEqual(['veo3', 'veo3-fast-frames']);
  });

  it("prices Omni per second of the chosen length and Veo by resolution, at the server's prices", () => {
    const [veo, , omni] = offeredModels(optionsWith({ veo3: true, 'veo3-fast-frames': true, omni: true }));
    expect(modelCost(omni!, '720p', 4)).toBe(16);
    expect(modelCost(omni!, '1080p', 10)).toBe(40);
    expect(modelCost(veo!, '1080p', 8)).toBe(40);
  });

  it('keeps a length the model makes, else moves to its nearest (the longer on a tie)', () => {
    expect(nearestDuration([4, 6, 8, 10], 4)).toBe(4);
    expect(nearestDuration([4, 6, 8, 10], 7)).toBe(8);
    expect(nearestDuration([8], 4)).toBe(8);
    expect(nearestDuration([5, 10], 15)).toBe(10);
  });
});
