import { VIDEO_MODEL_IDS, VIDEO_MODELS, type VideoModelId } from '@veo3/contracts/catalogue';
import { ASPECT_RATIOS, RESOLUTIONS, type Resolution, type VideoShape } from '@veo3/contracts/generation-options';
import { DRAFT_RESOLUTION, modelTabs, type OfferedModel } from '@veo3/contracts/model-catalogue';
import { MAX_REFERENCE_IMAGES, type VideoOptions } from '@veo3/contracts/video';
import type { Language } from '@veo3/platform/i18n/i18n';
import type { GenerationMode } from './model-options';

/** The vendor's figure for the first three models (SPEC §9: about 5–8 minutes). */
const LEGACY_WAIT = { median_s: 390, p90_s: 480, source: 'vendor' } as const;

const LEGACY_STRENGTH: Record<VideoModelId, OfferedModel['strength']> = {
  veo3: { en: 'Realistic scenes with synchronized sound', zh: '逼真的场景，配有同步音效' },
  'veo3-fast-frames': { en: 'Brings a picture to life with sound', zh: '让图片动起来，配有音效' },
  omni: { en: 'Choose the length; edit and extend the video', zh: '可选时长，可编辑和延长视频' },
};

/** One of the first three models as a catalogue entry, from the options of a server without a catalogue. */
function legacyModel(id: VideoModelId, options: VideoOptions | undefined): OfferedModel {
  const model = VIDEO_MODELS[id];
  const served = options?.models?.[id];
  const perSecond = served?.per_second ?? model.perSecond;
  const resolutions: Resolution[] = ['720p', '1080p'];
  const credits =
    perSecond !== null ? { '720p': perSecond, '1080p': perSecond } : { ...model.prices, ...served?.prices };
  return {
    id,
    name: model.name,
    vendor: 'Google',
    strength: LEGACY_STRENGTH[id],
    inputs: {
      text: model.mode !== 'image',
      first_frame: model.mode !== 'text',
      last_frame: options?.last_frame ?? true,
      reference_images: model.perSecond !== null ? MAX_REFERENCE_IMAGES : 0,
      negative_prompt: options?.negative_prompt ?? true,
      seed: served?.seed === true,
    },
    outputs: {
      durations: [...(served?.durations ?? model.durations)],
      aspect_ratios: [...ASPECT_RATIOS],
      resolutions,
      audio: true,
    },
    edits: served?.editable ?? model.perSecond !== null,
    extends: served?.editable ?? model.perSecond !== null,
    price: { per: perSecond !== null ? 'second' : 'video', credits },
    typical_wait_s: LEGACY_WAIT.median_s,
    available: served ? served.available : true,
    message: served?.message ?? null,
    alternative: null,
    extend_instruction: served?.extend_instruction === true,
    wait: LEGACY_WAIT,
  };
}

/**
 * Every model on offer: the server's catalogue; from a server without one, its first three models
 * (Omni only while it serves it, as before the catalogue); before the options load, Veo alone.
 */
export function offeredModels(options: VideoOptions | undefined): OfferedModel[] {
  if (options?.catalogue?.length) return options.catalogue;
  const omniServed = options?.models?.omni?.available === true;
  return VIDEO_MODEL_IDS.filter((id) => id !== 'omni' || omniServed).map((id) => legacyModel(id, options));
}

/** The models that serve `mode`: a prompt alone (text) or a first frame (image). */
export function modelsForTab(models: readonly OfferedModel[], mode: GenerationMode): OfferedModel[] {
  return models.filter((model) => modelTabs(model).includes(mode));
}

/** The models by vendor, in the catalogue's order of first appearance. */
export function groupByVendor(models: readonly OfferedModel[]): { vendor: string; models: OfferedModel[] }[] {
  const groups = new Map<string, OfferedModel[]>();
  for (const model of models) groups.set(model.vendor, [...(groups.get(model.vendor) ?? []), model]);
  return [...groups].map(([vendor, list]) => ({ vendor, models: list }));
}

/**
 * The model the form makes a video with in `mode`: the chosen one when it serves the tab, else the
 * tab's first available model, else its first (shown unavailable); null when no model serves it.
 */
export function pickModel(tab: readonly OfferedModel[], chosenId: string | null): OfferedModel | null {
  return tab.find((model) => model.id === chosenId) ?? tab.find((model) => model.available) ?? tab[0] ?? null;
}

export function findModel(models: readonly OfferedModel[], id: string | null): OfferedModel | undefined {
  return models.find((model) => model.id === id);
}

/** Resolutions from the smallest, so the draft comes first. */
const BY_SIZE: readonly Resolution[] = ['360p', '480p', '720p', '1080p'];

/**
 * The formats `model` makes (each priced); for the first three models, as far as the provider makes
 * them too (kie.ai: 1080p in 16:9 only).
 */
export function modelShapes(model: OfferedModel, options: VideoOptions | undefined): VideoShape[] {
  const resolutions = RESOLUTIONS.filter(
    (r) => model.outputs.resolutions.includes(r) && model.price.credits[r] !== undefined,
  );
  const own = model.outputs.aspect_ratios.flatMap((aspectRatio) =>
    resolutions.map((resolution) => ({ aspectRatio, resolution })),
  );
  if (!options || !(VIDEO_MODEL_IDS as readonly string[]).includes(model.id)) return own;
  const served = own.filter((s) =>
    options.shapes.some((o) => o.aspect_ratio === s.aspectRatio && o.resolution === s.resolution),
  );
  return served.length ? served : own;
}

/** The resolutions in the order the picker shows them: the draft first. */
export function bySize(resolutions: readonly Resolution[]): Resolution[] {
  return BY_SIZE.filter((r) => resolutions.includes(r));
}

/** The model's length nearest `seconds` (the longer on a tie): what it makes when switched to. */
export function nearestDuration(durations: readonly number[], seconds: number): number {
  if (durations.includes(seconds)) return seconds;
  return [...durations].sort((a, b) => Math.abs(a - seconds) - Math.abs(b - seconds) || b - a)[0] ?? seconds;
}

/** The resolution "Make in full quality" asks for: the model's lowest that is not the draft; null when it has none. */
export function fullResolution(model: Pick<OfferedModel, 'outputs' | 'price'>): Resolution | null {
  const full = BY_SIZE.filter(
    (r) => r !== DRAFT_RESOLUTION && model.outputs.resolutions.includes(r) && model.price.credits[r] !== undefined,
  );
  return full[0] ?? null;
}

/** The model's one-line strength in the page's language. */
export function strengthIn(model: Pick<OfferedModel, 'strength'>, lang: Language): string {
  return lang === 'zh-CN' ? model.strength.zh : model.strength.en;
}
