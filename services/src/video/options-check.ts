import {
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_RESOLUTION,
  isAspectRatio,
  isResolution,
  MAX_NEGATIVE_PROMPT_LENGTH,
  MAX_PROMPT_LENGTH,
  RESOLUTIONS,
  supportsShape,
  type GenerationOptions,
  type OptionSupport,
} from '@veo3/contracts/generation-options';
import { isModelDuration, VIDEO_DURATION_SECONDS, type VideoModel } from '@veo3/contracts/catalogue';
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
): GenerationOptions {
  const aspectRatio = raw.aspectRatio?.trim() || DEFAULT_ASPECT_RATIO;
  if (!isAspectRatio(aspectRatio)) {
    throw new VideoException(VideoErrorCode.BadOption, `aspect_ratio must be ${list(ASPECT_RATIOS)}`);
  }
  const resolution = raw.resolution?.trim() || DEFAULT_RESOLUTION;
  if (!isResolution(resolution)) {
    throw new VideoException(VideoErrorCode.BadOption, `resolution must be ${list(RESOLUTIONS)}`);
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
 * The video's length in seconds from the form's `duration` (absent: VIDEO_DURATION_SECONDS): one of
 * the model's lengths (Omni: 4, 6, 8 or 10; Veo makes 8 s only), else a 400 naming them.
 */
export function checkDuration(raw: string | undefined, model: VideoModel): number {
  const text = raw?.trim();
  if (!text) return VIDEO_DURATION_SECONDS;
  const seconds = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (isModelDuration(model, seconds)) return seconds;
  if (model.durations.length === 1) {
    throw new VideoException(
      VideoErrorCode.BadOption,
      `${model.name} makes ${model.durations[0]}-second videos only: leave duration out or send ${model.durations[0]}`,
    );
  }
  const lengths = model.durations.map(String);
  throw new VideoException(
    VideoErrorCode.BadOption,
    `duration must be ${lengths.slice(0, -1).join(', ')} or ${lengths.at(-1)} seconds for ${model.name}`,
  );
}
