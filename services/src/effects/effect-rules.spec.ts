import type { EffectDraft } from '@veo3/contracts/effects';
import { DEFAULT_CATALOGUE } from '../video/catalogue/default-catalogue';
import { EFFECT_SEEDS } from './effect-seeds';
import { checkEffectDraft } from './effect-rules';

const find = (id: string) => DEFAULT_CATALOGUE.find((entry) => entry.id === id);
const kiss = EFFECT_SEEDS.find((seed) => seed.slug === 'ai-french-kissing')!;
const asmr = EFFECT_SEEDS.find((seed) => seed.slug === 'asmr-video')!;
const draft = (over: Partial<Omit<EffectDraft, 'reason'>>) => ({ ...asmr, ...over });

describe('checkEffectDraft', () => {
  it('accepts every seed effect', () => {
    for (const seed of EFFECT_SEEDS) expect(() => checkEffectDraft(seed, find)).not.toThrow();
  });

  it('refuses a template naming an input the effect does not declare', () => {
    expect(() =>
      checkEffectDraft(draft({ prompt_template: 'A clip of {{text_1}} and {{text_2}} being cut' }), find),
    ).toThrow(/\{\{text_2\}\}, which is not a text input/);
  });

  it('refuses an input declared twice', () => {
    expect(() => checkEffectDraft(draft({ inputs: [asmr.inputs[0]!, asmr.inputs[0]!] }), find)).toThrow(
      /declared twice/,
    );
  });

  it('refuses a model not in the catalogue, and one that cannot take the photos', () => {
    expect(() => checkEffectDraft(draft({ settings: { ...asmr.settings, model: 'nope' } }), find)).toThrow(
      'The model nope is not in the catalogue.',
    );
    expect(() => checkEffectDraft({ ...kiss, settings: { ...kiss.settings, model: 'veo3' } }, find)).toThrow(
      /cannot start from a photo/,
    );
    expect(() =>
      checkEffectDraft({ ...kiss, settings: { ...kiss.settings, model: 'kling-2.1-standard' } }, find),
    ).toThrow(/no reference images/);
  });

  it("refuses settings the model does not make, in the generator's words", () => {
    expect(() => checkEffectDraft(draft({ settings: { ...asmr.settings, duration_s: 7 } }), find)).toThrow(
      /duration must be/,
    );
    expect(() =>
      checkEffectDraft(draft({ inputs: [asmr.inputs[0]!], settings: { ...asmr.settings, model: 'veo3' } }), find),
    ).toThrow(/makes .* videos in/);
  });
});
