import {
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_RESOLUTION,
  RESOLUTIONS,
  type AspectRatio,
  type Resolution,
  type VideoShape,
} from '@veo3/contracts/generation-options';

/** What the generator may offer for the chosen model (or every compared one). */
export interface FormatChoices {
  shapes: readonly VideoShape[];
  negativePrompt: boolean;
  lastFrame: boolean;
}

export const DEFAULT_SHAPE: VideoShape = { aspectRatio: DEFAULT_ASPECT_RATIO, resolution: DEFAULT_RESOLUTION };

export function aspectRatiosOf(choices: FormatChoices): AspectRatio[] {
  return ASPECT_RATIOS.filter((a) => choices.shapes.some((s) => s.aspectRatio === a));
}

/** The resolutions offered at `aspectRatio` (kie.ai makes 1080p in 16:9 only, so portrait offers 720p alone there). */
export function resolutionsFor(choices: FormatChoices, aspectRatio: AspectRatio): Resolution[] {
  return RESOLUTIONS.filter((r) => choices.shapes.some((s) => s.aspectRatio === aspectRatio && s.resolution === r));
}

/** `shape` if it is offered; otherwise the same aspect ratio at a resolution that is, or else the default. */
export function allowedShape(choices: FormatChoices, shape: VideoShape): VideoShape {
  const resolutions = resolutionsFor(choices, shape.aspectRatio);
  if (resolutions.includes(shape.resolution)) return shape;
  if (resolutions.length) {
    return {
      aspectRatio: shape.aspectRatio,
      resolution: resolutions.includes(DEFAULT_RESOLUTION) ? DEFAULT_RESOLUTION : resolutions[0]!,
    };
  }
  return choices.shapes[0] ?? DEFAULT_SHAPE;
}

/** The CSS aspect-ratio of a video of this format, so it is shown at its own shape (no letterboxing). */
export function cssAspectRatio(aspectRatio: AspectRatio | undefined): string {
  return aspectRatio === '9:16' ? '9 / 16' : '16 / 9';
}
