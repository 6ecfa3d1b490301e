/** Limits for images inside the content (SPEC §5 'In-content image', §9 'Image limits'). */
export const MAX_IMAGE_BYTES = 10_485_760;
export const COMPRESS_SUGGEST_BYTES = 2_097_152;
export const COMPRESS_MAX_WIDTH = 1200;
export const COMPRESS_MAX_HEIGHT = 900;
export const COMPRESS_QUALITY = 0.85;

const ALLOWED_EXTENSIONS = new Set(['jpeg', 'jpg', 'png', 'gif', 'webp']);
const ALLOWED_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']);
const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Human-readable size with up to two decimals, e.g. 1536 → '1.5 KB' (SPEC §9 units Bytes, KB, MB, GB). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  return `${parseFloat((bytes / 1024 ** exponent).toFixed(2))} ${UNITS[exponent]}`;
}

export type ImageFileProblem = { kind: 'type' } | { kind: 'size'; size: string };

/**
 * Only JPEG, PNG, GIF and WebP (by MIME type, or by extension when the browser gives no type),
 * at most 10 MB. Returns what is wrong, or null.
 */
export function checkContentImage(file: { name: string; type: string; size: number }): ImageFileProblem | null {
  const type = file.type.toLowerCase();
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const allowed = type ? ALLOWED_TYPES.has(type) : ALLOWED_EXTENSIONS.has(extension);
  if (!allowed) return { kind: 'type' };
  if (file.size > MAX_IMAGE_BYTES) return { kind: 'size', size: formatFileSize(file.size) };
  return null;
}

/** Over 2 MB, wider than 1200 or taller than 900 pixels: the user is asked whether to compress. */
export function shouldOfferCompression(size: number, width: number, height: number): boolean {
  return size >= COMPRESS_SUGGEST_BYTES || width > COMPRESS_MAX_WIDTH || height > COMPRESS_MAX_HEIGHT;
}

/** The size that fits within 1200x900 keeping the aspect ratio; never enlarges. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth = COMPRESS_MAX_WIDTH,
  maxHeight = COMPRESS_MAX_HEIGHT,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The type a compressed image is written as: JPEG stays JPEG; PNG, GIF and WebP become WebP, which
 * keeps transparency and honours the 0.85 quality (a PNG would ignore it).
 */
export function compressedType(type: string): 'image/jpeg' | 'image/webp' {
  return type === 'image/jpeg' || type === 'image/jpg' ? 'image/jpeg' : 'image/webp';
}

/** The file name that goes with a re-encoded image, e.g. ('photo.png', 'image/webp') → 'photo.webp'. */
export function renamedFor(name: string, type: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'image';
  const extension = { 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/png': 'png' }[type] ?? 'img';
  return `${base}.${extension}`;
}

export interface DecodedImage {
  width: number;
  height: number;
  source: CanvasImageSource;
  release: () => void;
}

/** Decodes an image file in the browser to learn its size (and to draw it when compressing). */
export async function decodeImage(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { width: bitmap.width, height: bitmap.height, source: bitmap, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return { width: img.naturalWidth, height: img.naturalHeight, source: img, release: () => URL.revokeObjectURL(url) };
}

/** Scales the image to fit within 1200x900 at quality 0.85 (canvas), keeping its aspect ratio. */
export async function compressImage(image: DecodedImage, originalType: string): Promise<Blob> {
  const size = fitWithin(image.width, image.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  const type = compressedType(originalType);
  if (type === 'image/jpeg') {
    // JPEG has no transparency: paint it white rather than black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(image.source, 0, 0, size.width, size.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, COMPRESS_QUALITY));
  if (!blob) throw new Error('The image could not be compressed');
  // A browser without WebP encoding hands back a PNG; the caller names the file after blob.type.
  return blob;
}
