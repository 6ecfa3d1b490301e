import { VIDEO_MODELS } from '@veo3/contracts/catalogue';
import { MAX_SEED } from '@veo3/contracts/video';
import { checkSeed, checkVariations, variationSeeds } from './options-check';
import { VideoErrorCode } from './video.exception';

describe('checkVariations', () => {
  it.each([
    [undefined, 1],
    ['', 1],
    [' 2 ', 2],
    ['4', 4],
    ['1', 1],
  ])('%j → %i', (raw, count) => expect(checkVariations(raw)).toBe(count));

  it.each(['3', '0', '8', '-2', '2.0', 'two', '1e1'])('refuses %j, naming the counts on offer', (raw) => {
    expect(() => checkVariations(raw)).toThrow(
      expect.objectContaining({ code: VideoErrorCode.BadOption, message: 'variations must be 1, 2 or 4' }),
    );
  });
});

describe('checkSeed', () => {
  const veo = VIDEO_MODELS.veo3;

  it.each([
    [undefined, null],
    ['  ', null],
    ['0', 0],
    ['12345', 12345],
    [String(MAX_SEED), MAX_SEED],
  ])('%j → %j', (raw, seed) => expect(checkSeed(raw, veo, true)).toBe(seed));

  it.each(['-1', '1.5', 'abc', String(MAX_SEED + 1), '99999999999'])('refuses %j as out of range', (raw) => {
    expect(() => checkSeed(raw, veo, true)).toThrow(
      expect.objectContaining({
        code: VideoErrorCode.BadOption,
        message: `seed must be a whole number from 0 to ${MAX_SEED}`,
      }),
    );
  });

  it('refuses a seed for a model that takes none, naming it', () => {
    expect(() => checkSeed('7', veo, false)).toThrow(
      expect.objectContaining({ code: VideoErrorCode.BadOption, message: `${veo.name} does not take a seed` }),
    );
    expect(checkSeed(undefined, veo, false)).toBeNull();
  });
});

describe('variationSeeds', () => {
  it('counts up from the seed given, wrapping past MAX_SEED to 0', () => {
    expect(variationSeeds(10, 4, () => 0)).toEqual([10, 11, 12, 13]);
    expect(variationSeeds(MAX_SEED - 1, 4, () => 0)).toEqual([MAX_SEED - 1, MAX_SEED, 0, 1]);
  });

  it('draws one random seed per variation without one', () => {
    let next = 100;
    expect(variationSeeds(null, 2, () => next++)).toEqual([100, 101]);
  });
});
