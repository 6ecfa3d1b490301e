import type { OfferedModel } from '@veo3/contracts/model-catalogue';
import type { VideoOptions } from '@veo3/contracts/video';

/** A catalogue model as GET /api/video/options offers it: a text-and-image model by default, with `overrides`. */
export function offeredModel(overrides: Partial<OfferedModel> & Pick<OfferedModel, 'id' | 'name'>): OfferedModel {
  return {
    vendor: 'Google',
    strength: { en: `${overrides.name} is good at this`, zh: `${overrides.name} 擅长这个` },
    inputs: {
      text: true,
      first_frame: true,
      last_frame: false,
      reference_images: 0,
      negative_prompt: false,
      seed: false,
    },
    outputs: { durations: [5, 10], aspect_ratios: ['16:9', '9:16'], resolutions: ['720p', '1080p'], audio: false },
    edits: false,
    extends: false,
    price: { per: 'video', credits: { '720p': 30, '1080p': 50 } },
    typical_wait_s: 60,
    available: true,
    message: null,
    alternative: null,
    extend_instruction: false,
    wait: { median_s: 60, p90_s: 180, source: 'site' },
    ...overrides,
  };
}

/** A catalogue from several vendors, as the service's defaults might offer it. */
export const FIXTURE_CATALOGUE: OfferedModel[] = [
  offeredModel({
    id: 'veo3',
    name: 'VEO 3 Text',
    inputs: {
      text: true,
      first_frame: false,
      last_frame: false,
      reference_images: 0,
      negative_prompt: true,
      seed: true,
    },
    outputs: { durations: [8], aspect_ratios: ['16:9', '9:16'], resolutions: ['720p', '1080p'], audio: true },
    price: { per: 'video', credits: { '720p': 40, '1080p': 40 } },
    wait: { median_s: 390, p90_s: 480, source: 'vendor' },
  }),
  offeredModel({
    id: 'omni-1.2',
    name: 'Gemini Omni 1.2 Flash',
    inputs: {
      text: true,
      first_frame: true,
      last_frame: true,
      reference_images: 3,
      negative_prompt: false,
      seed: true,
    },
    outputs: {
      durations: [4, 6, 8, 10, 15],
      aspect_ratios: ['16:9', '9:16'],
      resolutions: ['360p', '720p', '1080p'],
      audio: true,
    },
    price: { per: 'second', credits: { '360p': 2, '720p': 4, '1080p': 4 } },
  }),
  offeredModel({
    id: 'kling-2.1-master',
    name: 'Kling 2.1 Master',
    vendor: 'Kuaishou',
    available: false,
    message: 'Kling is down for maintenance',
    alternative: 'seedance-1.0-pro',
    price: { per: 'video', credits: { '720p': 60, '1080p': 90 } },
  }),
  offeredModel({
    id: 'kling-2.1-image',
    name: 'Kling 2.1 Image',
    vendor: 'Kuaishou',
    inputs: {
      text: false,
      first_frame: true,
      last_frame: true,
      reference_images: 0,
      negative_prompt: true,
      seed: false,
    },
  }),
  offeredModel({
    id: 'seedance-1.0-pro',
    name: 'Seedance 1.0 Pro',
    vendor: 'ByteDance',
    outputs: { durations: [5, 10], aspect_ratios: ['16:9'], resolutions: ['480p', '720p', '1080p'], audio: false },
    price: { per: 'video', credits: { '480p': 10, '720p': 25, '1080p': 45 } },
    wait: { median_s: 45, p90_s: 100, source: 'site' },
  }),
  offeredModel({
    id: 'hailuo-02',
    name: 'Hailuo 02',
    vendor: 'MiniMax',
    outputs: { durations: [6, 10], aspect_ratios: ['16:9'], resolutions: ['720p'], audio: false },
    price: { per: 'video', credits: { '720p': 28 } },
  }),
];

/** GET /api/video/options of a server with the catalogue `catalogue`. */
export function catalogueOptions(catalogue: OfferedModel[] = FIXTURE_CATALOGUE, maxCompare = 3): VideoOptions {
  const veo = {
    available: true,
    message: null,
    prices: { '720p': 40, '1080p': 40 },
    per_second: null,
    durations: [8],
    editable: false,
    seed: true,
    extend_instruction: false,
  };
  return {
    defaults: { aspect_ratio: '16:9', resolution: '720p' },
    shapes: [
      { aspect_ratio: '16:9', resolution: '720p' },
      { aspect_ratio: '16:9', resolution: '1080p' },
      { aspect_ratio: '9:16', resolution: '720p' },
      { aspect_ratio: '9:16', resolution: '1080p' },
    ],
    negative_prompt: true,
    last_frame: true,
    models: {
      veo3: veo,
      'veo3-fast-frames': veo,
      omni: { ...veo, prices: { '720p': 32, '1080p': 32 }, per_second: 4, durations: [4, 6, 8, 10], editable: true },
    },
    variations: [1, 2, 4],
    max_active: 3,
    catalogue,
    max_compare: maxCompare,
  };
}
