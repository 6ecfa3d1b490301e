import { parseOmniModel, rankOmniModels } from './omni-model-preference';

describe('Omni model preference', () => {
  it('reads the generally available, preview and first-preview ids', () => {
    expect(parseOmniModel('gemini-omni-1.1-flash')).toEqual({
      id: 'gemini-omni-1.1-flash',
      version: [1, 1],
      stable: true,
    });
    expect(parseOmniModel('gemini-omni-1.2-flash-preview')).toMatchObject({ version: [1, 2], stable: false });
    expect(parseOmniModel('gemini-omni-flash-preview')).toMatchObject({ version: [1, 0], stable: false });
  });

  it('ignores models that are not Omni Flash', () => {
    expect(parseOmniModel('gemini-2.5-flash')).toBeNull();
    expect(parseOmniModel('veo-3.1-generate-001')).toBeNull();
    expect(parseOmniModel('gemini-omni-1.1-pro')).toBeNull();
  });

  it('prefers the newest version, then generally available over preview', () => {
    expect(
      rankOmniModels([
        'gemini-2.5-flash',
        'gemini-omni-flash-preview',
        'gemini-omni-1.1-flash',
        'gemini-omni-1.2-flash-preview',
        'veo-3.1-generate-001',
      ]),
    ).toEqual(['gemini-omni-1.2-flash-preview', 'gemini-omni-1.1-flash', 'gemini-omni-flash-preview']);
    expect(rankOmniModels(['gemini-omni-1.2-flash-preview', 'gemini-omni-1.2-flash'])[0]).toBe('gemini-omni-1.2-flash');
  });
});
