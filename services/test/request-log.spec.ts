import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServices, startServiceProcess, type ServiceProcess } from './support/service-process';
import { freePort } from './support/video-client';

jest.setTimeout(120_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The request log of a server process as an operator reads it: one JSON line per request on stdout. */
describe('request log', () => {
  let dataDir: string;
  let server: ServiceProcess;

  beforeAll(async () => {
    buildServices();
    dataDir = mkdtempSync(join(tmpdir(), 'veo3-request-log-'));
    server = startServiceProcess('logging', 'main.js', await freePort(), {
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      DEV_LOGIN: 'true',
    });
    await server.ready();
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes one line per request with request id, method, route, status and duration', async () => {
    const signIn = await fetch(`${server.baseUrl}/api/auth/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'logged@example.com' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    expect(
      (await fetch(`${server.baseUrl}/api/credits/balance`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    const chosen = { 'x-request-id': 'chosen-by-the-caller-0001' };
    expect((await fetch(`${server.baseUrl}/api/credits/balance?secret=1`, { headers: chosen })).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/no-such-thing`)).status).toBe(404);
    // The lines are written asynchronously; a graceful stop flushes them.
    await server.stop();

    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = lines.filter((line) => line.msg === 'request');
    const balance = requests.filter((line) => line.route === '/api/credits/balance');
    expect(balance).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        status: 200,
        reqId: expect.any(String),
        durationMs: expect.any(Number),
      }),
      expect.objectContaining({
        level: 30,
        method: 'GET',
        status: 401,
        reqId: expect.any(String),
        durationMs: expect.any(Number),
      }),
    ]);
    // Unique across processes (not a per-process counter), and not the caller's choice without a trusted proxy.
    for (const line of balance) expect(line.reqId).toMatch(UUID);
    expect(balance[0]!.reqId).not.toBe(balance[1]!.reqId);
    // Tracing is off without OTEL_* settings: no trace ids to show.
    expect(balance[0]).not.toHaveProperty('trace_id');
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', route: '/api/auth/dev', status: 200 }));
    expect(requests).toContainEqual(expect.objectContaining({ method: 'GET', route: '/api/*', status: 404 }));
    // The route, never the URL: no query strings, ids or tokens in the log; no second line per request.
    const text = server.output();
    expect(text).not.toContain('secret=1');
    expect(text).not.toContain(token);
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });
});
