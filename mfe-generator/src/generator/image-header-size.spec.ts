/** @jest-environment node */
import sharp from 'sharp';
import { imageHeaderSize } from './image-header-size';

const picture = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } });

describe('imageHeaderSize', () => {
  it.each([
    ['JPEG', () => picture(321, 123).jpeg().toBuffer()],
    ['JPEG with EXIF before the frame', () => picture(321, 123).withMetadata({ orientation: 1 }).jpeg().toBuffer()],
    ['progressive JPEG', () => picture(321, 123).jpeg({ progressive: true }).toBuffer()],
    ['PNG', () => picture(321, 123).png().toBuffer()],
    ['GIF', () => picture(321, 123).gif().toBuffer()],
    ['lossy WebP', () => picture(321, 123).webp().toBuffer()],
    ['lossless WebP', () => picture(321, 123).webp({ lossless: true }).toBuffer()],
    ['WebP with alpha', () => picture(321, 123, 4).webp().toBuffer()],
  ])('reads the size of a %s', async (_kind, make) => {
    expect(imageHeaderSize(new Uint8Array(await make()))).toEqual({ width: 321, height: 123 });
  });

  it('reads a 16000 × 16000 PNG from its first bytes alone', async () => {
    const head = (
      await sharp(Buffer.alloc(16_000 * 16_000), { raw: { width: 16_000, height: 16_000, channels: 1 } })
        .png()
        .toBuffer()
    ).subarray(0, 64);
    expect(imageHeaderSize(new Uint8Array(head))).toEqual({ width: 16_000, height: 16_000 });
  });

  it('gives null for bytes that are not a picture', () => {
    expect(imageHeaderSize(new TextEncoder().encode('this is not a picture, only some text'))).toBeNull();
  });
});
