import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { VideoProviders } from '../src/video/providers/video-providers';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

jest.setTimeout(30_000);

const PART_BYTES = 9.5 * 1024 * 1024;

/** Every file under `dir` with its size (the upload folders hold one file per part). */
async function filesUnder(dir: string): Promise<{ path: string; size: number }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (path) => ({ path, size: (await stat(path)).size })));
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

describe.each(databaseKinds())('video uploads on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let tempDir: string;
  let user: SignedIn;
  let video: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'veo3-temp-'));
    t = await createTestApp(
      kind,
      { TEMP_DIR: tempDir, ADMIN_EMAILS: 'admin@example.com', SIGNIN_RATE_LIMIT: '1000', GENERATE_RATE_LIMIT: '1000' },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider()]) }],
    );
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
    user = await video.userWith('uploader@example.com', 400);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(tempDir, { recursive: true, force: true });
  });

  /**
   * A multipart generate whose head announces six 9.5 MB images, of which only the text fields
   * and the first 64 KB of the first image are sent: the rest never comes.
   */
  function partialGenerate(auth: Record<string, string>): { socket: Socket; reply: Promise<string> } {
    const boundary = 'veo3partial';
    const fields = ['prompt', 'a cat', 'model', 'veo3-fast-frames']
      .reduce<string[]>(
        (out, v, i, all) =>
          i % 2
            ? out
            : [...out, `--${boundary}\r\nContent-Disposition: form-data; name="${v}"\r\n\r\n${all[i + 1]}\r\n`],
        [],
      )
      .join('');
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const sent = Buffer.concat([Buffer.from(fields + fileHead), Buffer.alloc(64 * 1024, 7)]);
    const length = fields.length + 6 * (fileHead.length + PART_BYTES + 2) + boundary.length + 6;
    const head =
      `POST /api/video/generate HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${length}\r\n${Object.entries(auth)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n`;
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.concat([Buffer.from(head), sent])));
    const reply = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        const end = text.indexOf('\r\n\r\n');
        const size = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? NaN);
        if (end >= 0 && text.length - end - 4 >= size) resolve(text);
      });
      socket.on('error', reject);
      socket.on('close', () => reject(new Error(`closed without a whole reply: ${text.slice(0, 200)}`)));
      // The body is never finished: a server that waits for it never answers.
      setTimeout(() => reject(new Error('no reply while the body was still unsent')), 10_000).unref();
    });
    return { socket, reply };
  }

  it("a visitor's generate with large image parts is answered 401 before the parts are sent, none written", async () => {
    const { socket, reply } = partialGenerate({});
    try {
      const text = await reply;
      expect(text.split(' ')[1]).toBe('401');
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({
        message: 'Please login before generating a video',
      });
      expect(await filesUnder(tempDir)).toEqual([]);
    } finally {
      socket.destroy();
    }
  });

  it("a signed-in user's image is streamed to a temporary file as it arrives, removed when the client goes away", async () => {
    const { socket, reply } = partialGenerate({ authorization: user.auth.authorization });
    reply.catch(() => undefined);
    try {
      const [written] = await until(
        'the part on disk',
        () => filesUnder(tempDir),
        (files) => files.length === 1,
      );
      expect(written!.path.startsWith(join(tempDir, 'veo3-upload-'))).toBe(true);
      expect(written!.size).toBeGreaterThan(0);
    } finally {
      socket.destroy();
    }
    await until(
      'the temporary folder removed',
      () => readdir(tempDir),
      (entries) => entries.length === 0,
    );
  });

  it('temporary files are removed after an accepted request and after each refusal', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#48a' } })
      .png()
      .toBuffer();
    const image = (data: Buffer) => ({ image: { data, filename: 'a.png', type: 'image/png' } });
    const fields = { prompt: 'zoom', model: 'veo3-fast-frames' };
    expect((await video.generate(fields, user, image(png))).statusCode).toBe(200);
    expect(await readdir(tempDir)).toEqual([]);
    expect((await video.generate(fields, user, image(Buffer.from('not an image')))).statusCode).toBe(400);
    expect(await readdir(tempDir)).toEqual([]);
    expect((await video.generate(fields, user, image(Buffer.alloc(10 * 1024 * 1024 + 10, 0xff)))).statusCode).toBe(413);
    expect(await readdir(tempDir)).toEqual([]);
    const poor = await video.userWith('uploader-poor@example.com', 0);
    expect((await video.generate(fields, poor, image(png))).statusCode).toBe(402);
    expect(await readdir(tempDir)).toEqual([]);
  });
});
