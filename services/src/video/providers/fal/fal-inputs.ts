import type { AspectRatio, Resolution } from '@veo3/contracts/generation-options';

/** The tab a request is for: text alone, or a first frame. */
export type FalTab = 'text' | 'image';

/** What a fal.ai model takes, as its endpoint's documented input schema names it. */
export interface FalFamily {
  name: string;
  /** How `duration` is written: "5" (`plain`), "8s" (`suffixed`), or as `num_frames` at 16 fps (`frames16`); null: no duration input. */
  duration: 'plain' | 'suffixed' | 'frames16' | null;
  /** The tabs whose endpoint takes `aspect_ratio` (the image tabs of most follow the picture). */
  aspectRatio: readonly FalTab[];
  /** The tabs whose endpoint takes `resolution`, and how it writes ours (absent: as ours). */
  resolution: { tabs: readonly FalTab[]; names?: Partial<Record<Resolution, string>> } | null;
  negativePrompt: boolean;
  seed: boolean;
  /** Sent as `generate_audio: true` (the endpoint can leave the sound out). */
  audioSwitch: boolean;
  /** The image tab's input name for a last frame, where the endpoint takes one. */
  lastFrame: string | null;
}

const BOTH: readonly FalTab[] = ['text', 'image'];
const TEXT: readonly FalTab[] = ['text'];
const NONE: readonly FalTab[] = [];

/**
 * Each family's inputs, from the model pages on fal.ai (and the endpoint types @fal-ai/client ships),
 * November 2026. The first family whose pattern matches an endpoint id serves it.
 */
export const FAL_FAMILIES: readonly (FalFamily & { endpoints: RegExp })[] = [
  {
    // Kling 2.x: duration "5" | "10"; image-to-video takes no aspect_ratio (it follows the picture).
    name: 'kling',
    endpoints: /^fal-ai\/kling-video\//,
    duration: 'plain',
    aspectRatio: TEXT,
    resolution: null,
    negativePrompt: true,
    seed: false,
    audioSwitch: false,
    lastFrame: null,
  },
  {
    // Hailuo 02 Pro: 6 s at 1080p, no duration or resolution input.
    name: 'hailuo-pro',
    endpoints: /^fal-ai\/minimax\/hailuo-02\/pro\//,
    duration: null,
    aspectRatio: NONE,
    resolution: null,
    negativePrompt: false,
    seed: false,
    audioSwitch: false,
    lastFrame: 'end_image_url',
  },
  {
    // Hailuo 02 Standard: duration "6" | "10"; its image-to-video names 768p "768P".
    name: 'hailuo',
    endpoints: /^fal-ai\/minimax\/hailuo-02\//,
    duration: 'plain',
    aspectRatio: NONE,
    resolution: { tabs: ['image'], names: { '720p': '768P' } },
    negativePrompt: false,
    seed: false,
    audioSwitch: false,
    lastFrame: 'end_image_url',
  },
  {
    name: 'seedance',
    endpoints: /^fal-ai\/bytedance\/seedance\//,
    duration: 'plain',
    aspectRatio: BOTH,
    resolution: { tabs: BOTH },
    negativePrompt: false,
    seed: true,
    audioSwitch: false,
    lastFrame: 'end_image_url',
  },
  {
    // Wan 2.5 makes its own soundtrack; image-to-video follows the picture's shape.
    name: 'wan-2.5',
    endpoints: /^fal-ai\/wan-25-preview\//,
    duration: 'plain',
    aspectRatio: TEXT,
    resolution: { tabs: BOTH },
    negativePrompt: true,
    seed: true,
    audioSwitch: false,
    lastFrame: null,
  },
  {
    // Wan 2.2 A14B: no duration, `num_frames` (17–161) at 16 frames a second.
    name: 'wan-2.2',
    endpoints: /^fal-ai\/wan\/v2\.2-a14b\//,
    duration: 'frames16',
    aspectRatio: BOTH,
    resolution: { tabs: BOTH },
    negativePrompt: true,
    seed: true,
    audioSwitch: false,
    lastFrame: 'end_image_url',
  },
  {
    // Veo 3 (Fast): duration "4s" | "6s" | "8s".
    name: 'veo3',
    endpoints: /^fal-ai\/veo3(\.1)?\//,
    duration: 'suffixed',
    aspectRatio: BOTH,
    resolution: { tabs: BOTH },
    negativePrompt: true,
    seed: true,
    audioSwitch: true,
    lastFrame: null,
  },
  {
    // Luma Ray 2: duration "5s" | "9s".
    name: 'luma-ray',
    endpoints: /^fal-ai\/luma-dream-machine\//,
    duration: 'suffixed',
    aspectRatio: BOTH,
    resolution: { tabs: BOTH },
    negativePrompt: false,
    seed: false,
    audioSwitch: false,
    lastFrame: 'end_image_url',
  },
  {
    // PixVerse: duration "5" | "8"; image-to-video takes no aspect_ratio.
    name: 'pixverse',
    endpoints: /^fal-ai\/pixverse\//,
    duration: 'plain',
    aspectRatio: TEXT,
    resolution: { tabs: BOTH },
    negativePrompt: true,
    seed: true,
    audioSwitch: false,
    lastFrame: null,
  },
];

export function falFamily(endpoint: string): FalFamily | undefined {
  return FAL_FAMILIES.find((family) => family.endpoints.test(endpoint));
}

/** What one request asks for, in our terms; image URLs already uploaded to fal.ai's storage. */
export interface FalRequest {
  tab: FalTab;
  prompt: string;
  durationSeconds: number;
  aspectRatio: AspectRatio;
  resolution: Resolution;
  negativePrompt: string | null;
  seed: number | null;
  imageUrl: string | null;
  lastFrameUrl: string | null;
}

/** The endpoint's input for `request`, with the names its schema documents. */
export function falInput(family: FalFamily, request: FalRequest): Record<string, unknown> {
  const { tab } = request;
  const input: Record<string, unknown> = { prompt: request.prompt };
  if (tab === 'image' && request.imageUrl) input.image_url = request.imageUrl;
  if (tab === 'image' && request.lastFrameUrl && family.lastFrame) input[family.lastFrame] = request.lastFrameUrl;
  Object.assign(input, durationInput(family, request.durationSeconds));
  if (family.aspectRatio.includes(tab)) input.aspect_ratio = request.aspectRatio;
  if (family.resolution?.tabs.includes(tab)) {
    input.resolution = family.resolution.names?.[request.resolution] ?? request.resolution;
  }
  if (family.negativePrompt && request.negativePrompt) input.negative_prompt = request.negativePrompt;
  if (family.seed && request.seed !== null) input.seed = request.seed;
  if (family.audioSwitch) input.generate_audio = true;
  return input;
}

function durationInput(family: FalFamily, seconds: number): Record<string, unknown> {
  switch (family.duration) {
    case 'plain':
      return { duration: String(seconds) };
    case 'suffixed':
      return { duration: `${seconds}s` };
    case 'frames16':
      return { num_frames: seconds * 16 + 1 };
    default:
      return {};
  }
}
