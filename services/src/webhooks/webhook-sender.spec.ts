import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postWebhook } from './webhook-sender';

describe('postWebhook', () => {
  let server: Server;
  let url: string;
  const seen: { headers: Record<string, unknown>; body: string }[] = [];
  let answer: (res: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        answer(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (seen.length = 0));

  const allowed = { allowPrivate: true, timeoutMs: 2000 };

  it('posts the body with the headers and reports the status', async () => {
    answer = (res) => res.writeHead(204).end();
    const result = await postWebhook(url, { 'webhook-id': 'msg_1' }, '{"a":1}', allowed);
    expect(result).toMatchObject({ status: 204, error: null });
    expect(seen).toEqual([{ headers: expect.objectContaining({ 'webhook-id': 'msg_1' }), body: '{"a":1}' }]);
  });

  it('follows no redirect', async () => {
    answer = (res) => res.writeHead(307, { location: `${url}/elsewhere` }).end();
    expect(await postWebhook(url, {}, '{}', allowed)).toMatchObject({ status: 307 });
    expect(seen).toHaveLength(1);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    answer = () => undefined;
    const result = await postWebhook(url, {}, '{}', { allowPrivate: true, timeoutMs: 200 });
    expect(result).toMatchObject({ status: null, error: 'no response within 0.2 s' });
  });

  it('refuses a private address without connecting, unless it is allowed', async () => {
    answer = (res) => res.writeHead(200).end();
    const result = await postWebhook(url, {}, '{}', { allowPrivate: false, timeoutMs: 2000 });
    expect(result).toMatchObject({ status: null, error: 'refused: 127.0.0.1 is a private address (127.0.0.1)' });
    expect(seen).toHaveLength(0);
  });
});
