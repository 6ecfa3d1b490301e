import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { acceptedEncoding, sendCached, sendHtml } from './send-cached';

const PAGE = `<!doctype html><html><body>${'<p>Veo 3 Studio</p>'.repeat(200)}</body></html>`;
const JSON_BODY = JSON.stringify({ posts: Array.from({ length: 100 }, (_, i) => ({ id: i, title: 'A post' })) });

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 as a refusal', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('GZIP')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('sendHtml and sendCached', () => {
  let app: FastifyInstance;
  const cached = { body: PAGE, etag: '"page-1"' };

  beforeAll(async () => {
    app = Fastify();
    app.get('/page', (request, reply) => {
      void reply.header('Content-Type', 'text/html; charset=utf-8').header('Vary', 'Cookie');
      sendHtml(request, reply, PAGE);
    });
    app.get('/tiny', (request, reply) => sendHtml(request, reply, '<p>hi</p>'));
    app.get('/cached', (request, reply) => sendCached(request, reply, cached, 'text/html; charset=utf-8'));
    app.get('/json', (request, reply) =>
      sendCached(request, reply, { body: JSON_BODY, etag: '"json-1"' }, 'application/json; charset=utf-8'),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends a page in the encoding the browser accepts, and the same page to a client without one', async () => {
    const br = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
    expect(br.rawPayload.length).toBeLessThan(PAGE.length / 5);

    const gzip = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGE);

    const plain = await app.inject({ url: '/page' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
  });

  it('sends a body too small to gain as it is', async () => {
    const tiny = await app.inject({ url: '/tiny', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('<p>hi</p>');
  });

  it('weakens the ETag of a compressed page and answers 304 to either form', async () => {
    const first = await app.inject({ url: '/cached', headers: { 'accept-encoding': 'br' } });
    expect(first.headers.etag).toBe('W/"page-1"');
    expect(first.headers.vary).toBe('Accept-Encoding');
    for (const held of ['W/"page-1"', '"page-1"']) {
      const again = await app.inject({ url: '/cached', headers: { 'accept-encoding': 'br', 'if-none-match': held } });
      expect([held, again.statusCode]).toEqual([held, 304]);
    }
    expect((await app.inject({ url: '/cached' })).headers.etag).toBe('"page-1"');
  });

  it('leaves JSON replies uncompressed', async () => {
    const json = await app.inject({ url: '/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(json.headers['content-encoding']).toBeUndefined();
    expect(json.body).toBe(JSON_BODY);
  });
});
