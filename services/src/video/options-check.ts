import {
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  isAspectRatio,
  isResolution,
  MAX_NEGATIVE_PROMPT_LENGTH,
  MAX_PROMPT_LENGTH,
  supportsShape,
  type GenerationOptions,
  type OptionSupport,
} from '@veo3/contracts/generation-options';
import { defaultChoice, makesDuration, type CatalogueModel } from '@veo3/contracts/model-catalogue';
import { MAX_SEED, VIDEO_VARIATIONS } from '@veo3/contracts/video';
import { VideoErrorCode, VideoException } from './video.exception';

/** The prompt, trimmed: the spec's first check of a generation (empty, then too long). */
export function checkPrompt(raw: string | undefined): string {
  const prompt = (raw ?? '').trim();
  if (!prompt) throw new VideoException(VideoErrorCode.PromptRequired, 'Please enter a prompt');
  if (prompt.length > MAX_PROMPT_LENGTH) {
    throw new VideoException(
      VideoErrorCode.PromptTooLong,
      `The prompt is too long: at most ${MAX_PROMPT_LENGTH} characters`,
    );
  }
  return prompt;
}

type NamedModel = Pick<CatalogueModel, 'name' | 'outputs'>;

/** The options as they arrive in the form, all optional. */
export interface RawGenerationOptions {
  aspectRatio?: string;
  resolution?: string;
  negativePrompt?: string;
  lastFrame?: boolean;
}

const list = (values: readonly string[]) => values.join(' or ');

/**
 * Checks the generation options against the shared description, then against what the configured
 * provider honours; anything else is a 400 with a message that names the field, before any charge.
 */
export function checkGenerationOptions(
  raw: RawGenerationOptions,
  mode: 'text' | 'image',
  support: OptionSupport,
  model: NamedModel,
): GenerationOptions {
  const aspectRatio = raw.aspectRatio?.trim() || DEFAULT_ASPECT_RATIO;
  if (!isAspectRatio(aspectRatio)) {
    throw new VideoException(VideoErrorCode.BadOption, `aspect_ratio must be ${list(ASPECT_RATIOS)}`);
  }
  const resolution = raw.resolution?.trim() || defaultChoice(model).resolution;
  if (!isResolution(resolution)) {
    throw new VideoException(VideoErrorCode.BadOption, `resolution must be ${list(model.outputs.resolutions)}`);
  }
  const negativePrompt = raw.negativePrompt?.trim() || null;
  if (negativePrompt && mode !== 'text') {
    throw new VideoException(VideoErrorCode.BadOption, 'negative_prompt is only for Text to Video');
  }
  if (negativePrompt && negativePrompt.length > MAX_NEGATIVE_PROMPT_LENGTH) {
    throw new VideoException(
      VideoErrorCode.BadOption,
      `The negative prompt is too long: at most ${MAX_NEGATIVE_PROMPT_LENGTH} characters`,
    );
  }
  const lastFrame = Boolean(raw.lastFrame);
  if (lastFrame && mode !== 'image') {
    throw new VideoException(VideoErrorCode.BadOption, 'last_frame is only for Image to Video');
  }

  if (!model.outputs.aspect_ratios.includes(aspectRatio) || !model.outputs.resolutions.includes(resolution)) {
    throw new VideoException(
      VideoErrorCode.UnsupportedOption,
      `${model.name} makes ${list(model.outputs.aspect_ratios)} videos in ${list(model.outputs.resolutions)}. Please choose another format.`,
    );
  }
  if (!supportsShape(support, { aspectRatio, resolution })) {
    throw new VideoException(
      VideoErrorCode.UnsupportedOption,
      `Videos at ${aspectRatio} cannot be made in ${resolution} right now. Please choose another format.`,
    );
  }
  if (negativePrompt && !support.negativePrompt) {
    throw new VideoException(VideoErrorCode.UnsupportedOption, 'A negative prompt cannot be used right now.');
  }
  if (lastFrame && !support.lastFrame) {
    throw new VideoException(VideoErrorCode.UnsupportedOption, 'A last frame cannot be used right now.');
  }
  return { aspectRatio, resolution, negativePrompt, lastFrame };
}

/**
 * The video's length in seconds from the form's `duration` (absent: 8, or the model's first length):
 * one of the model's lengths (Omni: 4, 6, 8 or 10; Veo makes 8 s only), else a 400 naming them.
 */
export function checkDuration(raw: string | undefined, model: NamedModel): number {
  const text = raw?.trim();
  if (!text) return defaultChoice(model).seconds;
  const seconds = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (makesDuration(model, seconds)) return seconds;
  const { durations } = model.outputs;
  if (durations.length === 1) {
    throw new VideoException(
      VideoErrorCode.BadOption,
      `${model.name} makes ${durations[0]}-second videos only: leave duration out or send ${durations[0]}`,
    );
  }
  const lengths = durations.map(String);
  throw new VideoException(
    VideoErrorCode.BadOption,
    `duration must be ${lengths.slice(0, -1).join(', ')} or ${lengths.at(-1)} seconds for ${model.name}`,
  );
}

/** How many videos the form asks for (`variations`; absent: 1): one of VIDEO_VARIATIONS, else a 400 naming them. */
export function checkVariations(raw: string | undefined): number {
  const text = raw?.trim();
  if (!text) return 1;
  const count = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
  if ((VIDEO_VARIATIONS as readonly number[]).includes(count)) return count;
  const counts = VIDEO_VARIATIONS.map(String);
  throw new VideoException(
    VideoErrorCode.BadOption,
    `variations must be ${counts.slice(0, -1).join(', ')} or ${counts.at(-1)}`,
  );
}

/**
 * The form's seed (absent: null): a whole number 0..MAX_SEED, for a model the provider takes a
 * seed for; else a 400 that says which.
 */
export function checkSeed(
  raw: string | undefined,
  model: Pick<CatalogueModel, 'name'>,
  takesSeed: boolean,
): number | null {
  const text = raw?.trim();
  if (!text) return null;
  const seed = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(seed <= MAX_SEED)) {
    throw new VideoException(VideoErrorCode.BadOption, `seed must be a whole number from 0 to ${MAX_SEED}`);
  }
  if (!takesSeed) throw new VideoException(VideoErrorCode.BadOption, `${model.name} does not take a seed`);
  return seed;
}

/**
 * The seeds of `count` variations: `seed`, seed + 1, … (past MAX_SEED back to 0), so a batch can be
 * made again; without one, `randomSeed()` for each.
 */
export function variationSeeds(seed: number | null, count: number, randomSeed: () => number): number[] {
  return Array.from({ length: count }, (_, i) => (seed === null ? randomSeed() : (seed + i) % (MAX_SEED + 1)));
}
