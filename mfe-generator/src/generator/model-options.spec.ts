import { MODEL_OPTIONS, modelName, parseMode } from './model-options';

describe('model options', () => {
  it('match the spec table', () => {
    expect(MODEL_OPTIONS.text).toEqual({ mode: 'text', name: 'VEO 3 Text', apiPath: 'veo3', cost: 40 });
    expect(MODEL_OPTIONS.image).toEqual({ mode: 'image', name: 'VEO 3 Image', apiPath: 'veo3-fast-frames', cost: 40 });
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
});
