import sharp from 'sharp';
import type { ProviderImage } from '../video-provider';
import { decodeStill } from './image-mode.scene';
import type { Frame } from './output-format';
import { softShadow } from './soft-shadow';

/** Each picture fits in a square of this side (px at the 720p scene size), framed in white. */
const THUMB = 148;
const BORDER = 5;
const GAP = 16;
const MARGIN = 28;

/**
 * Full-frame transparent layer with the reference images as small framed prints in the top-right
 * corner, side by side, so the viewer sees which pictures the video was made with. (The local
 * renderer cannot put a character into the shot; showing the pictures is its honest stand-in.)
 * Null without reference images.
 */
export async function referenceImagesLayer(images: readonly ProviderImage[], frame: Frame): Promise<Buffer | null> {
  if (images.length === 0) return null;
  const prints = await Promise.all(
    images.map(async (image) => {
      const still = await decodeStill(image.data, { width: THUMB, height: THUMB });
      const { data, info } = await sharp(still.data, { raw: still.info })
        .resize(THUMB, THUMB, { fit: 'inside' })
        .extend({ top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, background: '#ffffff' })
        .png()
        .toBuffer({ resolveWithObject: true });
      return { png: data, width: info.width, height: info.height };
    }),
  );
  // Right to left from the corner, each print top-aligned.
  let right = frame.width - MARGIN;
  const placed = prints.map((print) => {
    const left = right - print.width;
    right = left - GAP;
    return { ...print, left, top: MARGIN };
  });
  const shadows = await Promise.all(
    placed.map((print) =>
      softShadow(
        { width: frame.width / 4, height: frame.height / 4 },
        { left: print.left / 4, top: (print.top + 4) / 4, width: print.width / 4, height: print.height / 4 },
        0.55,
        3,
      ),
    ),
  );
  // Two pipelines: sharp resizes before it composites, whatever the order of the calls.
  const shadowsTogether = await sharp(shadows[0]!)
    .composite(shadows.slice(1).map((input) => ({ input })))
    .png()
    .toBuffer();
  const shadowLayer = await sharp(shadowsTogether).resize(frame.width, frame.height).png().toBuffer();
  return sharp(shadowLayer)
    .composite(placed.map(({ png, left, top }) => ({ input: png, left, top })))
    .png()
    .toBuffer();
}
