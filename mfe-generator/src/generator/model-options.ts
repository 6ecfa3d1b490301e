import { findVideoModel, VIDEO_MODELS, type VideoModel, type VideoModelId } from '@veo3/contracts/catalogue';

export type GenerationMode = VideoModel['mode'];

/** A model as the generator offers it: the catalogue's (`@veo3/contracts/catalogue`) name, id and price. */
export interface ModelOption {
  mode: GenerationMode;
  name: string;
  /** Sent as the `model` field of the generation request (SPEC §3). */
  apiPath: VideoModelId;
  cost: number;
}

/** The catalogue's model for each mode. */
export const MODEL_OPTIONS = Object.fromEntries(
  Object.values(VIDEO_MODELS).map((model) => [
    model.mode,
    { mode: model.mode, name: model.name, apiPath: model.id, cost: model.cost },
  ]),
) as Record<GenerationMode, ModelOption>;

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
