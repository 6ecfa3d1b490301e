import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { sendMcpReply } from './mcp-reply';

describe('sendMcpReply', () => {
  let fastify: FastifyInstance;
  let base: string;
  const sent: string[] = [];

  beforeAll(async () => {
    fastify = Fastify();
    // As the security headers hook does: set before the handler, so the transport's reply must carry it.
    fastify.addHook('onRequest', (_request, reply, done) => {
      void reply.header('x-frame-options', 'SAMEORIGIN');
      done();
    });
    fastify.addHook('onSend', (request, _reply, payload, done) => {
      sent.push(request.url);
      done(null, payload);
    });
    fastify.post('/mcp', (request, reply) => sendMcpReply(request, reply, new McpServer({ name: 't', version: '1' })));
    base = await fastify.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(() => fastify.close());

  const post = (body: unknown, accept = 'application/json, text/event-stream') =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: JSON.stringify(body),
    });
  const initialize = {
    jsonrpc: '2.0',
    id: 7,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'spec', version: '1' } },
  };

  it("answers the JSON-RPC request as JSON, with the hooks' headers, no session and no caching", async () => {
    sent.length = 0;
    const response = await post(initialize);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: 7, result: { serverInfo: { name: 't' } } });
    // Taken out of Fastify: no onSend hook saw it.
    expect(sent).toEqual([]);
  });

  it('lets the transport refuse what the specification refuses (a client that takes no JSON)', async () => {
    const response = await post(initialize, 'text/plain');
    expect(response.status).toBe(406);
  });
});
