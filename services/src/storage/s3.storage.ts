import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  checkKey,
  contentTypeOf,
  notFound,
  type ObjectStorage,
  type PutFileOptions,
  type PutOptions,
  type ReadUrlOptions,
  type StoredObject,
} from './object-storage';
import { StorageErrorCode, StorageException } from './storage.exception';

export interface S3ObjectStorageOptions {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, s3rver); unset: AWS. */
  endpoint: string | null;
  region: string | null;
  /** Both or neither; neither lets the SDK find credentials (environment, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Where files wait on local disk (downloads for ffmpeg, renders before upload). */
  tempDir: string;
}

/** Temporary files older than this are left over from a process that stopped mid-way. */
const LEFTOVER_MS = 60 * 60 * 1000;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** The connection went before any answer: reset, broken pipe, or closed mid-request. */
function droppedConnection(error: unknown): boolean {
  if (statusOf(error) !== undefined) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  // The SDK may wrap the socket's error in one of its own, keeping only the text.
  return code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up|ECONNRESET|EPIPE/.test(String(message));
}

/** Objects in one S3 bucket; the browser reads them through short-lived presigned URLs. */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly tempDir: string;

  constructor(options: S3ObjectStorageOptions) {
    this.bucket = options.bucket;
    this.tempDir = options.tempDir;
    this.client = new S3Client({
      endpoint: options.endpoint ?? undefined,
      // The SDK insists on a region; S3-compatible servers ignore it.
      region: options.region ?? 'us-east-1',
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: S3-compatible servers (s3rver, older MinIO) reject the chunked trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
    void this.sweepLeftovers();
  }

  /**
   * Removes temporary files a stopped process left behind. Only old ones: other processes may
   * share the folder, and their files are young. Returns how many went.
   */
  async sweepLeftovers(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.tempDir).catch(() => [])) {
      const path = join(this.tempDir, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && info.mtimeMs < now - LEFTOVER_MS) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  localPath(): null {
    return null;
  }

  async scratchPath(key: string): Promise<string> {
    checkKey(key);
    await mkdir(this.tempDir, { recursive: true });
    return join(this.tempDir, `${randomUUID()}-${basename(key)}`);
  }

  async put(key: string, data: Buffer, options: PutOptions = {}): Promise<void> {
    await this.call(key, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: checkKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: options.contentType ?? contentTypeOf(key),
        }),
      ),
    );
  }

  /**
   * One streamed PUT (S3 takes up to 5 GB that way; our videos are a few MB to a few hundred). The
   * SDK cannot retry a body stream it has read, so a PUT that a reused connection drops before any
   * answer (the store closed it as idle) is sent once more with a new stream: a PUT is idempotent.
   */
  async putFile(key: string, path: string, options: PutFileOptions = {}): Promise<void> {
    checkKey(key);
    const { size } = await stat(path);
    const send = () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: options.contentType ?? contentTypeOf(key),
        }),
      );
    await this.call(key, () =>
      send().catch((error: unknown) => (droppedConnection(error) ? send() : Promise.reject(error))),
    );
    if (options.move) await rm(path, { force: true });
  }

  async get(key: string): Promise<StoredObject> {
    const out = await this.getObject(key);
    return {
      body: out.Body as Readable,
      size: out.ContentLength ?? 0,
      contentType: out.ContentType ?? contentTypeOf(key),
      etag: out.ETag ?? null,
      lastModified: out.LastModified ?? null,
    };
  }

  async getBuffer(key: string): Promise<Buffer> {
    const out = await this.getObject(key);
    return Buffer.from(await out.Body!.transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    await this.call(key, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.call(key, () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })));
      return true;
    } catch (error) {
      if (error instanceof StorageException && error.code === StorageErrorCode.NotFound) return false;
      throw error;
    }
  }

  /** Signing is local (no request to S3): the URL names the object whether or not it exists. */
  async readUrl(key: string, options: ReadUrlOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: checkKey(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.contentDisposition,
      ResponseCacheControl: options.cacheControl,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  /** Closes the client's kept-alive connections when the app stops. */
  onApplicationShutdown(): void {
    this.client.destroy();
  }

  private async getObject(key: string): Promise<GetObjectCommandOutput> {
    return this.call(key, () => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })));
  }

  /** S3's 404 as our NotFound; anything else as Unavailable, naming the key. */
  private async call<T>(key: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof StorageException) throw error;
      if (statusOf(error) === 404) throw notFound(key);
      throw this.unavailable(key, error);
    }
  }

  private unavailable(key: string, error: unknown): StorageException {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new StorageException(StorageErrorCode.Unavailable, `The file store could not handle ${key} (${reason})`);
  }
}
