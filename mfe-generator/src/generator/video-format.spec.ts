import { allowedShape, aspectRatiosOf, cssAspectRatio, resolutionsFor, type FormatChoices } from './video-format';

/** kie.ai's Veo: 1080p in 16:9 only. */
const kieLike: FormatChoices = {
  shapes: [
    { aspectRatio: '16:9', resolution: '720p' },
    { aspectRatio: '16:9', resolution: '1080p' },
    { aspectRatio: '9:16', resolution: '720p' },
  ],
  negativePrompt: false,
  lastFrame: true,
};

describe('video format choices', () => {
  it('offers the aspect ratios and, for each, the resolutions made at it', () => {
    expect(aspectRatiosOf(kieLike)).toEqual(['16:9', '9:16']);
    expect(resolutionsFor(kieLike, '9:16')).toEqual(['720p']);
    expect(resolutionsFor(kieLike, '16:9')).toEqual(['720p', '1080p']);
  });

  it('moves a choice that is not offered to the nearest one that is', () => {
    expect(allowedShape(kieLike, { aspectRatio: '9:16', resolution: '1080p' })).toEqual({
      aspectRatio: '9:16',
      resolution: '720p',
    });
    expect(allowedShape(kieLike, { aspectRatio: '16:9', resolution: '1080p' })).toEqual({
      aspectRatio: '16:9',
      resolution: '1080p',
    });
  });

  it('keeps the draft only where it is made, and prefers 720p over it when moving', () => {
    const draftAndFull: FormatChoices = {
      ...kieLike,
      shapes: [
        { aspectRatio: '16:9', resolution: '360p' },
        { aspectRatio: '16:9', resolution: '1080p' },
      ],
    };
    expect(allowedShape(draftAndFull, { aspectRatio: '16:9', resolution: '360p' }).resolution).toBe('360p');
    expect(allowedShape(draftAndFull, { aspectRatio: '16:9', resolution: '720p' }).resolution).toBe('1080p');
  });

  it('gives each format its CSS aspect ratio, old tasks being landscape', () => {
    expect(cssAspectRatio('9:16')).toBe('9 / 16');
    expect(cssAspectRatio(undefined)).toBe('16 / 9');
  });
});
