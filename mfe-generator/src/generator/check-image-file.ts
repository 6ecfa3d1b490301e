import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '@veo3/contracts/generation-options';
import { formatFileSize } from './format-file-size';
import { imageHeaderSize } from './image-header-size';

/** Why a picked picture is refused, as a generator message key plus its placeholders. */
export interface ImageIssue {
  key: 'imageWrongType' | 'imageTooLarge' | 'imageTooManyPixels' | 'imageUnreadable';
  vars: { name: string; size?: string; width?: number; height?: number };
}

/** Whether the browser can decode `file` as a picture (a text file renamed .png cannot). */
async function decodes(file: File): Promise<boolean> {
  try {
    if (typeof createImageBitmap === 'function') {
      (await createImageBitmap(file)).close();
      return true;
    }
    const url = URL.createObjectURL(file);
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image.naturalWidth > 0;
    } finally {
      URL.revokeObjectURL(url);
    }
  } catch {
    return false;
  }
}

/** Read from the header before decoding: decoding a 16000 × 16000 picture would take the tab a gigabyte. */
async function tooManyPixels(file: File): Promise<ImageIssue | null> {
  const size = imageHeaderSize(new Uint8Array(await file.arrayBuffer()));
  if (!size || size.width * size.height <= MAX_IMAGE_PIXELS) return null;
  return { key: 'imageTooManyPixels', vars: { name: file.name, width: size.width, height: size.height } };
}

/**
 * The checks the server makes on a first or last frame (type, 10 MB, 40 megapixels, decodable), made
 * when the picture is picked so the user hears at once rather than after spending a Generate; null when fine.
 */
export async function checkImageFile(file: File): Promise<ImageIssue | null> {
  const name = file.name;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { key: 'imageWrongType', vars: { name } };
  if (file.size > MAX_IMAGE_BYTES) return { key: 'imageTooLarge', vars: { name, size: formatFileSize(file.size) } };
  const pixels = await tooManyPixels(file);
  if (pixels) return pixels;
  return (await decodes(file)) ? null : { key: 'imageUnreadable', vars: { name } };
}
