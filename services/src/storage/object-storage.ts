import type { Readable } from 'node:stream';
import { StorageErrorCode, StorageException } from './storage.exception';

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

export interface PutOptions {
  contentType?: string;
}

export interface PutFileOptions extends PutOptions {
  /** Remove the source file once stored (a rename on local disk). */
  move?: boolean;
}

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
  etag: string | null;
  lastModified: Date | null;
}

export interface ReadUrlOptions {
  expiresInSeconds: number;
  contentType?: string;
  contentDisposition?: string;
  cacheControl?: string;
}

/**
 * Files the site keeps (uploads, videos, posters, blog images) by key (`videos/<task>.mp4`):
 * on local disk under DATA_DIR, or in an S3 bucket. Keys are always chosen by the server.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, options?: PutOptions): Promise<void>;
  /** Stores a local file, streamed (a whole video never sits in memory). */
  putFile(key: string, path: string, options?: PutFileOptions): Promise<void>;
  /** The object as a stream; StorageException NotFound when there is none. */
  get(key: string): Promise<StoredObject>;
  getBuffer(key: string): Promise<Buffer>;
  /** A missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * A URL a browser can GET without credentials until it expires, or null when this storage has
   * none and the API serves the file itself (local disk).
   */
  readUrl(key: string, options: ReadUrlOptions): Promise<string | null>;
  /** Where the object lies on this machine's disk, or null when it is not on local disk. */
  localPath(key: string): string | null;
  /**
   * A local path to write a file that `putFile(key, …, { move: true })` will store: beside its
   * final place on local disk (so storing is a rename), in a temporary folder for S3.
   * Keeps the key's extension, as ffmpeg picks formats by it.
   */
  scratchPath(key: string): Promise<string>;
}

const KEY = /^(?:[a-z0-9][a-z0-9-]*\/)+[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** Throws unless `key` is a folder-qualified server-made name (no `..`, no absolute path, no odd characters). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) {
    throw new StorageException(StorageErrorCode.InvalidKey, `Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
  return key;
}

const TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The content type of a stored file by its extension (all our keys carry one). */
export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

export function notFound(key: string): StorageException {
  return new StorageException(StorageErrorCode.NotFound, `File not found: ${key}`);
}
