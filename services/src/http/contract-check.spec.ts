import Fastify from 'fastify';
import { registerContractCheck } from './contract-check';

describe('contract check (CONTRACT_CHECK=1)', () => {
  const logged: string[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(JSON.parse(line).msg) } },
  });
  registerContractCheck(app);
  // Registry routes answering right and wrong.
  app.get('/api/health/live', async () => ({ status: 'alive' }));
  app.get('/api/video/options', async (_request, reply) => reply.code(201).send({ success: true }));
  app.get('/api/auth/user', async () => ({ success: true, user: { id: 'x' } }));
  app.get('/api/video/file/:taskId', async (_request, reply) => reply.type('text/plain').send('not a video'));
  app.get('/api/blog/posts/:slug', async (_request, reply) => reply.code(304).send());
  app.get('/api/not-in-registry', async () => ({ success: true }));
  app.get('/api/docs-json', async () => ({ openapi: '3.1.0' }));
  // The developer API's routes, checked against V1_ROUTES: resources as JSON, errors as problems.
  const notFound = { type: 'https://x/developers#errors-video-not-found', title: 'Not found', status: 404 };
  app.get('/v1/balance', async () => ({ object: 'balance', credits: 3 }));
  app.get('/v1/videos/:id', async (_request, reply) =>
    reply
      .code(404)
      .type('application/problem+json')
      .send(JSON.stringify({ ...notFound, detail: 'x', code: 'X' })),
  );
  app.get('/v1/models', async (_request, reply) =>
    reply.code(404).send({ success: false, message: 'Not found', code: 'NOT_FOUND' }),
  );
  app.get('/v1/not-in-registry', async () => ({}));
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ success: false, message: 'Not found', code: 'NOT_FOUND' }),
  );
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('passes a reply that matches its declared status, content type and schema', async () => {
    expect((await get('/api/health/live')).statusCode).toBe(200);
    expect((await get('/api/blog/posts/x')).statusCode).toBe(304);
    expect((await get('/api/docs-json')).statusCode).toBe(200);
    // No route at all: the router's JSON 404 is the one allowed answer.
    expect((await get('/api/nothing')).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await get('/v1/balance')).statusCode).toBe(200);
    expect((await get('/v1/videos/1')).statusCode).toBe(404);
  });

  it.each([
    ['/v1/models', 'undeclared status 404'],
    ['/v1/not-in-registry', 'is not in V1_ROUTES'],
  ])('checks %s against V1_ROUTES', async (url, problem) => {
    expect((await get(url)).statusCode).toBe(500);
    expect(logged.at(-1)).toContain(problem);
  });

  it.each([
    ['/api/video/options', 'undeclared status 201'],
    ['/api/auth/user', 'user.email'],
    ['/api/video/file/1', 'content type text/plain, declared video/mp4'],
    ['/api/not-in-registry', 'is not in API_ROUTES'],
  ])('turns %s into a 500 CONTRACT_VIOLATION and logs it', async (url, problem) => {
    const res = await get(url);
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ success: false, code: 'CONTRACT_VIOLATION' });
    expect(logged.at(-1)).toMatch(
      new RegExp(`^contract violation: GET /api/\\S+ \\d+: .*${problem.replace(/\./g, '\\.')}`),
    );
  });
});
