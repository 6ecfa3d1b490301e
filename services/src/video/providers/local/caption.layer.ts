import sharp from 'sharp';
import type { Frame } from './output-format';
import { renderLettering } from './prompt-lettering';

const CAPTION = { margin: 90, maxHeight: 96, sizes: [26, 23, 20] as const, edge: 24 } as const;

/**
 * Where a caption sits: image mode's prompt centred at the bottom; an edit's instruction as a label
 * in the top-left corner, clear of the parent's caption and of reference images (top right), and
 * darker, so that it mostly hides the label of an earlier edit under it.
 */
export type CaptionPlacement = 'bottom' | 'top-left';

/** Full-frame transparent layer with `text` (already made fit for display) as a small caption on a dark pill. Null for empty text. */
export async function captionLayer(text: string, frame: Frame, placement: CaptionPlacement): Promise<Buffer | null> {
  const { width, height } = frame;
  const lettering = await renderLettering(text, {
    maxWidth: placement === 'bottom' ? width - 2 * CAPTION.margin : Math.round(width / 2),
    maxHeight: CAPTION.maxHeight,
    sizes: CAPTION.sizes,
  });
  if (!lettering) return null;
  const left = placement === 'bottom' ? Math.round((width - lettering.width) / 2) : CAPTION.edge;
  const top = placement === 'bottom' ? height - CAPTION.edge - lettering.height : CAPTION.edge;
  // The lettering has a shadow margin of its own: the pill fills it sideways, and less of it up and down.
  const pill = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="${left}" y="${top + 6}" width="${lettering.width}" height="${lettering.height - 12}" ` +
      `rx="${Math.min(22, (lettering.height - 12) / 2)}" fill="#000" opacity="${placement === 'bottom' ? 0.45 : 0.75}"/></svg>`,
  );
  return sharp(pill)
    .composite([{ input: lettering.png, left, top }])
    .png()
    .toBuffer();
}
