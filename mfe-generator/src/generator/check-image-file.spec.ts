import { MAX_IMAGE_BYTES } from '@veo3/contracts/generation-options';
import { pngHeaderFile } from '../testing/png-header-file';
import { checkImageFile } from './check-image-file';

const file = (name: string, type: string, size = 10) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('checkImageFile', () => {
  let decode: jest.Mock;
  beforeEach(() => {
    decode = jest.fn(async () => ({ close: jest.fn() }));
    globalThis.createImageBitmap = decode as unknown as typeof createImageBitmap;
  });

  it('takes a JPG, PNG, GIF or WebP of up to 10 MB that decodes', async () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(await checkImageFile(file('a', type, MAX_IMAGE_BYTES))).toBeNull();
    }
  });

  it('refuses another type without decoding it', async () => {
    expect(await checkImageFile(file('clip.svg', 'image/svg+xml'))).toEqual({
      key: 'imageWrongType',
      vars: { name: 'clip.svg' },
    });
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses a picture over 10 MB, saying its size', async () => {
    expect(await checkImageFile(file('big.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1))).toEqual({
      key: 'imageTooLarge',
      vars: { name: 'big.jpg', size: '10 MB' },
    });
  });

  it('refuses a picture over 40 megapixels by its header, without decoding it', async () => {
    expect(await checkImageFile(pngHeaderFile('picture.png', 16_000, 16_000))).toEqual({
      key: 'imageTooManyPixels',
      vars: { name: 'picture.png', width: 16_000, height: 16_000 },
    });
    expect(decode).not.toHaveBeenCalled();
  });

  it('takes a picture of exactly 40 megapixels', async () => {
    expect(await checkImageFile(pngHeaderFile('picture.png', 8_000, 5_000))).toBeNull();
    expect(decode).toHaveBeenCalledTimes(1);
  });

  it('refuses a file the browser cannot decode, such as a text file renamed .png', async () => {
    decode.mockRejectedValue(new DOMException('The source image could not be decoded.', 'InvalidStateError'));
    expect(await checkImageFile(file('notes.png', 'image/png'))).toEqual({
      key: 'imageUnreadable',
      vars: { name: 'notes.png' },
    });
  });
});
