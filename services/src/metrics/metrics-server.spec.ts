import { request } from 'node:http';
import { MetricsServer } from './metrics-server';

function get(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, type: String(response.headers['content-type']), body }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('MetricsServer', () => {
  let server: MetricsServer;
  let scrape: jest.Mock<Promise<string>, []>;
  let port: number;

  beforeEach(async () => {
    scrape = jest.fn(() => Promise.resolve('veo3_up 1\n'));
    server = new MetricsServer(scrape);
    port = await server.listen(0, '127.0.0.1');
  });

  afterEach(() => server.close());

  it('answers GET /metrics with the scrape in the Prometheus text format', async () => {
    const reply = await get(port, '/metrics');
    expect(reply).toEqual({ status: 200, type: 'text/plain; version=0.0.4; charset=utf-8', body: 'veo3_up 1\n' });
  });

  it('serves nothing else', async () => {
    expect((await get(port, '/')).status).toBe(404);
    expect((await get(port, '/api/health')).status).toBe(404);
    expect(scrape).not.toHaveBeenCalled();
  });

  it('answers 500 when the scrape fails, and goes on serving', async () => {
    scrape.mockRejectedValueOnce(new Error('registry broke'));
    expect(await get(port, '/metrics')).toMatchObject({ status: 500, body: 'registry broke\n' });
    expect((await get(port, '/metrics')).status).toBe(200);
  });

  it('frees its port when closed, open connections included', async () => {
    await get(port, '/metrics');
    await server.close();
    await expect(get(port, '/metrics')).rejects.toThrow(/ECONNREFUSED/);
    // Closing twice (shutdown hooks may) is harmless.
    await server.close();
  });
});
