import { ApiError } from '@veo3/platform/api/api-client';
import { translate } from '@veo3/platform/i18n/i18n';
import type { ContentImageUploadReply } from '@veo3/contracts/blog';
import type { ErrorReply } from '@veo3/contracts/envelope';
import { uploadContentImage } from '../api/blog-admin-api';
import { blogAdminMessages } from '../blog-admin.messages';
import {
  checkContentImage,
  compressImage,
  decodeImage,
  formatFileSize,
  renamedFor,
  shouldOfferCompression,
  type DecodedImage,
} from './content-image';

/** The part of CKEditor's FileLoader an upload adapter reads (kept structural: this file never loads CKEditor). */
export interface UploadLoader {
  file: Promise<File | null>;
}

export interface ContentImageUploadDeps {
  upload: (file: Blob, name: string, signal: AbortSignal) => Promise<ContentImageUploadReply | Partial<ErrorReply>>;
  decode: (file: Blob) => Promise<DecodedImage>;
  compress: (image: DecodedImage, type: string) => Promise<Blob>;
  confirm: (message: string) => boolean;
  text: (key: keyof (typeof blogAdminMessages)['en'], vars?: Record<string, string | number>) => string;
}

const browserDeps: ContentImageUploadDeps = {
  upload: uploadContentImage,
  decode: decodeImage,
  compress: compressImage,
  confirm: (message) => window.confirm(message),
  text: (key, vars) => translate(blogAdminMessages, key, vars),
};

/**
 * Uploads an image dropped, pasted or picked into the editor to POST /api/blog/upload-image
 * (SPEC §5, §7): type and 10 MB checks first, then an offer to compress a large image, then the
 * upload. A failure rejects with the text to show: CKEditor shows it in an alert and removes the
 * placeholder image.
 */
export class ContentImageUploadAdapter {
  private readonly controller = new AbortController();

  constructor(
    private readonly loader: UploadLoader,
    private readonly deps: ContentImageUploadDeps = browserDeps,
  ) {}

  async upload(): Promise<{ default: string }> {
    const { text } = this.deps;
    const file = await this.loader.file;
    if (!file) throw text('uploadFailed');
    const problem = checkContentImage(file);
    if (problem?.kind === 'type') throw text('invalidImageType');
    if (problem?.kind === 'size') throw text('imageTooLarge', { size: problem.size });

    const { blob, name } = await this.maybeCompress(file);
    let reply: ContentImageUploadReply | Partial<ErrorReply>;
    try {
      reply = await this.deps.upload(blob, name, this.controller.signal);
    } catch (error) {
      throw error instanceof ApiError && error.message ? error.message : text('uploadFailed');
    }
    if (!reply?.success || !reply.imageUrl) throw reply?.message || text('uploadFailed');
    return { default: reply.imageUrl };
  }

  abort(): void {
    this.controller.abort();
  }

  private async maybeCompress(file: File): Promise<{ blob: Blob; name: string }> {
    const original = { blob: file as Blob, name: file.name };
    let image: DecodedImage;
    try {
      image = await this.deps.decode(file);
    } catch {
      // The browser cannot read it; the server decides whether it is an image.
      return original;
    }
    try {
      if (!shouldOfferCompression(file.size, image.width, image.height)) return original;
      const question = this.deps.text('confirmCompress', {
        size: formatFileSize(file.size),
        width: image.width,
        height: image.height,
      });
      if (!this.deps.confirm(question)) return original;
      const blob = await this.deps.compress(image, file.type);
      return { blob, name: renamedFor(file.name, blob.type) };
    } catch {
      // Compression is an offer: when the canvas cannot do it, the original (at most 10 MB) goes up.
      return original;
    } finally {
      image.release();
    }
  }
}
