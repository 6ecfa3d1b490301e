export type GenerationMode = 'text' | 'image';

export interface ModelOption {
  mode: GenerationMode;
  name: string;
  /** Sent as the `model` field of the generation request (SPEC §3). */
  apiPath: string;
  cost: number;
}

export const MODEL_OPTIONS: Record<GenerationMode, ModelOption> = {
  text: { mode: 'text', name: 'VEO 3 Text', apiPath: 'veo3', cost: 40 },
  image: { mode: 'image', name: 'VEO 3 Image', apiPath: 'veo3-fast-frames', cost: 40 },
};

/** SPEC §9: every video is 8 seconds with audio and takes about 5-8 minutes. */
export const VIDEO_DURATION_SECONDS = 8;
export const ESTIMATED_MINUTES = { min: 5, max: 8 } as const;

/** SPEC §9 price note: the official price of one video versus ours. */
export const OFFICIAL_PRICE_USD = 6;
export const OUR_PRICE_USD = 2.4;

/** A model's display name from the apiPath a task records; an unknown one is shown as it is. */
export function modelName(apiPath: string): string {
  return Object.values(MODEL_OPTIONS).find((option) => option.apiPath === apiPath)?.name ?? apiPath;
}

export function parseMode(value: string | null): GenerationMode {
  return value === 'image' ? 'image' : 'text';
}
