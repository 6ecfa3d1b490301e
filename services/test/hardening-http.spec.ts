import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createHmac } from 'node:crypto';
import { JWT_SECRET } from '../src/auth/auth.tokens';
import { VideoTaskEntity } from '../src/video/video-task.entity';
import { VIDEO_LINK_SECONDS, VideoStorage } from '../src/video/video-storage';
import { EventStreamClient } from './support/event-stream-client';
import { FAKE_VIDEO } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

jest.setTimeout(30_000);

describe.each(databaseKinds())('HTTP hardening on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let editor: SignedIn;
  let taskId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { SIGNIN_RATE_LIMIT: '1000', BLOG_ADMIN_EMAILS: 'editor@example.com' });
    owner = await devSignIn(t.app, 'owner@example.com');
    editor = await devSignIn(t.app, 'editor@example.com');
    // A finished task with its files on disk, as the worker leaves it.
    taskId = randomUUID();
    const storage = t.app.get(VideoStorage);
    await mkdir(storage.videosDir, { recursive: true });
    await mkdir(storage.uploadsDir, { recursive: true });
    await writeFile(join(storage.videosDir, `${taskId}.mp4`), FAKE_VIDEO);
    await writeFile(join(storage.videosDir, `${taskId}.jpg`), Buffer.from('poster'));
    await writeFile(join(storage.uploadsDir, `${taskId}.png`), Buffer.from('upload'));
    await t.app
      .get(DataSource)
      .getRepository(VideoTaskEntity)
      .insert({
        id: taskId,
        userId: owner.user.id,
        model: 'veo3',
        prompt: 'a red toy car',
        status: 'completed',
        cost: 40,
        provider: 'local',
        resultPath: `${taskId}.mp4`,
        posterPath: `${taskId}.jpg`,
        imagePath: `${taskId}.png`,
      });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const link = (kindOfLink: 'file' | 'poster' | 'upload', now?: number) =>
    t.app.get(VideoStorage).signedUrl(taskId, kindOfLink, now);

  describe('private files are never publicly cacheable', () => {
    it.each(['file', 'poster', 'upload'] as const)('%s: private for the owner and for a signed link', async (route) => {
      const byOwner = await get(`/api/video/${route}/${taskId}`, owner.auth);
      expect(byOwner.statusCode).toBe(200);
      expect(byOwner.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      const bySignedLink = await get(link(route));
      expect(bySignedLink.statusCode).toBe(200);
      expect(bySignedLink.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    });

    it.each([
      ['file', 'private, max-age=3600', true],
      ['poster', 'private, max-age=3600', false],
      ['upload', 'private, max-age=600', false],
    ] as const)('%s: the owner may keep it as %s; only the video names its download', async (route, cache, named) => {
      const res = await get(`/api/video/${route}/${taskId}`, owner.auth);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(cache);
      expect(res.headers['content-disposition']).toBe(named ? `inline; filename="ai-video-${taskId}.mp4"` : undefined);
    });

    it('a signed link is not cached longer than it stays valid', async () => {
      const aboutToExpire = link('file', Date.now() - (VIDEO_LINK_SECONDS - 100) * 1000);
      const res = await get(aboutToExpire);
      expect(res.statusCode).toBe(200);
      const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
      // Links of the same minute share their expiry: it is 100 to 160 s away.
      const left = Number(new URL(aboutToExpire, 'http://x').searchParams.get('exp')) - Date.now() / 1000;
      expect(left).toBeLessThanOrEqual(160);
      expect(maxAge).toBeLessThanOrEqual(Math.ceil(left));
      expect(maxAge).toBeGreaterThan(left - 10);
    });
  });

  describe('JSON bodies are small except where a route needs more', () => {
    const json = (method: 'POST' | 'PUT', url: string, payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...headers } });

    it.each([200 * 1024, 11 * 1024 * 1024])('a %d-byte sign-in body is refused with 413, unparsed', async (size) => {
      const payload = JSON.stringify({ email: 'big@example.com', name: 'x'.repeat(size) });
      const res = await json('POST', '/api/auth/dev', payload);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
    });

    it('an article of 2,000,000 multi-byte characters is accepted, on create and on update', async () => {
      const content = `<p>${'é'.repeat(2_000_000 - 7)}</p>`;
      const created = await json(
        'POST',
        '/api/blog/admin/posts',
        JSON.stringify({ title: 'Long', content }),
        editor.auth,
      );
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id;
      const updated = await json(
        'PUT',
        `/api/blog/admin/posts/${id}`,
        JSON.stringify({ title: 'Long', content }),
        editor.auth,
      );
      expect(updated.statusCode).toBe(200);
      const huge = JSON.stringify({ title: 'Huge', content: 'x'.repeat(11 * 1024 * 1024) });
      expect((await json('POST', '/api/blog/admin/posts', huge, editor.auth)).statusCode).toBe(413);
    });
  });

  describe('API replies are not stored unless the route says otherwise', () => {
    it('the sign-in reply, which carries the token, and other JSON replies are no-store', async () => {
      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: 'x@example.com' } });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().token).toEqual(expect.any(String));
      expect(signIn.headers['cache-control']).toBe('no-store');
      const history = await get('/api/video/history', owner.auth);
      expect(history.statusCode).toBe(200);
      expect(history.headers['cache-control']).toBe('no-store');
    });

    it('public blog reads keep their own revalidated caching, from the handler and from the fast path', async () => {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/blog/admin/posts',
        headers: editor.auth,
        payload: { title: 'Cached read', content: '<p>hello</p>', status: 'published' },
      });
      expect(saved.statusCode).toBe(201);
      for (const url of ['/api/blog/posts', '/api/blog/posts/cached-read']) {
        for (let i = 0; i < 2; i++) {
          const res = await get(url);
          expect(res.statusCode).toBe(200);
          expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
        }
      }
    });
  });

  describe('every error has the one shape and never echoes the request at length', () => {
    const expectShaped = (res: { statusCode: number; body: string; json(): unknown }, status: number) => {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ success: false, message: expect.any(String), code: expect.any(String) });
      expect(res.body.length).toBeLessThan(300);
    };

    it('a malformed URL: 400 with the security headers, the URL not quoted', async () => {
      const res = await get('/api/%E0%A4%A');
      expectShaped(res, 400);
      expect(res.json()).toEqual({ success: false, message: 'Malformed URL', code: 'BAD_REQUEST' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('an over-long id or unknown API path: 404 without the path', async () => {
      for (const res of [
        await get(`/api/video/status/${'a'.repeat(5000)}`, owner.auth),
        await get(`/api/nothing-here/${'b'.repeat(5000)}`),
        await t.app.inject({ method: 'POST', url: `/api/nothing-here/${'c'.repeat(5000)}` }),
      ]) {
        expectShaped(res, 404);
        expect(res.json().message).toBe('Not found');
      }
    });

    it('requests the HTTP parser rejects (huge headers, a bad Content-Length) get the shape too', async () => {
      await t.app.listen(0, '127.0.0.1');
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      const raw = (request: string) =>
        new Promise<{ statusCode: number; body: string; json(): unknown }>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.end(request));
          let text = '';
          socket.on('data', (chunk) => (text += chunk.toString()));
          socket.on('error', reject);
          socket.on('close', () => {
            const body = text.slice(text.indexOf('\r\n\r\n') + 4);
            resolve({ statusCode: Number(text.split(' ')[1]), body, json: () => JSON.parse(body) });
          });
        });
      const huge = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(64 * 1024)}\r\n\r\n`);
      expectShaped(huge, 431);
      expect(huge.json()).toMatchObject({ code: 'HEADERS_TOO_LARGE' });
      const badLength = await raw('POST /api/auth/dev HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}');
      expectShaped(badLength, 400);
      expect(badLength.json()).toMatchObject({ code: 'BAD_REQUEST' });
    });
  });

  describe('regressions of the review probes that passed', () => {
    it.each([
      '/api/video/file/..%2F..%2Fveo3.sqlite',
      '/api/video/file/..%2Fvideos%2F..%2F..%2Fveo3.sqlite',
      '/api/video/upload/..%2F..%2Fveo3.sqlite',
      '/api/blog/images/..%2F..%2F..%2Fetc%2Fpasswd',
    ])('path traversal %s answers 404, never a file', async (url) => {
      for (const headers of [{}, owner.auth]) {
        const res = await get(url, headers);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: expect.any(String) });
      }
    });

    it('a task id with ../ in a signed link is refused', async () => {
      const storage = t.app.get(VideoStorage);
      const url = storage.signedUrl(`../${taskId}`).replace(`../${taskId}`, `..%2F${taskId}`);
      expect([403, 404, 410]).toContain((await get(url)).statusCode);
    });

    it('a tampered or expired signed link answers 403, 404 or 410, never the file', async () => {
      const good = link('file');
      const tampered = [
        good.replace(/sig=[^&]+/, 'sig=forged'),
        good.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 3600}`),
        good.replace('/file/', '/poster/'),
        link('file', Date.now() - (VIDEO_LINK_SECONDS + 60) * 1000),
      ];
      for (const url of tampered) {
        const res = await get(url);
        expect([403, 404, 410]).toContain(res.statusCode);
        expect(res.json()).toMatchObject({ success: false });
      }
    });

    it('a link signed for a far expiry, or with the session secret, answers 403 and never the file', async () => {
      const in2100 = Date.parse('2100-01-01T00:00:00Z');
      const farFuture = link('file', in2100 - VIDEO_LINK_SECONDS * 1000);
      expect(Number(/exp=(\d+)/.exec(farFuture)![1]) * 1000).toBeGreaterThanOrEqual(in2100);
      const exp = Math.ceil(Date.now() / 1000) + 600;
      const sessionSigned = createHmac('sha256', t.app.get<string>(JWT_SECRET))
        .update(`video:file:${taskId}:${exp}`)
        .digest('base64url');
      for (const url of [farFuture, `/api/video/file/${taskId}?exp=${exp}&sig=${sessionSigned}`]) {
        const res = await get(url);
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain('ftyp');
      }
      expect((await get(link('file'))).statusCode).toBe(200);
    });
  });
});

// Apps of their own, one at a time, each with the environment under test.
describe.each(databaseKinds())('the API docs on %s', (kind) => {
  const docs = async (env: Record<string, string>) => {
    const app = await createTestApp(kind, env);
    try {
      return await Promise.all(
        ['/api/docs', '/api/docs-json'].map(async (url) => (await app.app.inject({ url })).statusCode),
      );
    } finally {
      await app.close();
    }
  };
  const production = { NODE_ENV: 'production', JWT_SECRET: 'hardening-spec-secret-0123456789abcdef' };

  it('are served in development and test', async () => {
    expect(await docs({ NODE_ENV: 'development' })).toEqual([200, 200]);
    expect(await docs({})).toEqual([200, 200]);
  });

  it('are not served in production unless API_DOCS=true', async () => {
    expect(await docs(production)).toEqual([404, 404]);
    expect(await docs({ ...production, API_DOCS: 'true' })).toEqual([200, 200]);
  });
});

describe.each(databaseKinds())('the request timeout on %s', (kind) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { REQUEST_TIMEOUT_S: '1', ADMIN_EMAILS: 'admin@example.com' });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cuts off a request whose body stalls: 408 in the one shape, the connection closed', async () => {
    const socket = connect(port, '127.0.0.1', () =>
      // 10 bytes of the 1,000 announced, then nothing (a slowloris upload).
      socket.write(
        'POST /api/video/generate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{"prompt":',
      ),
    );
    const text = await new Promise<string>((resolve, reject) => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      // Without a request timeout the server waits for the body as long as the client keeps the connection.
      setTimeout(() => reject(new Error('the stalled request was never cut off')), 10_000).unref();
    }).finally(() => socket.destroy());
    expect(text.split(' ')[1]).toBe('408');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      message: 'Request timed out',
    });
  });

  it('leaves an event stream open far past it, still delivering events', async () => {
    const admin = await devSignIn(t.app, 'admin@example.com');
    const user = await devSignIn(t.app, 'listener@example.com');
    const stream = await EventStreamClient.open(`http://127.0.0.1:${port}`, user.auth);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((m) => m.event === 'ready');
      // Three times the timeout, and the checks that would cut a stalled request ran meanwhile.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(stream.isEnded).toBe(false);
      const seen = stream.messages.length;
      const grant = await t.app.inject({
        method: 'POST',
        url: '/api/credits/add',
        headers: admin.auth,
        payload: { userId: user.user.id, amount: 5, reason: 'test credits', sourceId: 'timeout-stream' },
      });
      expect(grant.statusCode).toBe(200);
      const balance = await stream.waitFor((m) => m.event === 'balance', 10_000, seen);
      expect(JSON.parse(balance.data!)).toEqual({ total_credits: 5 });
    } finally {
      stream.close();
    }
  });
});
