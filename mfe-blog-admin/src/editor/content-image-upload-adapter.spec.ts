import { ApiError } from '@veo3/platform/api/api-client';
import { translate } from '@veo3/platform/i18n/i18n';
import { blogAdminMessages } from '../blog-admin.messages';
import { ContentImageUploadAdapter, type ContentImageUploadDeps } from './content-image-upload-adapter';

const MB = 1024 * 1024;

function imageFile(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function setup(
  file: File | null,
  dimensions = { width: 800, height: 600 },
  over: Partial<ContentImageUploadDeps> = {},
) {
  const release = jest.fn();
  const compressed = new Blob(['small'], { type: 'image/webp' });
  const deps: ContentImageUploadDeps = {
    upload: jest.fn(async () => ({ success: true, imageUrl: '/api/blog/images/a.webp', message: 'ok' })),
    decode: jest.fn(async () => ({ ...dimensions, source: {} as CanvasImageSource, release })),
    compress: jest.fn(async () => compressed),
    confirm: jest.fn(() => true),
    text: (key, vars) => translate(blogAdminMessages, key, vars, 'en'),
    ...over,
  };
  const adapter = new ContentImageUploadAdapter({ file: Promise.resolve(file) }, deps);
  return { adapter, deps, release, compressed };
}

describe('ContentImageUploadAdapter (POST /api/blog/upload-image)', () => {
  it('uploads a small image as it is and gives CKEditor its URL', async () => {
    const file = imageFile('a.png', 'image/png', 1000);
    const { adapter, deps, release } = setup(file);
    await expect(adapter.upload()).resolves.toEqual({ default: '/api/blog/images/a.webp' });
    expect(deps.confirm).not.toHaveBeenCalled();
    expect(deps.upload).toHaveBeenCalledWith(file, 'a.png', expect.any(AbortSignal));
    expect(release).toHaveBeenCalled();
  });

  it('refuses other types with the SPEC alert text, before any upload', async () => {
    const { adapter, deps } = setup(imageFile('a.bmp', 'image/bmp', 1000));
    await expect(adapter.upload()).rejects.toBe('Please select a valid image file (JPEG, PNG, GIF, WebP)');
    expect(deps.upload).not.toHaveBeenCalled();
  });

  it('refuses more than 10 MB, stating the actual size', async () => {
    const { adapter, deps } = setup(imageFile('big.jpg', 'image/jpeg', 15.5 * MB));
    await expect(adapter.upload()).rejects.toBe('This image is 15.5 MB. Please choose an image smaller than 10MB.');
    expect(deps.upload).not.toHaveBeenCalled();
  });

  it.each([
    ['over 2 MB', 3 * MB, { width: 800, height: 600 }],
    ['wider than 1200', 1000, { width: 1600, height: 600 }],
    ['taller than 900', 1000, { width: 800, height: 1200 }],
  ])('%s: asks, and compresses when the user agrees', async (_case, size, dimensions) => {
    const { adapter, deps, compressed } = setup(imageFile('photo.png', 'image/png', size), dimensions);
    await adapter.upload();
    expect(deps.confirm).toHaveBeenCalledWith(expect.stringMatching(/Compress it to fit within 1200×900 pixels/));
    expect(deps.compress).toHaveBeenCalledWith(expect.objectContaining(dimensions), 'image/png');
    expect(deps.upload).toHaveBeenCalledWith(compressed, 'photo.webp', expect.any(AbortSignal));
  });

  it('uploads the original when the user declines', async () => {
    const file = imageFile('photo.jpg', 'image/jpeg', 3 * MB);
    const { adapter, deps } = setup(file, { width: 2000, height: 1500 }, { confirm: jest.fn(() => false) });
    await adapter.upload();
    expect(deps.confirm).toHaveBeenCalledWith(
      'This image is 3 MB and 2000×1500 pixels. Compress it to fit within 1200×900 pixels before uploading?',
    );
    expect(deps.compress).not.toHaveBeenCalled();
    expect(deps.upload).toHaveBeenCalledWith(file, 'photo.jpg', expect.any(AbortSignal));
  });

  it('uploads the original when the browser cannot decode or compress it', async () => {
    const file = imageFile('photo.jpg', 'image/jpeg', 3 * MB);
    const undecodable = setup(file, undefined, { decode: jest.fn(async () => Promise.reject(new Error('bad'))) });
    await undecodable.adapter.upload();
    expect(undecodable.deps.upload).toHaveBeenCalledWith(file, 'photo.jpg', expect.any(AbortSignal));
    const noCanvas = setup(file, undefined, { compress: jest.fn(async () => Promise.reject(new Error('no canvas'))) });
    await noCanvas.adapter.upload();
    expect(noCanvas.deps.upload).toHaveBeenCalledWith(file, 'photo.jpg', expect.any(AbortSignal));
  });

  it('a reply with success false rejects with the server message, or Upload failed', async () => {
    const withMessage = setup(imageFile('a.png', 'image/png', 10), undefined, {
      upload: jest.fn(async () => ({ success: false as const, message: 'Storage is full' })),
    });
    await expect(withMessage.adapter.upload()).rejects.toBe('Storage is full');
    const bare = setup(imageFile('a.png', 'image/png', 10), undefined, {
      upload: jest.fn(async () => ({ success: false as const })),
    });
    await expect(bare.adapter.upload()).rejects.toBe('Upload failed');
  });

  it('an HTTP error rejects with the server message; a network failure with Upload failed', async () => {
    const refused = setup(imageFile('a.png', 'image/png', 10), undefined, {
      upload: jest.fn(async () => Promise.reject(new ApiError('Please upload a JPEG, PNG, GIF or WebP image', 400))),
    });
    await expect(refused.adapter.upload()).rejects.toBe('Please upload a JPEG, PNG, GIF or WebP image');
    const offline = setup(imageFile('a.png', 'image/png', 10), undefined, {
      upload: jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    await expect(offline.adapter.upload()).rejects.toBe('Upload failed');
  });

  it('abort() cancels the request', async () => {
    let signal: AbortSignal | undefined;
    const { adapter } = setup(imageFile('a.png', 'image/png', 10), undefined, {
      upload: jest.fn((_file: Blob, _name: string, s: AbortSignal) => {
        signal = s;
        return new Promise<never>(() => {});
      }),
    });
    void adapter.upload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    adapter.abort();
    expect(signal?.aborted).toBe(true);
  });
});
