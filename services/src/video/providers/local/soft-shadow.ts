import sharp from 'sharp';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * A black box of the given opacity, blurred by `blur` px, on a transparent PNG of `canvas`'s
 * size. Callers draw it on a small canvas and scale up the result: a wide blur at 1280×720 or
 * more (as an SVG filter or with sharp) costs seconds, at an eighth of the size milliseconds.
 */
export async function softShadow(
  canvas: { width: number; height: number },
  box: Box,
  opacity: number,
  blur: number,
): Promise<Buffer> {
  const left = Math.max(0, Math.round(box.left));
  const top = Math.max(0, Math.round(box.top));
  const width = Math.max(1, Math.min(canvas.width - left, Math.round(box.width)));
  const height = Math.max(1, Math.min(canvas.height - top, Math.round(box.height)));
  const drawn = await sharp({ create: { ...canvas, channels: 4, background: TRANSPARENT } })
    .composite([
      {
        input: { create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: opacity } } },
        left,
        top,
      },
    ])
    .png()
    .toBuffer();
  return sharp(drawn).blur(Math.max(0.3, blur)).png().toBuffer();
}
