import type { VideoOptions } from '@veo3/contracts/video';
import {
  defaultFamily,
  generationCost,
  MODEL_OPTIONS,
  modelDuration,
  modelFor,
  modelName,
  OMNI_OPTION,
  parseMode,
} from './model-options';

/** The server's options with each model available or not. */
function optionsWith(available: { veo3: boolean; 'veo3-fast-frames': boolean; omni: boolean }): VideoOptions {
  const veo = (on: boolean) => ({
    available: on,
    message: null,
    prices: { '720p': 40, '1080p': 40 },
    per_second: null,
    durations: [8],
    editable: false,
  });
  return {
    defaults: { aspect_ratio: '16:9', resolution: '720p' },
    shapes: [{ aspect_ratio: '16:9', resolution: '720p' }],
    negative_prompt: true,
    last_frame: true,
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
      },
    },
  };
}

describe('model options', () => {
  it('match the spec table', () => {
    expect(MODEL_OPTIONS.text).toMatchObject({ mode: 'text', name: 'VEO 3 Text', apiPath: 'veo3', cost: 40 });
    expect(MODEL_OPTIONS.image).toMatchObject({
      mode: 'image',
      name: 'VEO 3 Image',
      apiPath: 'veo3-fast-frames',
      cost: 40,
    });
    expect(OMNI_OPTION).toMatchObject({ mode: 'both', name: 'Gemini Omni Flash', apiPath: 'omni', perSecond: 4 });
  });

  it('names a model by the apiPath a task records', () => {
    expect(modelName('veo3')).toBe('VEO 3 Text');
    expect(modelName('veo3-fast-frames')).toBe('VEO 3 Image');
    expect(modelName('veo4')).toBe('veo4');
  });

  it('reads the mode from ?type=, defaulting to text', () => {
    expect(parseMode('image')).toBe('image');
    expect(parseMode('text')).toBe('text');
    expect(parseMode(null)).toBe('text');
    expect(parseMode('video')).toBe('text');
  });

  it('starts on Omni only where it is served and the tab has no Veo model', () => {
    const onlyOmni = optionsWith({ veo3: false, 'veo3-fast-frames': false, omni: true });
    expect(defaultFamily('text', onlyOmni)).toBe('omni');
    expect(defaultFamily('image', onlyOmni)).toBe('omni');
    const both = optionsWith({ veo3: true, 'veo3-fast-frames': false, omni: true });
    expect(defaultFamily('text', both)).toBe('veo');
    expect(defaultFamily('image', both)).toBe('omni');
    expect(defaultFamily('text', optionsWith({ veo3: false, 'veo3-fast-frames': false, omni: false }))).toBe('veo');
    // Until the options load, the form is as before Omni.
    expect(defaultFamily('text', undefined)).toBe('veo');
  });

  it('prices Omni per second of the chosen length and Veo by resolution', () => {
    const options = optionsWith({ veo3: true, 'veo3-fast-frames': true, omni: true });
    expect(generationCost(OMNI_OPTION, '720p', 4, options)).toBe(16);
    expect(generationCost(OMNI_OPTION, '1080p', 10, options)).toBe(40);
    expect(generationCost(OMNI_OPTION, '720p', 6, undefined)).toBe(24);
    expect(generationCost(MODEL_OPTIONS.text, '1080p', 8, options)).toBe(40);
  });

  it('sends the chosen length for Omni only, and Veo keeps its 8 s', () => {
    expect(modelDuration(modelFor('text', 'omni'), 4)).toBe(4);
    expect(modelDuration(modelFor('text', 'omni'), 7)).toBe(8);
    expect(modelDuration(modelFor('image', 'veo'), 4)).toBe(8);
    expect(modelFor('image', 'omni')).toBe(OMNI_OPTION);
    expect(modelFor('image', 'veo')).toBe(MODEL_OPTIONS.image);
  });
});
