import { findVideoModel, VIDEO_DURATION_SECONDS, VIDEO_MODELS } from '@veo3/contracts/catalogue';
import type { OfferedModel } from '@veo3/contracts/model-catalogue';
import type { VideoOptions } from '@veo3/contracts/video';

/** The generator's tabs: a prompt alone, or a first frame with it. */
export type GenerationMode = 'text' | 'image';

/** The credits an edit or extension of an Omni video costs per second (the server's figure when known). */
export function omniPerSecond(options: VideoOptions | undefined): number {
  return options?.models.omni?.per_second ?? VIDEO_MODELS.omni.perSecond;
}

/** SPEC §9: a video takes about 5-8 minutes. */
export const ESTIMATED_MINUTES = { min: 5, max: 8 } as const;

/** SPEC §9 price note: the official price of one 8-second Veo video versus ours. */
export const OFFICIAL_PRICE_USD = 6;
export const OUR_PRICE_USD = 2.4;
/** What a credit costs in that note (ours: $2.40 for Veo's 40 credits). */
const USD_PER_CREDIT = OUR_PRICE_USD / VIDEO_MODELS.veo3.cost;
/** The models with Google's official price to compare with (Veo 3, by the second). */
const OFFICIAL_PRICED = new Set<string>([VIDEO_MODELS.veo3.id, VIDEO_MODELS['veo3-fast-frames'].id]);

/**
 * The price note for one video of `model` lasting `seconds` at `cost` credits: ours, and Google's
 * official price where it is dearer (Veo, by the second); a model without one shows ours alone.
 */
export function priceNote(
  model: Pick<OfferedModel, 'id'>,
  seconds: number,
  cost: number,
): { ours: number; official: number | null; savePercent: number } {
  const ours = cost * USD_PER_CREDIT;
  const official = OFFICIAL_PRICED.has(model.id) ? (OFFICIAL_PRICE_USD / VIDEO_DURATION_SECONDS) * seconds : null;
  if (official === null || official <= ours) return { ours, official: null, savePercent: 0 };
  return { ours, official, savePercent: Math.round((1 - ours / official) * 100) };
}

/** A model's display name from the id a task records: the catalogue's, else the first three's; an unknown one as it is. */
export function modelName(id: string, catalogue: readonly Pick<OfferedModel, 'id' | 'name'>[] = []): string {
  return catalogue.find((model) => model.id === id)?.name ?? findVideoModel(id)?.name ?? id;
}

export function parseMode(value: string | null): GenerationMode {
  return value === 'image' ? 'image' : 'text';
}
