import type { VideoShape } from '@veo3/contracts/generation-options';
import type { OfferedModel } from '@veo3/contracts/model-catalogue';
import type { VideoOptions } from '@veo3/contracts/video';
import { modelShapes } from './offered-models';

/** What the form may offer for a model (or for every model of a comparison at once). */
export interface ModelTerms {
  /** The lengths it makes (seconds); empty when compared models share none. */
  durations: number[];
  shapes: VideoShape[];
  negativePrompt: boolean;
  lastFrame: boolean;
  /** How many reference images it takes (0: none). */
  referenceImages: number;
  seed: boolean;
}

export function modelTerms(model: OfferedModel, options: VideoOptions | undefined): ModelTerms {
  return {
    durations: [...model.outputs.durations].sort((a, b) => a - b),
    shapes: modelShapes(model, options),
    negativePrompt: model.inputs.negative_prompt,
    lastFrame: model.inputs.last_frame,
    referenceImages: model.inputs.reference_images,
    seed: model.inputs.seed,
  };
}

/** What every one of `terms` offers: one request sends the same settings to each compared model. */
export function sharedTerms([first, ...rest]: readonly ModelTerms[]): ModelTerms | null {
  if (!first) return null;
  return rest.reduce<ModelTerms>(
    (shared, next) => ({
      durations: shared.durations.filter((d) => next.durations.includes(d)),
      shapes: shared.shapes.filter((s) =>
        next.shapes.some((n) => n.aspectRatio === s.aspectRatio && n.resolution === s.resolution),
      ),
      negativePrompt: shared.negativePrompt && next.negativePrompt,
      lastFrame: shared.lastFrame && next.lastFrame,
      referenceImages: Math.min(shared.referenceImages, next.referenceImages),
      seed: shared.seed && next.seed,
    }),
    first,
  );
}
