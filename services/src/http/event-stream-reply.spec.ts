import Fastify, { type FastifyInstance } from 'fastify';
import { startEventStreamReply } from './event-stream-reply';

describe('startEventStreamReply', () => {
  let fastify: FastifyInstance;
  let base: string;
  const sent: string[] = [];

  beforeAll(async () => {
    fastify = Fastify();
    // As the security headers hook does: set before the handler, so the stream must carry it.
    fastify.addHook('onRequest', (_request, reply, done) => {
      void reply.header('x-frame-options', 'SAMEORIGIN');
      done();
    });
    fastify.addHook('onSend', (request, _reply, payload, done) => {
      sent.push(request.url);
      done(null, payload);
    });
    fastify.get('/events', (_request, reply) => {
      const raw = startEventStreamReply(reply, 15_000);
      raw.end('event: ready\ndata: {}\n\n');
    });
    base = await fastify.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(() => fastify.close());

  it('sends the stream headers with those the hooks set before it, and the body as written', async () => {
    const response = await fetch(`${base}/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await response.text()).toBe('event: ready\ndata: {}\n\n');
  });

  it('takes the reply out of Fastify: no onSend hook sees it', async () => {
    sent.length = 0;
    await (await fetch(`${base}/events`)).text();
    expect(sent).toEqual([]);
  });
});
