import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_CACHE_TTL_MS } from '../src/auth/session-authenticator';
import { buildServices, startServiceProcess, type ServiceProcess } from './support/service-process';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database';
import { freePort } from './support/video-client';

jest.setTimeout(180_000);

/** The bound: a sign-out takes effect in every other process within this. */
const OTHER_PROCESS_BOUND_MS = 5_000;

beforeAll(() => buildServices());

describe.each(databaseKinds())('sign-out across two server processes on %s', (kind) => {
  let db: TestDatabase;
  let dataDir: string;
  let a: ServiceProcess;
  let b: ServiceProcess;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    // One DATA_DIR: the SQLite file (and the generated JWT secret) are shared, as on one host.
    dataDir = db.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'veo3-revocation-'));
    const env = {
      ...db.env,
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEV_LOGIN: 'true',
      LOG_LEVEL: 'warn',
      SIGNIN_RATE_LIMIT: '1000',
    };
    // One after the other, so the second finds the migrations done.
    a = startServiceProcess('A', 'main.js', await freePort(), env);
    await a.ready();
    b = startServiceProcess('B', 'main.js', await freePort(), env);
    await b.ready();
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (!db?.env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    await db?.drop();
  });

  const user = (server: ServiceProcess, token: string) =>
    fetch(`${server.baseUrl}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });

  it('refuses the token at once in the process that signed out, and within 5 s in the other', async () => {
    const signIn = await fetch(`${a.baseUrl}/api/auth/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'two-tabs@example.com' }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };

    // Both processes have just accepted the token (so each holds the live session in its cache).
    expect((await user(a, token)).status).toBe(200);
    const onB = await user(b, token);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { user: { email: string } }).user.email).toBe('two-tabs@example.com');

    const out = await fetch(`${a.baseUrl}/api/auth/signout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    const signedOutAt = Date.now();

    const onA = await user(a, token);
    expect(onA.status).toBe(401);
    expect(await onA.json()).toEqual({
      success: false,
      code: 'AUTH_SESSION_EXPIRED',
      message: 'Your session has ended. Please sign in again.',
    });

    // B may accept it for at most its cache's time to live, then refuses it for good.
    let refusedAfter: number | null = null;
    while (Date.now() - signedOutAt < OTHER_PROCESS_BOUND_MS + 2_000) {
      const res = await user(b, token);
      if (res.status === 401) {
        refusedAfter = Date.now() - signedOutAt;
        expect(((await res.json()) as { code: string }).code).toBe('AUTH_SESSION_EXPIRED');
        break;
      }
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refusedAfter).not.toBeNull();
    expect(refusedAfter!).toBeLessThanOrEqual(OTHER_PROCESS_BOUND_MS);
    expect(SESSION_CACHE_TTL_MS).toBeLessThan(OTHER_PROCESS_BOUND_MS);
    for (let i = 0; i < 5; i++) expect((await user(b, token)).status).toBe(401);
  });
  it('refuses a revoked API key at once in the revoking process, and within 5 s in the other', async () => {
    const signIn = await fetch(`${a.baseUrl}/api/auth/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'key-owner@example.com' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const session = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${a.baseUrl}/api/account/api-keys`, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ name: 'two processes', scopes: ['credits:read'] }),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { key: { id: string }; secret: string } };
    const balance = (server: ServiceProcess) =>
      fetch(`${server.baseUrl}/v1/balance`, { headers: { authorization: `Bearer ${data.secret}` } });
    expect((await balance(a)).status).toBe(200);
    expect((await balance(b)).status).toBe(200);

    const revoked = await fetch(`${a.baseUrl}/api/account/api-keys/${data.key.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(200);
    const revokedAt = Date.now();
    expect((await balance(a)).status).toBe(401);

    let refusedAfter: number | null = null;
    while (Date.now() - revokedAt < OTHER_PROCESS_BOUND_MS + 2_000) {
      const res = await balance(b);
      if (res.status === 401) {
        refusedAfter = Date.now() - revokedAt;
        break;
      }
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refusedAfter).not.toBeNull();
    expect(refusedAfter!).toBeLessThanOrEqual(OTHER_PROCESS_BOUND_MS);
  });
});
