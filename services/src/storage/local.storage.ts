import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { moveFile } from './move-file';
import {
  checkKey,
  contentTypeOf,
  notFound,
  type ObjectStorage,
  type PutFileOptions,
  type StoredObject,
} from './object-storage';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Objects as files under one folder (DATA_DIR): the key is the path below it. */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  localPath(key: string): string {
    return join(this.root, checkKey(key));
  }

  async scratchPath(key: string): Promise<string> {
    const path = this.localPath(key);
    await mkdir(dirname(path), { recursive: true });
    const dot = path.lastIndexOf('.');
    return `${path.slice(0, dot)}.${randomUUID().slice(0, 8)}.part${path.slice(dot)}`;
  }

  /** Written beside its place and renamed in, so a reader never sees half a file. */
  async put(key: string, data: Buffer): Promise<void> {
    const temp = await this.scratchPath(key);
    try {
      await writeFile(temp, data);
      await rename(temp, this.localPath(key));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, path: string, options: PutFileOptions = {}): Promise<void> {
    const target = this.localPath(key);
    await mkdir(dirname(target), { recursive: true });
    if (options.move) {
      await moveFile(path, target);
      return;
    }
    const temp = await this.scratchPath(key);
    await copyFile(path, temp);
    await rename(temp, target);
  }

  async get(key: string): Promise<StoredObject> {
    const path = this.localPath(key);
    const info = await stat(path).catch((error: unknown) => {
      throw isMissing(error) ? notFound(key) : error;
    });
    return {
      body: createReadStream(path),
      size: info.size,
      contentType: contentTypeOf(key),
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
    };
  }

  async getBuffer(key: string): Promise<Buffer> {
    return readFile(this.localPath(key)).catch((error: unknown) => {
      throw isMissing(error) ? notFound(key) : error;
    });
  }

  async delete(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.localPath(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** None: the API serves local files itself, after its own checks. */
  async readUrl(key: string): Promise<null> {
    checkKey(key);
    return null;
  }
}
