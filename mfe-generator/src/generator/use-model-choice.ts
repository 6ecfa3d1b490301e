import type { VideoShape } from '@veo3/contracts/generation-options';
import {
  defaultFamily,
  generationCost,
  modelDuration,
  modelFor,
  omniOffered,
  type GenerationMode,
  type ModelFamily,
} from './model-options';
import { useVideoOptions } from './use-video-options';
import { allowedShape, formatChoices } from './video-format';

export interface ChosenModel {
  family: ModelFamily | null;
  seconds: number;
  shape: VideoShape;
}

/** The model, length, format and cost the form would generate with, given what the provider offers now. */
export function useModelChoice(mode: GenerationMode, chosen: ChosenModel) {
  const { options, pending: optionsPending } = useVideoOptions();
  const offersOmni = omniOffered(options);
  const family: ModelFamily = offersOmni ? (chosen.family ?? defaultFamily(mode, options)) : 'veo';
  const model = modelFor(mode, family);
  const perSecond = model.perSecond !== null;
  const seconds = modelDuration(model, chosen.seconds);
  const choices = formatChoices(options);
  // What was chosen, moved to the nearest format the provider makes (its options may load after a choice).
  const shape = allowedShape(choices, chosen.shape);
  const unavailable = options?.models[model.apiPath]?.available === false;
  const cost = generationCost(model, shape.resolution, seconds, options);
  return { options, optionsPending, offersOmni, family, model, perSecond, seconds, choices, shape, unavailable, cost };
}

export type ModelChoice = ReturnType<typeof useModelChoice>;
