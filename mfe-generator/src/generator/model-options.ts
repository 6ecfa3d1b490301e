import {
  findVideoModel,
  VIDEO_DURATION_SECONDS,
  VIDEO_MODELS,
  type VideoModel,
  type VideoModelId,
} from '@veo3/contracts/catalogue';
import type { Resolution } from '@veo3/contracts/generation-options';
import type { VideoOptions } from '@veo3/contracts/video';

/** The generator's tabs: a prompt alone, or a first frame with it. */
export type GenerationMode = 'text' | 'image';

/** Which family of models makes the video: Veo (one model per tab) or Gemini Omni Flash (both tabs). */
export type ModelFamily = 'veo' | 'omni';

/** A model as the generator offers it: the catalogue's (`@veo3/contracts/catalogue`) name, id and price. */
export interface ModelOption {
  /** The tab it serves ('both': Omni, text or image with a first frame). */
  mode: VideoModel['mode'];
  name: string;
  /** Sent as the `model` field of the generation request (SPEC §3). */
  apiPath: VideoModelId;
  /** Credits for an 8-second video at 720p. */
  cost: number;
  /** Credits per second for a model priced by length, else null (Veo: 8 s at a fixed price). */
  perSecond: number | null;
  /** The lengths (seconds) it makes. */
  durations: readonly number[];
}

function option(model: VideoModel): ModelOption {
  return {
    mode: model.mode,
    name: model.name,
    apiPath: model.id,
    cost: model.cost,
    perSecond: model.perSecond,
    durations: model.durations,
  };
}

/** The catalogue's Veo model for each tab. */
export const MODEL_OPTIONS: Record<GenerationMode, ModelOption> = {
  text: option(VIDEO_MODELS.veo3),
  image: option(VIDEO_MODELS['veo3-fast-frames']),
};

/** Gemini Omni Flash: both tabs, 4 to 10 s priced per second. */
export const OMNI_OPTION: ModelOption = option(VIDEO_MODELS.omni);

/** The model that makes a video of `family` in `mode`. */
export function modelFor(mode: GenerationMode, family: ModelFamily): ModelOption {
  return family === 'omni' ? OMNI_OPTION : MODEL_OPTIONS[mode];
}

/** Whether the server offers Omni now (only then does the generator show the model choice). */
export function omniOffered(options: VideoOptions | undefined): boolean {
  return options?.models.omni?.available === true;
}

/**
 * The family the form starts with: Omni when it is offered and the tab's Veo model is not, Veo
 * otherwise (as before Omni, and whenever the options have not loaded).
 */
export function defaultFamily(mode: GenerationMode, options: VideoOptions | undefined): ModelFamily {
  const veo = options?.models[MODEL_OPTIONS[mode].apiPath];
  return omniOffered(options) && veo?.available !== true ? 'omni' : 'veo';
}

/**
 * Credits for one video of `model` at `resolution` lasting `seconds`: the server's prices when its
 * options have loaded (per second × length for Omni), else the catalogue's.
 */
export function generationCost(
  model: ModelOption,
  resolution: Resolution,
  seconds: number,
  options: VideoOptions | undefined,
): number {
  const served = options?.models[model.apiPath];
  const perSecond = served ? served.per_second : model.perSecond;
  if (perSecond !== null) return perSecond * seconds;
  return served?.prices[resolution] ?? model.cost;
}

/** The credits an edit or extension of an Omni video costs per second (the server's figure when known). */
export function omniPerSecond(options: VideoOptions | undefined): number {
  return options?.models.omni?.per_second ?? VIDEO_MODELS.omni.perSecond;
}

/** The length a form sends for `model`: the chosen one for a model priced by length, else the fixed 8 s. */
export function modelDuration(model: ModelOption, chosen: number): number {
  return model.perSecond !== null && model.durations.includes(chosen) ? chosen : VIDEO_DURATION_SECONDS;
}

/** SPEC §9: a video takes about 5-8 minutes. */
export const ESTIMATED_MINUTES = { min: 5, max: 8 } as const;

/** SPEC §9 price note: the official price of one video versus ours. */
export const OFFICIAL_PRICE_USD = 6;
export const OUR_PRICE_USD = 2.4;

/** A model's display name from the apiPath a task records; an unknown one is shown as it is. */
export function modelName(apiPath: string): string {
  return findVideoModel(apiPath)?.name ?? apiPath;
}

export function parseMode(value: string | null): GenerationMode {
  return value === 'image' ? 'image' : 'text';
}
