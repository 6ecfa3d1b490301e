import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ApiKeyAuthenticator } from '../src/api-keys/api-key-authenticator';
import type { SessionUser } from '../src/users/session-user';
import { VideoProviders } from '../src/video/providers/video-providers';
import { VideoGenerationService } from '../src/video/video-generation.service';
import { createApiKey } from './support/api-key';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

jest.setTimeout(120_000);

describe.each(databaseKinds())('API keys on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let video: ReturnType<typeof videoClient>;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        VIDEO_MAX_ACTIVE_PER_USER: '20',
        VIDEO_POLL_INTERVAL_MS: '20',
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider(1)]) }],
    );
    admin = await devSignIn(t.app, 'admin@example.com');
    video = videoClient(t, admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const user = (credits = 0) => video.userWith(`keys${++n}@example.com`, credits);
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, auth?: object, payload?: object) =>
    t.app.inject({ method, url, headers: auth as Record<string, string>, payload });
  const keyRows = (userId: string) =>
    t.app.get(DataSource).query('SELECT * FROM api_keys WHERE user_id = ?', [userId]) as Promise<
      Record<string, unknown>[]
    >;
  const sessionUser = (u: SignedIn): SessionUser => ({
    id: u.user.id,
    email: u.user.email,
    name: u.user.name,
    picture: null,
    provider: 'dev',
    isAdmin: false,
    canManageBlog: false,
  });

  it('shows the secret once and stores only its hash', async () => {
    const owner = await user();
    const created = await api('POST', '/api/account/api-keys', owner.auth, {
      name: 'My app',
      scopes: ['videos:read'],
      monthly_cap: 500,
    });
    expect(created.statusCode).toBe(201);
    const { key, secret } = created.json().data;
    expect(secret).toMatch(/^v3s_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'My app', scopes: ['videos:read'], monthly_cap: 500, spent_this_month: 0 });
    expect(key.prefix).toBe(secret.slice(0, 12));

    const rows = await keyRows(owner.user.id);
    expect(rows).toHaveLength(1);
    for (const value of Object.values(rows[0]!)) expect(String(value)).not.toContain(secret.slice(12));
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(secret).digest('hex'));

    const listed = await api('GET', '/api/account/api-keys', owner.auth);
    expect(listed.json().data.items).toEqual([expect.objectContaining({ id: key.id, last_used_at: null })]);
    expect(listed.body).not.toContain(secret.slice(12));
  });

  it('refuses a bad key request with a clear message and changes nothing', async () => {
    const owner = await user();
    for (const payload of [
      { name: '', scopes: ['videos:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['videos:read'], monthly_cap: 0 },
    ]) {
      const res = await api('POST', '/api/account/api-keys', owner.auth, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await keyRows(owner.user.id)).toHaveLength(0);
    expect(
      (await api('POST', '/api/account/api-keys', undefined, { name: 'x', scopes: ['videos:read'] })).statusCode,
    ).toBe(401);
  });

  it('allows 20 live keys at most, even when asked at once', async () => {
    const owner = await user();
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        api('POST', '/api/account/api-keys', owner.auth, { name: `k${i}`, scopes: ['videos:read'] }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(20);
    const refused = replies.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json().code).toBe('API_KEYS_TOO_MANY');
  });

  it('authenticates a key, refuses it on web routes, and stops it at once when revoked', async () => {
    const owner = await user();
    const key = await createApiKey(t.app, owner, ['credits:read']);
    const keys = t.app.get(ApiKeyAuthenticator);
    const caller = await keys.authenticate(key.auth.authorization);
    expect(caller.user.id).toBe(owner.user.id);
    expect(caller.user.isAdmin).toBe(false);
    expect(() => keys.requireScope(caller, 'videos:write')).toThrow(/lacks the "videos:write" scope/);

    for (const url of ['/api/credits/balance', '/api/account/api-keys', '/api/admin/users', '/api/auth/user']) {
      const res = await api('GET', url, key.auth);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTH_API_KEY_NOT_ACCEPTED');
    }
    await expect(keys.authenticate(owner.auth.authorization)).rejects.toMatchObject({
      code: 'API_KEYS_NOT_AN_API_KEY',
    });

    const other = await user();
    expect((await api('DELETE', `/api/account/api-keys/${key.id}`, other.auth)).statusCode).toBe(404);
    expect((await keys.authenticate(key.auth.authorization)).key.id).toBe(key.id);
    expect((await api('DELETE', `/api/account/api-keys/${key.id}`, owner.auth)).statusCode).toBe(200);
    await expect(keys.authenticate(key.auth.authorization)).rejects.toMatchObject({ code: 'API_KEYS_INVALID' });
    expect((await api('DELETE', `/api/account/api-keys/${key.id}`, owner.auth)).statusCode).toBe(200);
    const listed = (await api('GET', '/api/account/api-keys', owner.auth)).json().data.items;
    expect(listed[0].revoked_at).not.toBeNull();
  });

  it('never lets a key spend past its monthly cap, even with requests at once, and charges nothing for a refused one', async () => {
    const owner = await user(400);
    const key = await createApiKey(t.app, owner, ['videos:write'], 100);
    const caller = await t.app.get(ApiKeyAuthenticator).authenticate(key.auth.authorization);
    const generation = t.app.get(VideoGenerationService);
    const ask = (i: number) =>
      generation
        .generate(sessionUser(owner), {
          prompt: `a fox ${i}`,
          model: 'veo3',
          apiKey: { id: caller.key.id, monthlyCap: caller.key.monthlyCap },
        })
        .then(
          () => 'made',
          (error: { code?: string }) => error.code,
        );
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map(ask));
    // 40 credits a video: two fit under 100, a third would make 120.
    expect(outcomes.filter((o) => o === 'made')).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'API_KEYS_CAP_REACHED')).toHaveLength(3);
    expect(await video.balance(owner)).toBe(320);
    const tasks = await t.app
      .get(DataSource)
      .query('SELECT api_key_id FROM video_tasks WHERE user_id = ?', [owner.user.id]);
    expect(tasks).toEqual([{ api_key_id: key.id }, { api_key_id: key.id }]);
    const listed = (await api('GET', '/api/account/api-keys', owner.auth)).json().data.items;
    expect(listed[0].spent_this_month).toBe(80);
  });

  it('shows every key with its use in the console, and revokes one with a reason in the audit trail', async () => {
    const owner = await user(100);
    const key = await createApiKey(t.app, owner, ['videos:write']);
    await t.app.get(VideoGenerationService).generate(sessionUser(owner), {
      prompt: 'a heron',
      model: 'veo3',
      apiKey: { id: key.id, monthlyCap: null },
    });
    expect((await api('GET', '/api/admin/api-usage', owner.auth)).statusCode).toBe(403);
    const usage = await api('GET', `/api/admin/api-usage?user=${encodeURIComponent(owner.user.email)}`, admin.auth);
    expect(usage.statusCode).toBe(200);
    expect(usage.json().data).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(usage.json().data.items[0]).toMatchObject({
      id: key.id,
      user_id: owner.user.id,
      user_email: owner.user.email,
      videos_total: 1,
      videos_this_month: 1,
      spent_total: 40,
      spent_this_month: 40,
      revoked_at: null,
    });

    expect((await api('POST', `/api/admin/api-keys/${key.id}/revoke`, admin.auth, { reason: 'x' })).statusCode).toBe(
      400,
    );
    const revoked = await api('POST', `/api/admin/api-keys/${key.id}/revoke`, admin.auth, { reason: 'Abuse report' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ revoked_reason: 'Abuse report' });
    await expect(t.app.get(ApiKeyAuthenticator).authenticate(key.auth.authorization)).rejects.toMatchObject({
      code: 'API_KEYS_INVALID',
    });
    const audit = await api('GET', `/api/admin/audit?action=api_key.revoke&target_id=${owner.user.id}`, admin.auth);
    expect(audit.json().data.items).toEqual([
      expect.objectContaining({
        action: 'api_key.revoke',
        actor_email: 'admin@example.com',
        reason: 'Abuse report',
        after: expect.objectContaining({ api_key: expect.stringMatching(/^v3s_/) }),
      }),
    ]);
    expect((await api('POST', '/api/admin/api-keys/nope/revoke', admin.auth, { reason: 'gone' })).statusCode).toBe(404);
  });

  it("deletes a deleted account's keys and refuses them", async () => {
    const owner = await user();
    const key = await createApiKey(t.app, owner, ['credits:read']);
    const keys = t.app.get(ApiKeyAuthenticator);
    await keys.authenticate(key.auth.authorization);
    const deleted = await api('POST', '/api/account/delete', owner.auth, { email: owner.user.email });
    expect(deleted.statusCode).toBe(200);
    await expect(keys.authenticate(key.auth.authorization)).rejects.toMatchObject({ code: 'API_KEYS_INVALID' });
    expect(await keyRows(owner.user.id)).toHaveLength(0);
  });
});
