import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '@veo3/contracts/generation-options';
import type { UploadedFile } from './uploaded-file';
import { VideoErrorCode, VideoException } from './video.exception';

const SIGNATURES: { mime: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The signatures look at most this many bytes in. */
export const SIGNATURE_BYTES = 12;

const INVALID = 'Please select a valid image file (JPEG, PNG, GIF, WebP)';
const TOO_MANY_PIXELS = 'The image has more than 40 megapixels (width × height). Please choose a smaller image.';

/** Accepts an upload by its bytes (never its name or claimed type): JPEG, PNG, GIF or WebP, ≤ 10 MB, ≤ 40 MP, decodable. */
export function checkImage(data: Buffer): Promise<{ mime: string; ext: string }> {
  return checkImageOf(data, data.length, data);
}

/** checkImage for an upload written to a temporary file: its first bytes, its size, and sharp reading the file. */
export function checkUploadedImage(file: UploadedFile): Promise<{ mime: string; ext: string }> {
  return checkImageOf(file.head, file.size, file.path);
}

async function checkImageOf(
  head: Buffer,
  size: number,
  input: Buffer | string,
): Promise<{ mime: string; ext: string }> {
  if (size > MAX_IMAGE_BYTES) {
    throw new VideoException(
      VideoErrorCode.ImageTooLarge,
      'The image is larger than 10 MB. Please choose a smaller image.',
    );
  }
  const kind = SIGNATURES.find((s) => s.test(head));
  if (!kind) throw new VideoException(VideoErrorCode.InvalidImage, INVALID);
  const { width, height } = await readSize(input);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new VideoException(VideoErrorCode.ImageTooManyPixels, TOO_MANY_PIXELS);
  }
  return { mime: kind.mime, ext: kind.ext };
}

/** Width and height from the header alone: nothing is decoded before the pixel limit is checked. */
async function readSize(input: Buffer | string): Promise<{ width: number; height: number }> {
  try {
    const { width, height } = await sharp(input).metadata();
    if (!width || !height) throw new Error('no size');
    return { width, height };
  } catch {
    throw new VideoException(VideoErrorCode.InvalidImage, 'The image could not be read. Please choose another image.');
  }
}
