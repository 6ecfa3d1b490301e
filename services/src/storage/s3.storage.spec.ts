import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3ObjectStorage } from './s3.storage';
import { StorageException } from './storage.exception';

/** An S3 endpoint whose answer to each PUT is scripted: 'drop' closes the connection before any answer. */
async function scriptedStore(script: Array<'drop' | number>) {
  const puts: Array<{ key: string; bytes: number }> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const step = script[puts.length] ?? 200;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      puts.push({ key: new URL(req.url ?? '/', 'http://store').pathname, bytes: Buffer.concat(chunks).length });
      if (step === 'drop') return req.socket.destroy();
      res.writeHead(step, step === 200 ? { etag: '"x"' } : { 'content-type': 'application/xml' });
      res.end(step === 200 ? '' : '<Error><Code>AccessDenied</Code><Message>no</Message></Error>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { puts, endpoint: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

describe('S3ObjectStorage.putFile', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 's3-put-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const storageAt = (endpoint: string) =>
    new S3ObjectStorage({
      bucket: 'b',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
      tempDir: dir,
    });
  const file = () => {
    const path = join(dir, 'poster.jpg');
    writeFileSync(path, Buffer.alloc(4096, 7));
    return path;
  };

  it('sends the file again with a new stream when the connection is dropped before an answer', async () => {
    const store = await scriptedStore(['drop', 200]);
    try {
      const path = file();
      await storageAt(store.endpoint).putFile('videos/t1.jpg', path, { move: true });
      expect(store.puts.map((p) => p.key)).toEqual(['/b/videos/t1.jpg', '/b/videos/t1.jpg']);
      expect(store.puts[1]!.bytes).toBeGreaterThanOrEqual(4096);
      expect(existsSync(path)).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('does not repeat a PUT the store answered with a refusal, and keeps the file', async () => {
    const store = await scriptedStore([403]);
    try {
      const path = file();
      await expect(storageAt(store.endpoint).putFile('videos/t2.jpg', path, { move: true })).rejects.toBeInstanceOf(
        StorageException,
      );
      expect(store.puts).toHaveLength(1);
      expect(existsSync(path)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
