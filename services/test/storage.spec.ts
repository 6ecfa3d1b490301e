import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { LocalObjectStorage } from '../src/storage/local.storage';
import type { ObjectStorage } from '../src/storage/object-storage';
import { S3ObjectStorage } from '../src/storage/s3.storage';
import { StorageErrorCode, StorageException } from '../src/storage/storage.exception';
import { startFakeS3, type FakeS3 } from './support/fake-s3';
import { multipart } from './support/multipart';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

jest.setTimeout(60_000);

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function hashStream(stream: NodeJS.ReadableStream): Promise<{ hash: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { hash: hash.digest('hex'), bytes };
}

async function expectCode(promise: Promise<unknown>, code: StorageErrorCode): Promise<StorageException> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StorageException);
  expect((error as StorageException).code).toBe(code);
  return error as StorageException;
}

describe.each(['local', 's3'] as const)('object storage contract: %s', (kind) => {
  let work: string;
  let storage: ObjectStorage;
  let s3: FakeS3 | undefined;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'veo3-storage-'));
    if (kind === 'local') {
      storage = new LocalObjectStorage(join(work, 'data'));
      return;
    }
    s3 = await startFakeS3();
    storage = new S3ObjectStorage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      tempDir: join(work, 'tmp'),
    });
  });
  afterAll(async () => {
    (storage as Partial<S3ObjectStorage>).onApplicationShutdown?.();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('stores bytes and gives them back as a buffer and as a stream, with their type', async () => {
    const data = randomBytes(10_000);
    await storage.put('uploads/a.png', data);
    expect((await storage.getBuffer('uploads/a.png')).equals(data)).toBe(true);
    const object = await storage.get('uploads/a.png');
    expect(object.size).toBe(data.length);
    expect(object.contentType).toBe('image/png');
    expect(object.etag).toMatch(/^"/);
    expect(await hashStream(object.body)).toEqual({ hash: sha256(data), bytes: data.length });
  });

  it('a second put replaces the object; delete removes it, and deleting a missing one is fine', async () => {
    await storage.put('videos/b.jpg', Buffer.from('first'));
    await storage.put('videos/b.jpg', Buffer.from('second'));
    expect((await storage.getBuffer('videos/b.jpg')).toString()).toBe('second');
    expect(await storage.exists('videos/b.jpg')).toBe(true);
    await storage.delete('videos/b.jpg');
    expect(await storage.exists('videos/b.jpg')).toBe(false);
    await expect(storage.delete('videos/b.jpg')).resolves.toBeUndefined();
  });

  it('a missing key is a clear NotFound (404), from every read', async () => {
    const error = await expectCode(storage.get('videos/missing.mp4'), StorageErrorCode.NotFound);
    expect(error.status).toBe(404);
    expect(error.message).toBe('File not found: videos/missing.mp4');
    await expectCode(storage.getBuffer('videos/missing.mp4'), StorageErrorCode.NotFound);
    expect(await storage.exists('videos/missing.mp4')).toBe(false);
  });

  it('refuses keys that could leave their folder or are not server-made names', async () => {
    for (const key of [
      '../veo3.sqlite',
      'videos/../../etc/passwd',
      '/etc/passwd',
      'nofolder.mp4',
      'videos/',
      'videos/a b.mp4',
    ]) {
      const invalid = { code: StorageErrorCode.InvalidKey, status: 500 };
      await expect(storage.put(key, Buffer.from('x'))).rejects.toMatchObject(invalid);
      await expect(storage.get(key)).rejects.toMatchObject(invalid);
    }
    expect(existsSync(join(work, 'veo3.sqlite'))).toBe(false);
  });

  it('stores a local file, keeping it or moving it', async () => {
    const source = join(work, 'source.mp4');
    await writeFile(source, Buffer.from('video bytes'));
    await storage.putFile('videos/kept.mp4', source);
    expect(existsSync(source)).toBe(true);
    await storage.putFile('videos/moved.mp4', source, { move: true });
    expect(existsSync(source)).toBe(false);
    expect((await storage.getBuffer('videos/moved.mp4')).toString()).toBe('video bytes');
    expect((await storage.get('videos/moved.mp4')).contentType).toBe('video/mp4');
  });

  it('streams a large file both ways without holding it in memory', async () => {
    const size = 64 * 1024 * 1024;
    const source = join(work, 'large.mp4');
    const hash = createHash('sha256');
    const chunk = randomBytes(1024 * 1024);
    await pipeline(
      (function* () {
        for (let i = 0; i < size / chunk.length; i++) {
          const piece = Buffer.from(chunk);
          piece.writeUInt32BE(i, 0);
          hash.update(piece);
          yield piece;
        }
      })(),
      createWriteStream(source),
    );
    const expected = hash.digest('hex');
    const heapBefore = process.memoryUsage().heapUsed;
    await storage.putFile('videos/large.mp4', source);
    const object = await storage.get('videos/large.mp4');
    expect(object.size).toBe(size);
    expect(await hashStream(object.body)).toEqual({ hash: expected, bytes: size });
    // Buffers live outside the JS heap, so this bounds chunks kept in arrays, not every copy.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(size / 2);
  });

  it('scratch paths keep the extension and, stored with move, leave nothing behind', async () => {
    const scratch = await storage.scratchPath('videos/d.jpg');
    expect(scratch).toMatch(/\.jpg$/);
    await writeFile(scratch, Buffer.from('poster'));
    await storage.putFile('videos/d.jpg', scratch, { move: true });
    expect(existsSync(scratch)).toBe(false);
    expect((await storage.getBuffer('videos/d.jpg')).toString()).toBe('poster');
  });

  if (kind === 'local') {
    it('has no read URL: the API serves local files itself', async () => {
      expect(await storage.readUrl('videos/c.mp4', { expiresInSeconds: 300 })).toBeNull();
    });
  } else {
    it('hands out presigned read URLs that plain fetch can use, with ranges, until they expire', async () => {
      const data = randomBytes(4096);
      await storage.put('videos/e.mp4', data);
      const options = {
        contentType: 'video/mp4',
        contentDisposition: 'inline; filename="ai-video-e.mp4"',
        cacheControl: 'private, max-age=1',
      };
      const url = await storage.readUrl('videos/e.mp4', { ...options, expiresInSeconds: 60 });
      expect(url).toMatch(/X-Amz-Signature=/);
      const whole = await fetch(url!);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(whole.headers.get('content-disposition')).toBe('inline; filename="ai-video-e.mp4"');
      expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
      const range = await fetch(url!, { headers: { range: 'bytes=0-9' } });
      expect(range.status).toBe(206);
      expect(Buffer.from(await range.arrayBuffer()).equals(data.subarray(0, 10))).toBe(true);
      // A signature's time is whole seconds, so a 1 s link may live only a few milliseconds: it is
      // only used to see the refusal once it has expired.
      const short = await storage.readUrl('videos/e.mp4', { ...options, expiresInSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const expired = await fetch(short!);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
    });

    it('removes temporary files a stopped process left behind, and only old ones', async () => {
      const s3storage = storage as S3ObjectStorage;
      const old = await s3storage.scratchPath('videos/old.mp4');
      const young = await s3storage.scratchPath('videos/young.mp4');
      await writeFile(old, 'half a download');
      await writeFile(young, 'a download under way');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      await utimes(old, twoHoursAgo, twoHoursAgo);
      expect(await s3storage.sweepLeftovers()).toBe(1);
      expect([existsSync(old), existsSync(young)]).toEqual([false, true]);
      await rm(young);
    });

    it('a store that does not answer is a clear Unavailable (503), not a hang', async () => {
      const down = new S3ObjectStorage({
        bucket: 'nowhere',
        endpoint: 'http://127.0.0.1:9',
        region: null,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'x',
        forcePathStyle: true,
        tempDir: join(work, 'tmp'),
      });
      const error = await expectCode(down.getBuffer('videos/a.mp4'), StorageErrorCode.Unavailable);
      expect(error.status).toBe(503);
      expect(error.message).toMatch(/^The file store could not handle videos\/a\.mp4/);
      down.onApplicationShutdown();
    });
  }
});

describe.each(databaseKinds())('the site on STORAGE=s3 (%s)', (kind) => {
  let s3: FakeS3;
  let t: TestApp;
  let bucket: S3Client;
  let admin: SignedIn;
  let editor: SignedIn;

  beforeAll(async () => {
    s3 = await startFakeS3();
    bucket = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    // On MySQL with Redis too, as many machines run it: the worker reads uploads back from the bucket.
    const redis: Record<string, string> =
      kind === 'mysql' && process.env.TEST_REDIS_URL
        ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `veo3s3test${Date.now()}` }
        : {};
    t = await createTestApp(kind, {
      ...s3.env,
      ...redis,
      ADMIN_EMAILS: 'admin@example.com',
      BLOG_ADMIN_EMAILS: 'editor@example.com',
      SIGNIN_RATE_LIMIT: '1000',
      GENERATE_RATE_LIMIT: '1000',
      VIDEO_POLL_INTERVAL_MS: '100',
    });
    admin = await devSignIn(t.app, 'admin@example.com');
    editor = await devSignIn(t.app, 'editor@example.com');
  });
  afterAll(async () => {
    await t?.close();
    bucket?.destroy();
    await s3?.close();
  });

  const keys = async (prefix: string) =>
    ((await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map(
      (o) => o.Key,
    );
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const image = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#2288cc' } })
      .png()
      .toBuffer();

  it('renders an image-mode video into the bucket and lets only its owner read it, through presigned URLs', async () => {
    const api = videoClient(t, admin);
    const owner = await api.userWith('owner@example.com', 500);
    const res = await api.generate({ prompt: 'a slow zoom on a blue card', model: 'veo3-fast-frames' }, owner, {
      image: { data: await image(), filename: 'card.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(200);
    const { taskId } = res.json().data;
    expect(await keys('uploads/')).toEqual([`uploads/${taskId}.png`]);

    const done = await api.waitFor(owner, taskId, ['completed', 'failed'], 50_000);
    expect(done).toMatchObject({ status: 'completed', error_message: null });
    expect((await keys('videos/')).sort()).toEqual([`videos/${taskId}.jpg`, `videos/${taskId}.mp4`]);

    // The signed link a <video> element uses: a redirect to a presigned GET that plain fetch can follow.
    const link = await get(done.result_url);
    expect(link.statusCode).toBe(302);
    expect(link.headers['cache-control']).toBe('private, no-store');
    const presigned = String(link.headers.location);
    expect(presigned.startsWith(`${s3.endpoint}/${s3.bucket}/videos/${taskId}.mp4?`)).toBe(true);
    expect(new URL(presigned).searchParams.get('X-Amz-Expires')).toBe('300');
    const video = await fetch(presigned);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-disposition')).toBe(`attachment; filename="ai-video-${taskId}.mp4"`);
    const bytes = Buffer.from(await video.arrayBuffer());
    expect(bytes.subarray(4, 8).toString()).toBe('ftyp');
    expect(bytes.length).toBeGreaterThan(10_000);

    const poster = await fetch(String((await get(done.poster_url)).headers.location));
    expect(poster.status).toBe(200);
    expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).format).toBe('jpeg');

    // By header: the owner is redirected too; another user and a forged link get no URL at all.
    expect((await get(`/api/video/file/${taskId}`, owner.auth)).statusCode).toBe(302);
    const other = await api.userWith('other@example.com', 0);
    const refused = await get(`/api/video/file/${taskId}`, other.auth);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.location).toBeUndefined();
    const forged = await get(done.result_url.replace(/sig=[^&]+/, 'sig=forged'));
    expect(forged.statusCode).not.toBe(302);
    expect(forged.headers.location).toBeUndefined();

    // Nothing stays on local disk: the render, the download and the poster were temporary.
    for (const folder of ['videos', 'uploads', 'tmp', 'renders']) {
      const dir = join(t.config.dataDir, folder);
      expect([folder, existsSync(dir) ? readdirSync(dir) : []]).toEqual([folder, []]);
    }
  });

  it('a generation refused for credits leaves no upload in the bucket', async () => {
    const api = videoClient(t, admin);
    const poor = await api.userWith('poor@example.com', 0);
    const before = await keys('uploads/');
    const res = await api.generate({ prompt: 'zoom', model: 'veo3-fast-frames' }, poor, {
      image: { data: await image(), filename: 'a.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(402);
    expect(await keys('uploads/')).toEqual(before);
  });

  it('blog images go to the bucket and stay public at the same URL, cached for a year', async () => {
    const form = multipart({}, { image: { data: await image(), filename: 'a.png', type: 'image/png' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blog/upload-image',
      headers: { ...form.headers, ...editor.auth },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().imageUrl;
    const name = url.slice(url.lastIndexOf('/') + 1);
    expect(url).toMatch(/^\/api\/blog\/images\/[0-9a-f-]{36}\.png$/);
    expect(await keys('blog-images/')).toContain(`blog-images/${name}`);
    expect(existsSync(join(t.config.dataDir, 'blog-images', name))).toBe(false);

    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);
    const again = await get(url, { 'if-none-match': String(served.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const missing = await get(`/api/blog/images/${randomUUID()}.png`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: 'Image not found' });
  });
});
