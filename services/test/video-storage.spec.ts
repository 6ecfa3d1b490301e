import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AppConfig } from '../src/config/app-config';
import { LocalObjectStorage } from '../src/storage/local.storage';
import type { ObjectStorage } from '../src/storage/object-storage';
import { S3ObjectStorage } from '../src/storage/s3.storage';
import { StorageErrorCode } from '../src/storage/storage.exception';
import { VideoStorage } from '../src/video/video-storage';
import { startFakeS3, type FakeS3 } from './support/fake-s3';

/** An edit's or extension's parent goes to the provider as a local file, wherever the videos are kept. */
describe.each(['local', 's3'] as const)('a local copy of a stored video (%s storage)', (kind) => {
  let work: string;
  let objects: ObjectStorage;
  let storage: VideoStorage;
  let s3: FakeS3 | undefined;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'veo3-video-copy-'));
    if (kind === 'local') {
      objects = new LocalObjectStorage(join(work, 'data'));
    } else {
      s3 = await startFakeS3();
      objects = new S3ObjectStorage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
        tempDir: join(work, 'tmp'),
      });
    }
    const config = {
      dataDir: join(work, 'data'),
      tempDir: join(work, 'tmp'),
      videoLinkSecret: null,
    } as unknown as AppConfig;
    storage = new VideoStorage(config, 'video-storage-spec-secret-0123456789abcdef', objects);
  });
  afterAll(async () => {
    (objects as Partial<S3ObjectStorage>).onApplicationShutdown?.();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('holds the stored bytes, is separate from the stored video, and is gone with its folder once discarded', async () => {
    const video = randomBytes(256 * 1024);
    const incoming = await storage.incomingVideoPath('parent-task');
    await writeFile(incoming, video);
    const name = await storage.commitVideo('parent-task', incoming);

    const copy = await storage.videoCopy(name);
    expect(copy.startsWith(join(work, 'tmp'))).toBe(true);
    expect((await readFile(copy)).equals(video)).toBe(true);
    // A provider may scribble on its copy: the stored video stays as it was.
    await writeFile(copy, 'changed');
    expect((await objects.getBuffer(`videos/${name}`)).equals(video)).toBe(true);

    await storage.discard(copy);
    expect(existsSync(copy)).toBe(false);
    expect(existsSync(dirname(copy))).toBe(false);
  });

  it('a video that is not stored is a NotFound', async () => {
    await expect(storage.videoCopy('missing.mp4')).rejects.toMatchObject({ code: StorageErrorCode.NotFound });
  });
});
