import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { ApiKeyScope } from '@veo3/contracts/api-keys';
import { V1Problem, V1Video, V1VideoList } from '@veo3/contracts/public-api';
import { VideoProviders } from '../src/video/providers/video-providers';
import { VideoTaskRepository } from '../src/video/video-task.repository';
import { createApiKey } from './support/api-key';
import { multipart } from './support/multipart';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

jest.setTimeout(60_000);

const SITE = 'http://localhost:3000';
const PROMPT = 'A lighthouse in a storm, waves crashing';

/** A local image host: `/frame.png` is a small PNG, anything else a 404. */
async function imageHost(png: Buffer): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (req.url !== '/frame.png') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe.each(databaseKinds())('the developer API /v1 on %s', (kind) => {
  let t: TestApp;
  let video: ReturnType<typeof videoClient>;
  let png: Buffer;
  let host: { server: Server; port: number };
  let users = 0;

  beforeAll(async () => {
    // ROLE=api: no worker takes the tasks, so they stay queued until a test leases one as a worker would.
    t = await createTestApp(
      kind,
      {
        ROLE: 'api',
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '10000',
        VIDEO_MAX_ACTIVE_PER_USER: '100',
        IMAGE_URL_TRUSTED_HOSTS: '127.0.0.1',
        API_RATE_LIMIT: '30',
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider()]) }],
    );
    video = videoClient(t, await devSignIn(t.app, 'admin@example.com'));
    png = await sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    host = await imageHost(png);
  });
  afterAll(async () => {
    host?.server.close();
    await t?.close();
  });

  /** A new user with `credits`, and an API key of theirs (every scope unless told, no cap unless told). */
  async function developer(credits = 400, scopes?: ApiKeyScope[], cap: number | null = null) {
    const user = await video.userWith(`dev${++users}@example.com`, credits);
    return { user, key: (await createApiKey(t.app, user, scopes, cap)).auth };
  }

  const create = (key: Record<string, string>, body: unknown, idempotencyKey?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/videos',
      headers: { ...key, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: body as object,
    });
  const get = (key: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers: key });
  const cancel = (key: Record<string, string>, id: string) =>
    t.app.inject({ method: 'POST', url: `/v1/videos/${id}/cancel`, headers: key });
  const balance = async (key: Record<string, string>) => (await get(key, '/v1/balance')).json().credits as number;

  /** The problem a reply carries, checked against RFC 9457's shape and the contract's. */
  function problem(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number) {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json(;|$)/);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = V1Problem.parse(res.json());
    expect(body).toMatchObject({
      status,
      type: expect.stringMatching(new RegExp(`^${SITE}/developers#errors-[a-z-]+$`)),
    });
    expect(body.type.endsWith(body.code.toLowerCase().replace(/_/g, '-'))).toBe(true);
    return body;
  }

  describe('creating a video', () => {
    it('from JSON: 201 with the video, queued and paid, as a plain resource', async () => {
      const { key } = await developer(400);
      const res = await create(key, { prompt: PROMPT, model: 'veo3', aspect_ratio: '9:16' });
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      const body = V1Video.parse(res.json());
      expect(body).toMatchObject({
        object: 'video',
        status: 'queued',
        model: 'veo3',
        prompt: PROMPT,
        aspect_ratio: '9:16',
        resolution: '720p',
        duration_s: 8,
        credits: 40,
        result_url: null,
        error: null,
        completed_at: null,
      });
      expect(res.json()).not.toHaveProperty('success');
      expect(await balance(key)).toBe(360);
    });

    it('from a multipart form with the first frame uploaded as `image`', async () => {
      const { user, key } = await developer(400);
      const { payload, headers } = multipart(
        { prompt: PROMPT, model: 'veo3-fast-frames', seed: '42' },
        { image: { data: png, filename: 'frame.png', type: 'image/png' } },
      );
      const res = await t.app.inject({ method: 'POST', url: '/v1/videos', payload, headers: { ...headers, ...key } });
      expect(res.statusCode).toBe(201);
      const { id } = V1Video.parse(res.json());
      const status = await t.app.inject({ method: 'GET', url: `/api/video/status/${id}`, headers: user.auth });
      expect(status.json().data).toMatchObject({ model: 'veo3-fast-frames', seed: 42, image_url: expect.any(String) });
    });

    it('from an image_url it downloads, refusing a private address and reporting one it cannot read', async () => {
      const { user, key } = await developer(400);
      const base = { prompt: PROMPT, model: 'veo3-fast-frames' };
      const made = await create(key, { ...base, image_url: `http://127.0.0.1:${host.port}/frame.png` });
      expect(made.statusCode).toBe(201);
      const status = await t.app.inject({
        method: 'GET',
        url: `/api/video/status/${made.json().id}`,
        headers: user.auth,
      });
      expect(status.json().data.image_url).toEqual(expect.any(String));

      // localhost is a loopback address and not a trusted host: refused before anything is fetched or paid.
      const refused = await create(key, { ...base, image_url: `https://localhost:${host.port}/frame.png` });
      expect(problem(refused, 400)).toMatchObject({
        code: 'PUBLIC_API_IMAGE_URL_REFUSED',
        errors: [{ location: 'body', pointer: '#/image_url', detail: expect.any(String) }],
      });
      const missing = await create(key, { ...base, image_url: `http://127.0.0.1:${host.port}/gone.png` });
      expect(problem(missing, 422).code).toBe('PUBLIC_API_IMAGE_URL_UNREADABLE');
      const textOnly = { ...base, model: 'veo3', image_url: `http://127.0.0.1:${host.port}/frame.png` };
      expect(problem(await create(key, textOnly), 400)).toMatchObject({
        code: 'VIDEO_BAD_OPTION',
        detail: 'VEO 3 Text cannot make a video from an image',
      });
      expect(await balance(key)).toBe(360);
    });

    it('refuses a body that does not match the contract with 400 and each field, charging nothing', async () => {
      const { key } = await developer(400);
      const res = await create(key, { model: 'veo3', duration_s: 'eight', webhook_url: 'https://example.com' });
      const body = problem(res, 400);
      expect(body.code).toBe('PUBLIC_API_INVALID_REQUEST');
      expect(body.errors?.map((e) => e.pointer).sort()).toEqual(['#', '#/duration_s', '#/prompt']);
      expect(body.instance).toBe('/v1/videos');
      expect(await balance(key)).toBe(400);
    });

    it("answers 402 when the credits do not cover the video, or the key's monthly cap would be passed", async () => {
      const { key } = await developer(10);
      expect(problem(await create(key, { prompt: PROMPT, model: 'veo3' }), 402).code).toBe(
        'VIDEO_INSUFFICIENT_CREDITS',
      );
      const capped = await developer(400, undefined, 50);
      expect((await create(capped.key, { prompt: PROMPT, model: 'veo3' })).statusCode).toBe(201);
      expect(problem(await create(capped.key, { prompt: `${PROMPT} again`, model: 'veo3' }), 402).code).toBe(
        'API_KEYS_CAP_REACHED',
      );
      expect(await balance(capped.key)).toBe(360);
    });
  });

  describe('Idempotency-Key', () => {
    it('ten concurrent creates with one key make one video, charged once, all answering its id', async () => {
      const { user, key } = await developer(400);
      const body = { prompt: PROMPT, model: 'veo3' };
      const replies = await Promise.all(Array.from({ length: 10 }, () => create(key, body, 'retry-me-1')));
      const ids = new Set(replies.map((r) => r.json().id));
      expect(ids.size).toBe(1);
      expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
      const replays = replies.filter((r) => r.statusCode === 200);
      expect(replays).toHaveLength(9);
      for (const r of replays) expect(r.headers['idempotent-replayed']).toBe('true');
      expect(await balance(key)).toBe(360);
      const list = V1VideoList.parse((await get(key, '/v1/videos')).json());
      expect(list.data.map((v) => v.id)).toEqual([...ids]);
      const ledger = await t.app.inject({
        method: 'GET',
        url: `/api/credits/${user.user.id}/transactions?limit=100`,
        headers: user.auth,
      });
      expect(
        ledger.json().data.items.filter((line: { source_type: string }) => line.source_type === 'video'),
      ).toHaveLength(1);
    });

    it('the same key with another body is a 422 problem, and changes nothing', async () => {
      const { key } = await developer(400);
      expect((await create(key, { prompt: PROMPT, model: 'veo3' }, 'retry-me-2')).statusCode).toBe(201);
      const other = await create(key, { prompt: `${PROMPT}, at night`, model: 'veo3' }, 'retry-me-2');
      expect(problem(other, 422).code).toBe('VIDEO_IDEMPOTENCY_KEY_REUSED');
      expect(await balance(key)).toBe(360);
    });
  });

  describe('reading videos', () => {
    it("gets one of the caller's videos; another account's is not found", async () => {
      const { key } = await developer(400);
      const { id } = (await create(key, { prompt: PROMPT, model: 'veo3' })).json();
      const res = await get(key, `/v1/videos/${id}`);
      expect(res.statusCode).toBe(200);
      expect(V1Video.parse(res.json())).toMatchObject({ id, status: 'queued' });

      const stranger = await developer(0);
      const body = problem(await get(stranger.key, `/v1/videos/${id}`), 404);
      expect(body).toMatchObject({ code: 'VIDEO_NOT_FOUND', instance: `/v1/videos/${id}` });
      expect(problem(await cancel(stranger.key, id), 404).code).toBe('VIDEO_NOT_FOUND');
    });

    it('lists newest first a page at a time, stable while new videos are made', async () => {
      const { key } = await developer(400);
      const made: string[] = [];
      for (let i = 0; i < 5; i++) made.push((await create(key, { prompt: `${PROMPT} ${i}`, model: 'veo3' })).json().id);
      const page = async (query: string) => V1VideoList.parse((await get(key, `/v1/videos${query}`)).json());

      const first = await page('?limit=2');
      expect(first).toMatchObject({ object: 'list', has_more: true, next_cursor: made[3] });
      expect(first.data.map((v) => v.id)).toEqual([made[4], made[3]]);
      // A video made meanwhile goes to the top, and moves nothing on the later pages.
      await create(key, { prompt: `${PROMPT} late`, model: 'veo3' });
      const second = await page(`?limit=2&starting_after=${first.next_cursor}`);
      expect(second.data.map((v) => v.id)).toEqual([made[2], made[1]]);
      const last = await page(`?limit=2&starting_after=${second.next_cursor}`);
      expect(last).toMatchObject({ has_more: false, next_cursor: null });
      expect(last.data.map((v) => v.id)).toEqual([made[0]]);
      expect((await page('')).data).toHaveLength(6);
    });

    it('refuses a bad limit or a cursor that names no video of the caller', async () => {
      const { key } = await developer(0);
      const limit = problem(await get(key, '/v1/videos?limit=0'), 400);
      expect(limit).toMatchObject({
        code: 'PUBLIC_API_INVALID_REQUEST',
        errors: [{ location: 'query', pointer: '#/limit' }],
      });
      expect(problem(await get(key, '/v1/videos?starting_after=nope'), 400).code).toBe('PUBLIC_API_INVALID_CURSOR');
    });
  });

  describe('cancelling', () => {
    it('cancels a queued video and refunds it exactly once, even when asked five times at once', async () => {
      const { user, key } = await developer(400);
      const { id } = (await create(key, { prompt: PROMPT, model: 'veo3' })).json();
      expect(await balance(key)).toBe(360);
      const replies = await Promise.all(Array.from({ length: 5 }, () => cancel(key, id)));
      const done = replies.filter((r) => r.statusCode === 200);
      expect(done).toHaveLength(1);
      expect(V1Video.parse(done[0]!.json())).toMatchObject({
        id,
        status: 'cancelled',
        error: { code: 'cancelled' },
        completed_at: expect.any(String),
      });
      for (const r of replies.filter((x) => x.statusCode !== 200))
        expect(problem(r, 409).code).toBe('PUBLIC_API_NOT_CANCELLABLE');
      expect(await balance(key)).toBe(400);
      const ledger = await t.app.inject({
        method: 'GET',
        url: `/api/credits/${user.user.id}/transactions?limit=100`,
        headers: user.auth,
      });
      const refunds = ledger
        .json()
        .data.items.filter((line: { source_type: string; source_id: string }) => line.source_type === 'refund');
      expect(refunds).toEqual([expect.objectContaining({ amount: 40, source_id: id })]);
      expect((await get(key, `/v1/videos/${id}`)).json().status).toBe('cancelled');
    });

    it('refuses to cancel a video a worker has taken (processing): 409, nothing refunded', async () => {
      const { key } = await developer(400);
      const { id } = (await create(key, { prompt: PROMPT, model: 'veo3' })).json();
      const now = new Date();
      const leased = await t.app
        .get(VideoTaskRepository)
        .claim(id, 'worker-test', now, new Date(now.getTime() + 60_000));
      expect(leased).not.toBeNull();
      expect((await get(key, `/v1/videos/${id}`)).json().status).toBe('processing');
      const body = problem(await cancel(key, id), 409);
      expect(body).toMatchObject({ code: 'PUBLIC_API_NOT_CANCELLABLE', detail: expect.stringContaining('processing') });
      expect(await balance(key)).toBe(360);
    });
  });

  describe('errors, keys and the document', () => {
    it('answers 401 without a key, with an unknown one, and for a browser session token', async () => {
      expect(problem(await t.app.inject({ method: 'GET', url: '/v1/balance' }), 401).code).toBe('API_KEYS_INVALID');
      const unknown = { authorization: 'Bearer v3s_0000000000000000000000000000000000000000' };
      expect(problem(await get(unknown, '/v1/balance'), 401).code).toBe('API_KEYS_INVALID');
      const { user } = await developer(40);
      const session = problem(await get(user.auth, '/v1/videos'), 401);
      expect(session.code).toBe('API_KEYS_NOT_AN_API_KEY');
      expect(problem(await create(user.auth, { prompt: PROMPT, model: 'veo3' }), 401).code).toBe(
        'API_KEYS_NOT_AN_API_KEY',
      );
    });

    it("answers 403 for a route outside the key's scopes, and models to any key", async () => {
      const { key } = await developer(400, ['videos:read']);
      expect(problem(await create(key, { prompt: PROMPT, model: 'veo3' }), 403).code).toBe('API_KEYS_MISSING_SCOPE');
      expect(problem(await get(key, '/v1/balance'), 403).code).toBe('API_KEYS_MISSING_SCOPE');
      expect((await get(key, '/v1/videos')).statusCode).toBe(200);
      expect((await get(key, '/v1/models')).statusCode).toBe(200);
      expect(await balance((await developer(400, ['credits:read'])).key)).toBe(400);
    });

    it('answers 429 with Retry-After once a key passes its requests a minute; other keys go on', async () => {
      const { key } = await developer(0);
      const replies = [];
      for (let i = 0; i < 31; i++) replies.push(await get(key, '/v1/models'));
      expect(replies.slice(0, 30).every((r) => r.statusCode === 200)).toBe(true);
      const limited = replies[30]!;
      expect(problem(limited, 429).code).toBe('TOO_MANY_REQUESTS');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get((await developer(0)).key, '/v1/models')).statusCode).toBe(200);
    });

    it('answers an unknown /v1 path with a 404 problem, and leaves /api with its envelope', async () => {
      const { key } = await developer(0);
      expect(problem(await get(key, '/v1/nothing-here'), 404).code).toBe('NOT_FOUND');
      const api = await t.app.inject({ method: 'GET', url: '/api/video/status/none', headers: key });
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      expect(api.json()).toMatchObject({ success: false, code: expect.any(String) });
    });

    it('lists the models with their prices and availability, and the balance', async () => {
      const { key } = await developer(120);
      const models = await get(key, '/v1/models');
      expect(models.statusCode).toBe(200);
      expect(models.json().data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: 'veo3',
            object: 'model',
            modes: ['text'],
            price: { per: 'video', credits: { '720p': 40, '1080p': 40 } },
            available: true,
          }),
        ]),
      );
      expect((await get(key, '/v1/balance')).json()).toEqual({ object: 'balance', credits: 120 });
    });

    it('serves its OpenAPI 3.1 document without a key', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc).toMatchObject({ openapi: '3.1.0', servers: [{ url: SITE }] });
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/v1/videos',
          '/v1/videos/{id}',
          '/v1/videos/{id}/cancel',
          '/v1/models',
          '/v1/balance',
        ]),
      );
      expect(doc.paths['/v1/videos'].post.responses['402'].content['application/problem+json'].schema).toEqual({
        $ref: '#/components/schemas/Problem',
      });
    });
  });
});
