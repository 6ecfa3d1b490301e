import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { VideoProviders } from '../src/video/providers/video-providers';
import { EventStreamClient } from './support/event-stream-client';
import { startFakeGoogle, type FakeGoogle } from './support/fake-google';
import { startFakeS3, type FakeS3 } from './support/fake-s3';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.mjs';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

jest.setTimeout(120_000);

const CLIENT_ID = 'deletion-test.apps.googleusercontent.com';
const WEBHOOK_SECRET = 'whsec_deletion';
const BONUS = 50;
/** The brief's bound for an open event stream to end once the account is deleted. */
const STREAM_END_MS = 5_000;

const ERIN = {
  sub: 'google-sub-erin-4242',
  email: 'erin.erasable@example.com',
  name: 'Erin Erasable',
  picture: 'https://lh3.googleusercontent.com/a/erin-photo.jpg',
};
const PROMPT = 'a lighthouse only Erin knows, xyzzy-prompt';
const OTHER_PROMPT = 'a harbour at noon, other-prompt';

const combos = databaseKinds().flatMap((db) => (['local', 's3'] as const).map((storage) => [db, storage] as const));

describe.each(combos)('account deletion on %s with %s storage', (kind, storage) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let google: FakeGoogle;
  let s3: FakeS3 | undefined;
  let base: string;
  let admin: SignedIn;
  let video: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    google = await startFakeGoogle(CLIENT_ID);
    if (storage === 's3') s3 = await startFakeS3();
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAILS: 'admin@example.com',
        BLOG_ADMIN_EMAILS: ERIN.email,
        DEV_LOGIN: 'true',
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CERTS_URL: google.certsUrl,
        SIGNUP_BONUS_CREDITS: String(BONUS),
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.baseUrl,
        ...(s3?.env ?? {}),
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider(1)]) }],
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.getHttpServer().address() as { port: number };
    base = `http://127.0.0.1:${port}`;
    admin = await devSignIn(t.app, 'admin@example.com');
    video = videoClient(t, admin);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([stripe?.close(), google?.close(), s3?.close()]);
  });

  const query = (sql: string, params: unknown[] = []) => t.app.get(DataSource).query(sql, params);
  const api = (method: 'GET' | 'POST', url: string, user?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: user?.auth, payload });

  async function googleSignIn(claims: Record<string, unknown>): Promise<SignedIn> {
    const res = await api('POST', '/api/auth/google', undefined, { token: google.idToken(claims) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { token: body.token, user: body.user, auth: { authorization: `Bearer ${body.token}` } };
  }

  async function finishedVideo(user: SignedIn, prompt: string): Promise<string> {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#48a' } })
      .png()
      .toBuffer();
    const res = await video.generate({ prompt, model: 'veo3-fast-frames' }, user, {
      image: { data: png, filename: 'frame.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(200);
    const taskId = res.json().data.taskId as string;
    expect((await video.waitFor(user, taskId, ['completed', 'failed'])).status).toBe('completed');
    return taskId;
  }

  async function buyPlan(user: SignedIn): Promise<string> {
    const res = await api('POST', '/api/stripe/create-payment-intent', user, { type: 'subscription', plan_id: 'pro' });
    const id = res.json().session_id as string;
    const session = stripe.pay(id);
    expect((await api('GET', `/api/stripe/checkout-session/${id}`, user)).json().data.status).toBe('complete');
    return session.subscription as string;
  }

  /** Every text value of every row of every table, with where it is. */
  async function everyText(): Promise<{ where: string; text: string }[]> {
    const tables: string[] =
      kind === 'mysql'
        ? (await query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()')).map(
            (r: { name: string }) => r.name,
          )
        : (await query("SELECT name FROM sqlite_master WHERE type = 'table'")).map((r: { name: string }) => r.name);
    const found: { where: string; text: string }[] = [];
    for (const table of tables) {
      for (const row of await query(`SELECT * FROM ${table}`)) {
        for (const [column, value] of Object.entries(row as Record<string, unknown>)) {
          if (typeof value === 'string') found.push({ where: `${table}.${column}`, text: value.toLowerCase() });
        }
      }
    }
    return found;
  }

  /** Every stored object's key (local disk under DATA_DIR, or the bucket). */
  async function storedKeys(): Promise<string[]> {
    if (s3) {
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      client.destroy();
      return (listed.Contents ?? []).map((o) => o.Key!);
    }
    const keys: string[] = [];
    for (const folder of ['uploads', 'videos', 'exports']) {
      const names = await readdir(join(t.config.dataDir, folder)).catch(() => [] as string[]);
      keys.push(...names.map((n) => `${folder}/${n}`));
    }
    return keys;
  }

  /** Asks for the user's data export and waits until its archive is stored; the archive's key. */
  async function exportedArchive(user: SignedIn): Promise<string> {
    expect((await api('POST', '/api/account/export', user)).statusCode).toBe(202);
    for (let i = 0; i < 600; i++) {
      const job = (await api('GET', '/api/account/export', user)).json().data;
      if (job.status === 'ready') return `exports/${job.id}.zip`;
      expect(job.status).toBe('building');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the export never finished');
  }

  const count = async (sql: string, params: unknown[]) => Number((await query(sql, params))[0].n);

  it('erases a user everywhere, keeps the ledger and payments pseudonymised, and lets them sign up anew without a bonus', async () => {
    const erin = await googleSignIn(ERIN);
    expect(erin.user.credits).toBe(BONUS);
    const grant = await api('POST', `/api/admin/users/${erin.user.id}/credits`, admin, {
      amount: 300,
      reason: `goodwill for ${ERIN.email}`,
    });
    expect(grant.statusCode).toBe(200);
    const erinTask = await finishedVideo(erin, PROMPT);
    const subscription = await buyPlan(erin);
    const post = await api('POST', '/api/blog/admin/posts', erin, { title: 'Site news', content: '<p>Hello</p>' });
    expect(post.statusCode).toBe(201);

    const other = await video.userWith('other.person@example.com', 300);
    const otherTask = await finishedVideo(other, OTHER_PROMPT);

    const archive = await exportedArchive(erin);
    const stream = await EventStreamClient.open(base, erin.auth);
    expect(stream.status).toBe(200);
    const before = await everyText();
    expect(before.some((v) => v.text.includes(ERIN.email))).toBe(true);
    const keysBefore = await storedKeys();
    expect(keysBefore.some((k) => k.includes(erinTask))).toBe(true);
    expect(keysBefore).toContain(archive);

    // A wrong e-mail is refused and changes nothing.
    const wrong = await api('POST', '/api/account/delete', erin, { email: 'someone.else@example.com' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ success: false, code: 'ACCOUNT_DELETION_EMAIL_MISMATCH' });
    expect(await everyText()).toEqual(before);
    expect(await storedKeys()).toEqual(keysBefore);
    expect((await api('GET', '/api/auth/user', erin)).statusCode).toBe(200);

    const balance = (await api('GET', '/api/credits/balance', erin)).json().data.total_credits as number;
    const deleted = await api('POST', '/api/account/delete', erin, { email: ` ${ERIN.email.toUpperCase()} ` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({
      deleted: true,
      subscription_cancelled: true,
      credits_forfeited: balance,
      videos_deleted: 1,
    });

    // Signed out everywhere: the token is refused, the open stream ends.
    const old = await api('GET', '/api/auth/user', erin);
    expect(old.statusCode).toBe(401);
    await Promise.race([stream.ended, new Promise((resolve) => setTimeout(resolve, STREAM_END_MS))]);
    expect(stream.isEnded).toBe(true);

    // The plan was cancelled at Stripe.
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription}`)).toBe(
      true,
    );

    // No table holds the e-mail, name, picture, Google subject or prompt; the other user's data stays.
    const after = await everyText();
    for (const needle of [ERIN.email, ERIN.name, ERIN.picture, ERIN.sub, PROMPT]) {
      expect(after.filter((v) => v.text.includes(needle.toLowerCase()))).toEqual([]);
    }
    expect(after.some((v) => v.text.includes(OTHER_PROMPT))).toBe(true);
    expect(after.some((v) => v.text.includes('other.person@example.com'))).toBe(true);

    // No stored file of theirs is left; the other user's are.
    const keysAfter = await storedKeys();
    expect(keysAfter.filter((k) => k.includes(erinTask) || k === archive)).toEqual([]);
    expect(keysAfter.some((k) => k.includes(otherTask))).toBe(true);

    // The ledger (ending at zero) and the payments stay under the opaque id.
    const id = erin.user.id;
    expect(await count('SELECT COUNT(*) AS n FROM payments WHERE user_id = ?', [id])).toBeGreaterThan(0);
    const ledger: { amount: number | string; balance_after: number | string }[] = await query(
      'SELECT amount, balance_after FROM credit_transactions WHERE user_id = ? ORDER BY created_at, id',
      [id],
    );
    expect(ledger.length).toBeGreaterThanOrEqual(4);
    expect(ledger.reduce((sum, l) => sum + Number(l.amount), 0)).toBe(0);
    expect(Number(ledger.at(-1)!.balance_after)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM users WHERE id = ? AND erased_at IS NOT NULL', [id])).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM blog_posts WHERE author_id IS NULL', [])).toBe(1);

    // One audit row, by the user, with nothing personal in it.
    const audit = await api('GET', `/api/admin/audit?action=user.delete&target_id=${id}`, admin);
    expect(audit.json().data.items).toEqual([
      expect.objectContaining({ actor_type: 'user', actor_id: id, actor_email: null, reason: null, target_id: id }),
    ]);

    // The same Google account signs up again: a new account, no second bonus.
    const again = await googleSignIn(ERIN);
    expect(again.user.id).not.toBe(id);
    expect(again.user.credits).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM credit_transactions WHERE user_id = ?', [again.user.id])).toBe(0);
    // A deleted account cannot be deleted again.
    expect((await api('POST', `/api/admin/users/${id}/delete`, admin, { reason: 'once more' })).statusCode).toBe(404);
  });

  it("an admin deletes a user from the console: admin role and a reason required, audited with the admin's reason", async () => {
    const target = await video.userWith('console.target@example.com', 120);
    const bystander = await devSignIn(t.app, 'bystander@example.com');
    const url = `/api/admin/users/${target.user.id}/delete`;
    expect((await api('POST', url, bystander, { reason: 'not mine to do' })).statusCode).toBe(403);
    expect((await api('POST', url, undefined, { reason: 'no token' })).statusCode).toBe(401);
    const noReason = await api('POST', url, admin, {});
    expect(noReason.statusCode).toBe(400);
    expect(
      (await api('POST', `/api/admin/users/${admin.user.id}/delete`, admin, { reason: 'my own account' })).statusCode,
    ).toBe(409);
    expect((await api('GET', '/api/auth/user', target)).statusCode).toBe(200);

    const res = await api('POST', url, admin, { reason: 'Erasure request received by post' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      deleted: true,
      credits_forfeited: 120 + BONUS,
      subscription_cancelled: false,
    });
    expect((await api('GET', '/api/auth/user', target)).statusCode).toBe(401);
    expect((await api('GET', '/api/auth/user', bystander)).statusCode).toBe(200);
    const audit = await api('GET', `/api/admin/audit?action=user.delete&target_id=${target.user.id}`, admin);
    expect(audit.json().data.items).toEqual([
      expect.objectContaining({
        actor_type: 'admin',
        actor_id: admin.user.id,
        actor_email: 'admin@example.com',
        reason: 'Erasure request received by post',
      }),
    ]);
    const users = await api('GET', '/api/admin/users?q=console.target', admin);
    expect(users.json().data.total).toBe(0);
  });

  it('the audit trail still refuses every change but emptying a personal column', async () => {
    const [row] = await query('SELECT id FROM audit_log ORDER BY created_at LIMIT 1');
    await expect(query("UPDATE audit_log SET reason = 'rewritten' WHERE id = ?", [row.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(query("UPDATE audit_log SET action = 'role.grant' WHERE id = ?", [row.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(query('DELETE FROM audit_log WHERE id = ?', [row.id])).rejects.toThrow(/append-only/);
    await query('UPDATE audit_log SET reason = NULL WHERE id = ?', [row.id]);
  });
});
