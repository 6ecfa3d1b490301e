/**
 * The model catalogue (ARCHITECTURE §6): every video model the site can offer, from any vendor and
 * through any of our providers, with what it takes, what it makes and what it costs. The service
 * tier's defaults (services/src/video/catalogue/default-catalogue.ts) are overridden by the
 * operator's VIDEO_CATALOGUE_FILE; the generator reads the result from GET /api/video/options.
 */
import { z } from 'zod';
import { VIDEO_DURATION_SECONDS } from './catalogue';
import { ASPECT_RATIOS, RESOLUTIONS, type Resolution } from './generation-options';

/** Our providers: who we send a job to (a vendor's model can be reached through several). */
export const PROVIDER_NAMES = ['local', 'veo', 'kie', 'fal'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** The longest video any catalogue model makes in one job (Gemini Omni 1.2 Flash: 15 s). */
export const MAX_MODEL_SECONDS = 15;

const Resolutions = z.enum(RESOLUTIONS);
const Text = z.string().trim().min(1).max(200);

/** What a model takes. */
export const ModelInputs = z.strictObject({
  /** Text to video: a prompt alone. */
  text: z.boolean(),
  /** Image to video: a first frame. */
  first_frame: z.boolean(),
  last_frame: z.boolean(),
  /** How many pictures of a character or product it carries into the shot (0: none). */
  reference_images: z.number().int().min(0).max(3),
  negative_prompt: z.boolean(),
  /** Whether the same seed makes the same video again. */
  seed: z.boolean(),
});
export type ModelInputs = z.infer<typeof ModelInputs>;

/** What a model makes. */
export const ModelOutputs = z.strictObject({
  durations: z.array(z.number().int().min(1).max(MAX_MODEL_SECONDS)).min(1),
  aspect_ratios: z.array(z.enum(ASPECT_RATIOS)).min(1),
  resolutions: z.array(Resolutions).min(1),
  audio: z.boolean(),
});
export type ModelOutputs = z.infer<typeof ModelOutputs>;

/**
 * What one video costs: `per` video, or per second of output; in credits at each resolution the
 * model makes (a whole number of at least 1).
 */
export const ModelPrice = z.strictObject({
  per: z.enum(['video', 'second']),
  credits: z.partialRecord(Resolutions, z.number().int().min(1).max(10_000)),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

/** A model as the generator shows it (and as the catalogue file may override it). */
export const CatalogueModelSchema = z.strictObject({
  /** What the browser sends as `model` (VIDEO_MODELS' ids for the first three). */
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]{0,63}$/),
  name: Text,
  /** Who made the model: Google, Kuaishou, MiniMax, … (the picker groups by it). */
  vendor: Text,
  /** One line on what it is good at, in English and Chinese. */
  strength: z.strictObject({ en: Text, zh: Text }),
  inputs: ModelInputs,
  outputs: ModelOutputs,
  /** Whether a finished video can be edited by instruction, and extended. */
  edits: z.boolean(),
  extends: z.boolean(),
  price: ModelPrice,
  /** The vendor's own figure for a typical wait, in seconds (until the site has its own). */
  typical_wait_s: z.number().int().min(1).max(3600),
});
export type CatalogueModel = z.infer<typeof CatalogueModelSchema>;

/** The generator's view of one model now: the catalogue entry and its state. */
export const OfferedModel = CatalogueModelSchema.extend({
  /** Whether a generation with it is accepted now. */
  available: z.boolean(),
  /** Why not, in words for the user; null while available. */
  message: z.string().nullable(),
  /** The nearest model that is available now (same tab, closest price), when this one is not. */
  alternative: z.string().nullable(),
  /** Whether an extension takes an instruction for what happens next. */
  extend_instruction: z.boolean(),
  /**
   * How long a video takes: median and 90th percentile over the site's completions of the last day
   * (`site`), or the vendor's figure for both (`vendor`) while there are too few.
   */
  wait: z.object({ median_s: z.number().int(), p90_s: z.number().int(), source: z.enum(['site', 'vendor']) }),
});
export type OfferedModel = z.infer<typeof OfferedModel>;

/** The resolution Gemini Omni 1.2 Flash calls its draft: cheaper, for trying a prompt out. */
export const DRAFT_RESOLUTION: Resolution = '360p';

/** Whether `model` makes `seconds`-long videos. */
export function makesDuration(model: Pick<CatalogueModel, 'outputs'>, seconds: number): boolean {
  return model.outputs.durations.includes(seconds);
}

/** The price of one video of `model` at `resolution`, `seconds` long; null where it does not make that resolution. */
export function modelCost(
  model: Pick<CatalogueModel, 'price'>,
  resolution: Resolution,
  seconds: number,
): number | null {
  const credits = model.price.credits[resolution];
  if (credits === undefined) return null;
  return model.price.per === 'second' ? credits * seconds : credits;
}

/** The tabs a model serves: text (a prompt alone) and image (a first frame). */
export function modelTabs(model: Pick<CatalogueModel, 'inputs'>): ('text' | 'image')[] {
  return [...(model.inputs.text ? (['text'] as const) : []), ...(model.inputs.first_frame ? (['image'] as const) : [])];
}

/** What the generator asks for when nothing is chosen: 720p (else the first it makes), VIDEO_DURATION_SECONDS (else its first length). */
export function defaultChoice(model: Pick<CatalogueModel, 'outputs'>): { resolution: Resolution; seconds: number } {
  const { resolutions, durations } = model.outputs;
  return {
    resolution: resolutions.includes('720p') ? '720p' : resolutions[0]!,
    seconds: durations.includes(VIDEO_DURATION_SECONDS) ? VIDEO_DURATION_SECONDS : durations[0]!,
  };
}

/** The price at the default choice (SPEC §3's listed price for the first three models). */
export function defaultCost(model: Pick<CatalogueModel, 'outputs' | 'price'>): number {
  const { resolution, seconds } = defaultChoice(model);
  return modelCost(model, resolution, seconds)!;
}
