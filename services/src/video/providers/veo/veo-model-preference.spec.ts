import { parseVeoModel, rankVeoModels } from './veo-model-preference';

const listed = [
  'veo-2.0-generate-001',
  'veo-3.0-generate-001',
  'veo-3.0-fast-generate-001',
  'veo-3.1-generate-preview',
  'veo-3.1-fast-generate-preview',
  'veo-3.1-generate-001',
  'veo-3.1-fast-generate-001',
  'gemini-2.5-flash',
  'imagen-4.0-generate-001',
];

describe('Veo model preference', () => {
  it('reads version, variant and release from the id, and ignores other models and Veo 2', () => {
    expect(parseVeoModel('veo-3.1-fast-generate-001')).toEqual({
      id: 'veo-3.1-fast-generate-001',
      version: [3, 1],
      variant: 'fast',
      stable: true,
    });
    expect(parseVeoModel('veo-4-lite-generate-preview')).toMatchObject({
      version: [4, 0],
      variant: 'lite',
      stable: false,
    });
    expect(parseVeoModel('veo-2.0-generate-001')).toBeNull();
    expect(parseVeoModel('gemini-2.5-flash')).toBeNull();
  });

  it('puts the newest Veo first, the wanted variant next, and a numbered release before a preview', () => {
    expect(rankVeoModels(listed, 'quality')).toEqual([
      'veo-3.1-generate-001',
      'veo-3.1-generate-preview',
      'veo-3.1-fast-generate-001',
      'veo-3.1-fast-generate-preview',
      'veo-3.0-generate-001',
      'veo-3.0-fast-generate-001',
    ]);
    expect(rankVeoModels(listed, 'fast')[0]).toBe('veo-3.1-fast-generate-001');
  });

  it('falls back to another variant when the wanted one is not offered', () => {
    expect(rankVeoModels(['veo-3.1-generate-001'], 'fast')).toEqual(['veo-3.1-generate-001']);
    expect(rankVeoModels(['veo-2.0-generate-001'], 'quality')).toEqual([]);
  });
});
