/**
 * The choices a user makes for one video (ARCHITECTURE §6): one typed description read by the
 * service tier, which validates them, and by the generator remote, which offers them
 * (`@veo3/contracts/generation-options`).
 */

export const ASPECT_RATIOS = ['16:9', '9:16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Few models make 480p (Seedance, Wan 2.2); 360p is Gemini Omni 1.2 Flash's cheap "Draft". */
export const RESOLUTIONS = ['720p', '1080p', '480p', '360p'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const DEFAULT_ASPECT_RATIO: AspectRatio = '16:9';
export const DEFAULT_RESOLUTION: Resolution = '720p';

export const MAX_NEGATIVE_PROMPT_LENGTH = 500;
/** The prompt's limit: the service refuses a longer one, the generator counts against it. */
export const MAX_PROMPT_LENGTH = 2000;

/** A first or last frame: one of these types (by its bytes on the server), at most 10 MB. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Width × height at most: a small file can still unpack to gigabytes of pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** What a video looks like: its aspect ratio and resolution. */
export interface VideoShape {
  aspectRatio: AspectRatio;
  resolution: Resolution;
}

/** The options of one generation, as the server has checked them. */
export interface GenerationOptions extends VideoShape {
  /** Text mode only: what the video should not show. */
  negativePrompt: string | null;
  /** Image mode only: whether a last frame was given (the bytes travel separately). */
  lastFrame: boolean;
}

/** Which options a provider honours; anything else is refused before credits are taken. */
export interface OptionSupport {
  shapes: readonly VideoShape[];
  negativePrompt: boolean;
  lastFrame: boolean;
}

/** Every shape there is; a provider that honours all of them offers this list. */
export const ALL_SHAPES: readonly VideoShape[] = ASPECT_RATIOS.flatMap((aspectRatio) =>
  RESOLUTIONS.map((resolution) => ({ aspectRatio, resolution })),
);

const SHORT_SIDE: Readonly<Record<Resolution, number>> = { '360p': 360, '480p': 480, '720p': 720, '1080p': 1080 };

/** Pixel size of each shape: the resolution names the short side, as Veo's own output does (480p: 854 × 480, 360p: 640 × 360). */
export function frameSize({ aspectRatio, resolution }: VideoShape): { width: number; height: number } {
  const short = SHORT_SIDE[resolution];
  // Even, as H.264 needs.
  const long = Math.round((short * 16) / 9 / 2) * 2;
  return aspectRatio === '9:16' ? { width: short, height: long } : { width: long, height: short };
}

export function isAspectRatio(value: unknown): value is AspectRatio {
  return (ASPECT_RATIOS as readonly unknown[]).includes(value);
}

export function isResolution(value: unknown): value is Resolution {
  return (RESOLUTIONS as readonly unknown[]).includes(value);
}

export function supportsShape(support: OptionSupport, shape: VideoShape): boolean {
  return support.shapes.some((s) => s.aspectRatio === shape.aspectRatio && s.resolution === shape.resolution);
}

/** "9:16 · 1080p", as shown in the generator and on history cards. */
export function formatShape({ aspectRatio, resolution }: VideoShape): string {
  return `${aspectRatio} · ${resolution}`;
}
