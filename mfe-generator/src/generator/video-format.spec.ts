import { ALL_SHAPES } from '@veo3/contracts/generation-options';
import type { VideoOptions } from '@veo3/contracts/video';
import { allowedShape, aspectRatiosOf, cssAspectRatio, formatChoices, resolutionsFor } from './video-format';

const kieLike: VideoOptions = {
  defaults: { aspect_ratio: '16:9', resolution: '720p' },
  shapes: [
    { aspect_ratio: '16:9', resolution: '720p' },
    { aspect_ratio: '16:9', resolution: '1080p' },
    { aspect_ratio: '9:16', resolution: '720p' },
  ],
  negative_prompt: false,
  last_frame: true,
  models: {
    veo3: {
      available: true,
      message: null,
      prices: { '720p': 40, '1080p': 40 },
      per_second: null,
      durations: [8],
      editable: false,
    },
    'veo3-fast-frames': {
      available: true,
      message: null,
      prices: { '720p': 40, '1080p': 40 },
      per_second: null,
      durations: [8],
      editable: false,
    },
    omni: {
      available: false,
      message: null,
      prices: { '720p': 32, '1080p': 32 },
      per_second: 4,
      durations: [4, 6, 8, 10],
      editable: false,
    },
  },
};

describe('video format choices', () => {
  it('offers everything until the server has said otherwise', () => {
    const choices = formatChoices(undefined);
    expect(choices.shapes).toEqual(ALL_SHAPES);
    expect(resolutionsFor(choices, '9:16')).toEqual(['720p', '1080p']);
  });

  it("follows the server's shapes: no portrait 1080p when the provider has none", () => {
    const choices = formatChoices(kieLike);
    expect(aspectRatiosOf(choices)).toEqual(['16:9', '9:16']);
    expect(resolutionsFor(choices, '9:16')).toEqual(['720p']);
    expect(choices.negativePrompt).toBe(false);
  });

  it('moves a choice that is not offered to the nearest one that is', () => {
    const choices = formatChoices(kieLike);
    expect(allowedShape(choices, { aspectRatio: '9:16', resolution: '1080p' })).toEqual({
      aspectRatio: '9:16',
      resolution: '720p',
    });
    expect(allowedShape(choices, { aspectRatio: '16:9', resolution: '1080p' })).toEqual({
      aspectRatio: '16:9',
      resolution: '1080p',
    });
  });

  it('gives each format its CSS aspect ratio, old tasks being landscape', () => {
    expect(cssAspectRatio('9:16')).toBe('9 / 16');
    expect(cssAspectRatio(undefined)).toBe('16 / 9');
  });
});
