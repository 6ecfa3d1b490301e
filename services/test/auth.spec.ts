import { createHmac, generateKeyPairSync } from 'node:crypto';
import { DataSource } from 'typeorm';
import { startFakeGoogle, type FakeGoogle } from './support/fake-google';
import { devSignIn } from './support/sign-in';
import { createTestDatabase, databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

const CLIENT_ID = 'veo3-test.apps.googleusercontent.com';
const JWT_SECRET = 'test-secret-for-the-auth-suite-0123456789abcdef';

function hs256(payload: object, secret = JWT_SECRET): string {
  const enc = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe.each(databaseKinds())('sign-in and sessions on %s', (kind) => {
  let t: TestApp;
  let google: FakeGoogle;

  beforeAll(async () => {
    google = await startFakeGoogle(CLIENT_ID);
    t = await createTestApp(kind, {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CERTS_URL: google.certsUrl,
      DEV_LOGIN: 'true',
      JWT_SECRET,
      BLOG_ADMIN_EMAILS: 'editor@example.com',
      ADMIN_EMAILS: 'boss@example.com',
      SIGNUP_BONUS_CREDITS: '100',
      SIGNIN_RATE_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  const getUser = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authorization ? { authorization } : {} });

  describe('Google', () => {
    it('verifies the ID token, creates the user by Google subject and answers { token, user }', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: google.idToken() } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.token).toEqual(expect.any(String));
      expect(body.user).toMatchObject({
        email: 'gina@example.com',
        name: 'Gina Google',
        avatar_url: 'https://lh3.googleusercontent.com/a/photo.jpg',
        provider: 'google',
        can_manage_blog: false,
      });
      const me = await getUser(`Bearer ${body.token}`);
      expect(me.json().user.id).toBe(body.user.id);

      // Same subject, new e-mail and name: the same account, refreshed.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { token: google.idToken({ email: 'gina.new@example.com', name: 'Gina N.' }) },
      });
      expect(again.json().user).toMatchObject({ id: body.user.id, email: 'gina.new@example.com', name: 'Gina N.' });
    });

    it.each([
      ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }, undefined],
      ['an expired token', { iat: 1_600_000_000, exp: 1_600_003_600 }, undefined],
      ['another issuer', { iss: 'https://evil.example' }, undefined],
      ['a signature from another key', {}, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey],
    ])('refuses %s with 401 and a clear message, creating nobody', async (_case, claims, key) => {
      const before = await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM users');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { token: google.idToken({ sub: 'intruder', email: 'intruder@example.com', ...claims }, key) },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'AUTH_GOOGLE_TOKEN_INVALID' });
      expect(res.json().message).toMatch(/^Google sign-in failed: /);
      expect(await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM users')).toEqual(before);
    });

    it.each([
      ['missing', { email_verified: undefined }],
      ['false', { email_verified: false }],
      ['the string "false"', { email_verified: 'false' }],
    ])('refuses a token whose email_verified is %s, creating nobody', async (_case, claims) => {
      const before = await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM users');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { token: google.idToken({ sub: 'unverified', email: 'unverified@example.com', ...claims }) },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'AUTH_GOOGLE_TOKEN_INVALID',
        message: 'Google sign-in failed: the e-mail is not verified',
      });
      expect(await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM users')).toEqual(before);
    });

    it('finds accounts by Google subject; an accented look-alike e-mail gets an account of its own', async () => {
      const victim = await devSignIn(t.app, 'victim@corp.test');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { token: google.idToken({ sub: 'look-alike', email: 'vïctim@corp.test', name: 'Mallory' }) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).not.toBe(victim.user.id);
      expect(res.json().user.email).toBe('vïctim@corp.test');
      const victimNow = await getUser(victim.auth.authorization);
      expect(victimNow.json().user).toMatchObject({ id: victim.user.id, email: 'victim@corp.test', provider: 'dev' });

      // The exact address, case-folded, links the dev account to the Google identity.
      const linked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { token: google.idToken({ sub: 'victim-google', email: 'Victim@Corp.test' }) },
      });
      expect(linked.json().user).toMatchObject({ id: victim.user.id, provider: 'google' });
      // Another Google subject with that address does not take the account over.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { token: google.idToken({ sub: 'someone-else', email: 'victim@corp.test' }) },
      });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ success: false, code: 'USERS_EMAIL_TAKEN' });
    });

    it('refuses a missing token with 400', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/token/);
    });
  });

  describe('dev sign-in', () => {
    it('signs in by e-mail and gives the sign-up bonus once, through the ledger', async () => {
      const first = await devSignIn(t.app, 'Dana@Example.com', 'Dana');
      expect(first.user).toMatchObject({ email: 'dana@example.com', credits: 100, provider: 'dev' });
      const second = await devSignIn(t.app, 'dana@example.com');
      expect(second.user).toMatchObject({ id: first.user.id, credits: 100, name: 'Dana' });
      const ledger = await t.app
        .get(DataSource)
        .query('SELECT amount, source_type FROM credit_transactions WHERE user_id = ?', [first.user.id]);
      expect(ledger).toEqual([{ amount: 100, source_type: 'bonus' }]);
    });

    it('keeps no control, zero-width or bidirectional-override characters in the name others see', async () => {
      const dev = await devSignIn(t.app, 'hidden@example.com', 'Ev\u202Eli\u0000\u0007ce\u200B \u2066Ma\u2069rtin');
      expect(dev.user.name).toBe('Evlice Martin');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: {
          token: google.idToken({ sub: 'long-name', email: 'long@example.com', name: `\u202E${'😀'.repeat(250)}` }),
        },
      });
      expect(res.json().user.name).toBe('😀'.repeat(200));
      const stored = await t.app.get(DataSource).query('SELECT name FROM users WHERE id = ?', [res.json().user.id]);
      expect(stored[0].name).toBe('😀'.repeat(200));
    });

    it('refuses an invalid e-mail with 400', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: 'not-an-email' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Please enter a valid e-mail address');
    });
  });

  describe('sessions', () => {
    it('signing out revokes that session only', async () => {
      const a = await devSignIn(t.app, 'sam@example.com');
      const b = await devSignIn(t.app, 'sam@example.com');
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: a.auth });
      expect(out.statusCode).toBe(200);
      const revoked = await getUser(a.auth.authorization);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toMatchObject({
        code: 'AUTH_SESSION_EXPIRED',
        message: 'Your session has ended. Please sign in again.',
      });
      expect((await getUser(b.auth.authorization)).statusCode).toBe(200);
    });

    it('a token lasts at most 7 days', async () => {
      const { token } = await devSignIn(t.app, 'tess@example.com');
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      expect(claims.exp - claims.iat).toBeLessThanOrEqual(7 * 24 * 3600);
    });

    it('refuses expired, forged and missing tokens with 401', async () => {
      const { token, user } = await devSignIn(t.app, 'eve@example.com');
      const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
      const expired = hs256({ sub: user.id, sid, iat: 1_600_000_000, exp: 1_600_000_100 });
      expect((await getUser(`Bearer ${expired}`)).json().message).toBe(
        'Your session has expired. Please sign in again.',
      );
      const forged = hs256(
        { sub: user.id, sid, exp: Math.floor(Date.now() / 1000) + 60 },
        'another-secret'.padEnd(48, 'y'),
      );
      expect((await getUser(`Bearer ${forged}`)).statusCode).toBe(401);
      const missing = await getUser();
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ code: 'AUTH_NOT_SIGNED_IN', message: 'Please sign in first' });
    });

    it('never takes identity from x-user-id / x-user-email headers', async () => {
      const victim = await devSignIn(t.app, 'victim@example.com');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { 'x-user-id': victim.user.id, 'x-user-email': victim.user.email },
      });
      expect(res.statusCode).toBe(401);
      const mallory = await devSignIn(t.app, 'mallory@example.com');
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/credits/balance',
        headers: { ...mallory.auth, 'x-user-id': victim.user.id, 'x-user-email': victim.user.email },
      });
      expect(mine.json().data.user.id).toBe(mallory.user.id);
    });
  });

  describe('roles', () => {
    it('come from configuration and are recomputed at each sign-in', async () => {
      const editor = await devSignIn(t.app, 'editor@example.com');
      expect(editor.user).toMatchObject({ can_manage_blog: true, is_admin: false });
      const boss = await devSignIn(t.app, 'boss@example.com');
      expect(boss.user).toMatchObject({ can_manage_blog: false, is_admin: true });

      const plain = await devSignIn(t.app, 'plain@example.com');
      await t.app
        .get(DataSource)
        .query('UPDATE users SET is_admin = ?, can_manage_blog = ? WHERE id = ?', [true, true, plain.user.id]);
      const again = await devSignIn(t.app, 'plain@example.com');
      expect(again.user).toMatchObject({ is_admin: false, can_manage_blog: false });
    });
  });

  it('a role removed from the configuration stops working on every route, for tokens issued before', async () => {
    const db = await createTestDatabase(kind);
    const env = { JWT_SECRET, DEV_LOGIN: 'true' };
    const before = await createTestApp(db, {
      ...env,
      ADMIN_EMAILS: 'boss@corp.test',
      BLOG_ADMIN_EMAILS: 'ed@corp.test',
    });
    let boss, editor;
    try {
      boss = await devSignIn(before.app, 'boss@corp.test');
      editor = await devSignIn(before.app, 'ed@corp.test');
      expect(boss.user.is_admin).toBe(true);
      expect(editor.user.can_manage_blog).toBe(true);
    } finally {
      await before.close();
    }
    const after = await createTestApp(db, env);
    try {
      const inject = (method: 'GET' | 'POST', url: string, auth: Record<string, string>, payload?: object) =>
        after.app.inject({ method, url, headers: auth, payload });
      const me = await inject('GET', '/api/auth/user', boss.auth);
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toMatchObject({ is_admin: false, can_manage_blog: false });
      const grant = await inject('POST', '/api/credits/add', boss.auth, {
        userId: boss.user.id,
        amount: 1000,
        reason: 'test credits',
        sourceId: 'after-removal',
      });
      expect(grant.statusCode).toBe(403);
      expect((await inject('GET', '/api/credits/balance', boss.auth)).json().data.total_credits).toBe(0);
      const publish = await inject('POST', '/api/blog/admin/posts', editor.auth, {
        title: 'Still here?',
        content: '<p>x</p>',
        status: 'published',
      });
      expect(publish.statusCode).toBe(403);
      expect((await inject('GET', '/api/auth/user', editor.auth)).json().user.can_manage_blog).toBe(false);
    } finally {
      await after.close();
      await db.drop();
    }
  });

  it.each(['/auth/signin', '/auth/signup', '/api/auth/reset-password'])(
    '%s answers that the site signs in with Google only',
    async (url) => {
      const res = await t.app.inject({ method: 'POST', url, payload: { email: 'a@b.c', password: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'AUTH_GOOGLE_ONLY' });
      expect(res.json().message).toContain('Google only');
    },
  );
});

describe('sign-in limits', () => {
  it('rate limits sign-in per client address with 429 and a clear message', async () => {
    const t = await createTestApp('sqlite', { SIGNIN_RATE_LIMIT: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: `r${i}@example.com` } }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await t.app.inject({
        method: 'POST',
        url: '/api/auth/dev',
        payload: { email: 'r9@example.com' },
      });
      expect(limited.json()).toMatchObject({
        success: false,
        message: 'Too many sign-in attempts. Please wait a minute and try again.',
      });
    } finally {
      await t.close();
    }
  });

  it('keeps sign-in and generate limits apart, each with its own message and a standard Retry-After', async () => {
    const t = await createTestApp('sqlite', { SIGNIN_RATE_LIMIT: '3', GENERATE_RATE_LIMIT: '2' });
    try {
      const signIn = (i: number) =>
        t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: `s${i}@example.com` } });
      const { token } = (await signIn(0)).json();
      const generate = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/video/generate',
          headers: { authorization: `Bearer ${token}` },
          payload: { prompt: 'a fox', model: 'veo3' },
        });
      // Two requests use up the generate limit; they did not count against sign-in.
      for (let i = 0; i < 2; i++) expect((await generate()).statusCode).not.toBe(429);
      const tooMany = await generate();
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json()).toMatchObject({
        success: false,
        message: 'Too many video requests. Please wait a minute and try again.',
      });
      expect(Number(tooMany.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(tooMany.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(tooMany.headers['retry-after-generate']).toBeUndefined();

      // Sign-in has two of its three left, whatever generate used.
      expect((await signIn(1)).statusCode).toBe(200);
      expect((await signIn(2)).statusCode).toBe(200);
      const blocked = await signIn(3);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('Too many sign-in attempts. Please wait a minute and try again.');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(blocked.headers['retry-after-signin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('behind one proxy (TRUST_PROXY=true), a forged left-most X-Forwarded-For does not escape the limit', async () => {
    const t = await createTestApp('sqlite', { SIGNIN_RATE_LIMIT: '2', TRUST_PROXY: 'true' });
    try {
      // The proxy appends the address it saw to whatever the client sent.
      const viaProxy = (i: number, forged: string, client: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/dev',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `${forged}, ${client}` },
          payload: { email: `p${i}@example.com` },
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await viaProxy(i, `198.18.0.${i}`, '203.0.113.9')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await viaProxy(9, '203.0.113.9', '198.51.100.4')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses dev sign-in with 404 in production', async () => {
    const t = await createTestApp('sqlite', { NODE_ENV: 'production', JWT_SECRET });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: 'a@example.com' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('AUTH_DEV_LOGIN_DISABLED');
    } finally {
      await t.close();
    }
  });

  it('refuses dev sign-in on a public SITE_URL unless DEV_LOGIN=true, saying why', async () => {
    const t = await createTestApp('sqlite', { SITE_URL: 'https://veo3.example' });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: 'admin@example.com' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'AUTH_DEV_LOGIN_DISABLED' });
      expect(res.json().message).toMatch(/SITE_URL \(https:\/\/veo3\.example\) is not a local address.*DEV_LOGIN=true/);
    } finally {
      await t.close();
    }
    const opted = await createTestApp('sqlite', { SITE_URL: 'https://veo3.example', DEV_LOGIN: 'true' });
    try {
      const res = await opted.app.inject({ method: 'POST', url: '/api/auth/dev', payload: { email: 'a@example.com' } });
      expect(res.statusCode).toBe(200);
    } finally {
      await opted.close();
    }
  });

  it('keeps a generated JWT secret in DATA_DIR, so sessions survive a restart', async () => {
    const t = await createTestApp('sqlite');
    const { readFileSync, statSync } = await import('node:fs');
    try {
      const file = `${t.config.dataDir}/jwt-secret`;
      expect(readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(48);
      expect(statSync(file).mode & 0o077).toBe(0);
    } finally {
      await t.close();
    }
  });
});
