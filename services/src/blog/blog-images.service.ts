import { randomUUID } from 'node:crypto';
import { basename, dirname } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { OBJECT_STORAGE, type ObjectStorage, type StoredObject } from '../storage/object-storage';
import { StorageErrorCode, StorageException } from '../storage/storage.exception';
import { MAX_IMAGE_BYTES } from '@veo3/contracts/generation-options';
import { checkImage } from '../video/image-check';
import { VideoErrorCode, VideoException } from '../video/video.exception';
import { BlogErrorCode, BlogException } from './blog.exception';

/** Longest side of a stored blog image; larger uploads are scaled down. */
const MAX_SIDE = 2400;
/** Names the server chose: nothing a client sends reaches the file system. */
export const BLOG_IMAGE_NAME = /^[0-9a-f-]{36}\.(jpg|png|gif|webp)$/;

/** A stored blog image: a local file the API sends itself, or the object streamed from S3. */
export type BlogImage = { dir: string; name: string } | StoredObject;

/**
 * Blog images: checked by their bytes, re-encoded without metadata, stored with our own names as
 * `blog-images/<name>` (under DATA_DIR, or in the S3 bucket). They stay public at /api/blog/images/.
 */
@Injectable()
export class BlogImagesService {
  constructor(@Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage) {}

  /** `name` must already match BLOG_IMAGE_NAME. */
  async find(name: string): Promise<BlogImage> {
    const key = `blog-images/${name}`;
    const path = this.objects.localPath(key);
    if (path) return { dir: dirname(path), name: basename(path) };
    return this.objects.get(key).catch((error: unknown) => {
      if (error instanceof StorageException && error.code === StorageErrorCode.NotFound) {
        throw new BlogException(BlogErrorCode.NotFound, 'Image not found');
      }
      throw error;
    });
  }

  /** Reads the multipart field `image` and stores it; returns its public URL. */
  async upload(request: FastifyRequest): Promise<string> {
    const data = await this.readImageField(request);
    let kind: { ext: string };
    try {
      kind = await checkImage(data);
    } catch (error) {
      if (error instanceof VideoException && error.code === VideoErrorCode.ImageTooLarge) {
        throw new BlogException(
          BlogErrorCode.ImageTooLarge,
          'The image is larger than 10 MB. Please choose a smaller image.',
        );
      }
      if (error instanceof VideoException && error.code === VideoErrorCode.ImageTooManyPixels) {
        throw new BlogException(BlogErrorCode.ImageTooLarge, error.message);
      }
      throw new BlogException(BlogErrorCode.InvalidImage, 'Please upload a JPEG, PNG, GIF or WebP image');
    }
    const name = `${randomUUID()}.${kind.ext}`;
    await this.objects.put(`blog-images/${name}`, await reencode(data, kind.ext));
    return `/api/blog/images/${name}`;
  }

  private async readImageField(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) {
      throw new BlogException(BlogErrorCode.BadUpload, 'Send the image as multipart/form-data in the field "image"');
    }
    try {
      const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'image') {
        throw new BlogException(BlogErrorCode.BadUpload, 'Send the image in the field "image"');
      }
      const data = await file.toBuffer();
      if (data.length === 0) throw new BlogException(BlogErrorCode.BadUpload, 'The image file is empty');
      return data;
    } catch (error) {
      if (error instanceof BlogException) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new BlogException(
          BlogErrorCode.ImageTooLarge,
          'The image is larger than 10 MB. Please choose a smaller image.',
        );
      }
      throw new BlogException(BlogErrorCode.BadUpload, 'The upload could not be read');
    }
  }
}

/** Same format, upright, at most MAX_SIDE on the long side, and no EXIF/GPS metadata (sharp drops it). */
async function reencode(data: Buffer, ext: string): Promise<Buffer> {
  const image = sharp(data, { animated: ext === 'gif' || ext === 'webp' })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  if (ext === 'jpg') return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  if (ext === 'png') return image.png({ compressionLevel: 9 }).toBuffer();
  if (ext === 'gif') return image.gif().toBuffer();
  return image.webp({ quality: 85 }).toBuffer();
}
