import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PaymentEntity } from '../src/billing/payment.entity';
import { SubscriptionEntity } from '../src/billing/subscription.entity';
import { AuditLogAppendOnly1763685600000 } from '../src/database/migrations/1763685600000-audit-log-append-only';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Every route of the admin console: none answers without a token (401) or for a non-admin (403).
 * Three cells a row: jest takes a test function with more parameters than cells for a callback test.
 */
const ADMIN_ROUTES: [method: 'GET' | 'POST', url: string, body: Record<string, unknown> | undefined][] = [
  ['GET', '/api/admin/users', undefined],
  ['GET', '/api/admin/users/some-user', undefined],
  ['POST', '/api/admin/users/some-user/credits', { amount: 100, reason: 'goodwill' }],
  ['POST', '/api/admin/users/some-user/roles', { role: 'admin', granted: true }],
  ['POST', '/api/admin/users/some-user/sign-out', {}],
  ['GET', '/api/admin/payments', undefined],
  ['POST', '/api/admin/payments/some-payment/refund', { reason: 'customer asked' }],
  ['GET', '/api/admin/tasks?status=failed', undefined],
  ['POST', '/api/admin/tasks/some-task/refund', { reason: 'provider outage' }],
  ['POST', '/api/admin/tasks/some-task/retry', {}],
  ['GET', '/api/admin/overview', undefined],
  ['GET', '/api/admin/audit', undefined],
];

interface AuditRow {
  actor_type: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  request_id: string | null;
}

/** RFC 4180 rows of a CSV text (quoted cells with doubled quotes, commas and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe.each(databaseKinds())('admin console: users and the audit log on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let member: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAILS: 'admin@example.com',
      BLOG_ADMIN_EMAILS: 'editor@example.com',
      SIGNIN_RATE_LIMIT: '1000',
    });
    admin = await devSignIn(t.app, 'admin@example.com', 'Ada Admin');
    member = await devSignIn(t.app, 'member@example.com', 'Mo Member');
  });
  afterAll(async () => {
    await t?.close();
  });

  const query = (sql: string, params: unknown[] = []) => t.app.get(DataSource).query(sql, params);
  const api = (
    method: 'GET' | 'POST',
    url: string,
    user?: SignedIn,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, headers: { ...user?.auth, ...headers }, ...(payload !== undefined && { payload }) });
  const adjust = (user: SignedIn, payload: Record<string, unknown>, key?: string, as = admin) =>
    api('POST', `/api/admin/users/${user.user.id}/credits`, as, payload, key ? { 'idempotency-key': key } : {});
  const setRole = (user: SignedIn, payload: Record<string, unknown>, as = admin) =>
    api('POST', `/api/admin/users/${user.user.id}/roles`, as, payload);
  const balance = async (user: SignedIn) =>
    Number((await query('SELECT credits FROM users WHERE id = ?', [user.user.id]))[0].credits);
  const ledgerLines = async (user: SignedIn) =>
    Number((await query('SELECT COUNT(*) AS n FROM credit_transactions WHERE user_id = ?', [user.user.id]))[0].n);
  const auditOf = (targetId: string): Promise<AuditRow[]> =>
    query(
      'SELECT actor_type, actor_id, actor_email, action, target_type, target_id, before_json, after_json, reason, request_id FROM audit_log WHERE target_id = ? ORDER BY created_at, id',
      [targetId],
    );
  const auditCount = async () => Number((await query('SELECT COUNT(*) AS n FROM audit_log'))[0].n);

  /** Every cached balance equals the sum of its ledger, and none is below zero. */
  async function expectLedgerInvariant(): Promise<void> {
    const rows: { credits: number; total: number | string | null }[] = await query(
      'SELECT u.credits, (SELECT SUM(c.amount) FROM credit_transactions c WHERE c.user_id = u.id) AS total FROM users u',
    );
    for (const row of rows) {
      expect(Number(row.credits)).toBe(Number(row.total ?? 0));
      expect(Number(row.credits)).toBeGreaterThanOrEqual(0);
    }
  }

  afterEach(expectLedgerInvariant);

  describe('every admin route', () => {
    it.each(ADMIN_ROUTES)(
      '%s %s refuses a request without a token (401) and a non-admin (403)',
      async (method, url, body) => {
        const before = await auditCount();
        const anonymous = await api(method, url, undefined, body);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toMatchObject({ success: false, code: 'AUTH_NOT_SIGNED_IN' });
        const refused = await api(method, url, member, body);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ success: false, code: 'AUTH_NOT_ADMIN' });
        expect(await auditCount()).toBe(before);
      },
    );

    it('has no route that changes or deletes the audit log', async () => {
      for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
        const res = await t.app.inject({ method, url: '/api/admin/audit', headers: admin.auth });
        expect([404, 405]).toContain(res.statusCode);
      }
    });

    it("refuses UPDATE and DELETE of audit rows in the database itself, the app's own connection included", async () => {
      const user = await devSignIn(t.app, 'append-only@example.com');
      expect((await adjust(user, { amount: 3, reason: 'kept for ever' })).statusCode).toBe(200);
      const tampering = [
        ['UPDATE audit_log SET reason = ? WHERE target_id = ?', ['nothing to see', user.user.id]],
        ['DELETE FROM audit_log WHERE target_id = ?', [user.user.id]],
      ] as const;
      for (const [sql, params] of tampering) await expect(query(sql, [...params])).rejects.toThrow(/append-only/);
      expect((await auditOf(user.user.id)).map((r) => r.reason)).toEqual(['kept for ever']);

      // The migration's down() lifts the refusal, and up() puts it back.
      const runner = t.app.get(DataSource).createQueryRunner();
      try {
        await new AuditLogAppendOnly1763685600000().down(runner);
        await query('UPDATE audit_log SET reason = reason WHERE target_id = ?', [user.user.id]);
        await new AuditLogAppendOnly1763685600000().up(runner);
      } finally {
        await runner.release();
      }
      await expect(query(tampering[1][0], [...tampering[1][1]])).rejects.toThrow(/append-only/);
    });
  });

  describe('credit adjustments', () => {
    it('grants credits with a reason: one ledger line and one audit row, with who, why and the balance before and after', async () => {
      const user = await devSignIn(t.app, 'grant@example.com');
      const res = await adjust(user, { amount: 100, reason: 'Video failed twice, sorry' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        balance: 100,
        transaction: {
          amount: 100,
          balance_after: 100,
          source_type: 'admin',
          description: 'Video failed twice, sorry',
        },
      });
      expect(await balance(user)).toBe(100);
      const [row, ...others] = await auditOf(user.user.id);
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        actor_type: 'admin',
        actor_id: admin.user.id,
        actor_email: 'admin@example.com',
        action: 'credits.adjust',
        target_type: 'user',
        reason: 'Video failed twice, sorry',
      });
      expect(JSON.parse(row!.before_json!)).toEqual({ credits: 0 });
      expect(JSON.parse(row!.after_json!)).toEqual({ credits: 100 });
      // The request log's id: a UUID, unique across processes.
      expect(row!.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

      const taken = await adjust(user, { amount: -40, reason: 'Granted by mistake' });
      expect(taken.json().data).toMatchObject({ balance: 60, transaction: { amount: -40 } });
      expect(await auditOf(user.user.id)).toHaveLength(2);
    });

    it.each([
      [{ amount: 100 }, /reason is required/],
      [{ amount: 100, reason: '   ' }, /reason is required/],
      [{ amount: 100, reason: 'x'.repeat(501) }, /at most 500/],
      [{ amount: 0, reason: 'nothing' }, /must not be zero/],
      [{ amount: 2.5, reason: 'half' }, /whole number/],
    ])('refuses %j with 400, the balance, ledger and audit log untouched', async (payload, message) => {
      const user = await devSignIn(t.app, 'no-reason@example.com');
      const [before, lines, audited] = [await balance(user), await ledgerLines(user), await auditCount()];
      const res = await adjust(user, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await balance(user)).toBe(before);
      expect(await ledgerLines(user)).toBe(lines);
      expect(await auditCount()).toBe(audited);
    });

    it('never takes the balance below zero: 409, nothing written', async () => {
      const user = await devSignIn(t.app, 'below-zero@example.com');
      await adjust(user, { amount: 30, reason: 'seed' });
      const audited = await auditCount();
      const res = await adjust(user, { amount: -31, reason: 'too much' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'ADMIN_BALANCE_BELOW_ZERO' });
      expect(res.json().message).toMatch(/31 credits taken, 30 available/);
      expect(await balance(user)).toBe(30);
      expect(await ledgerLines(user)).toBe(1);
      expect(await auditCount()).toBe(audited);
      expect((await adjust(user, { amount: -30, reason: 'all of it' })).json().data.balance).toBe(0);
    });

    it('answers 404 for an unknown user and writes nothing', async () => {
      const audited = await auditCount();
      const res = await api('POST', '/api/admin/users/no-such-user/credits', admin, { amount: 5, reason: 'ghost' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ADMIN_USER_NOT_FOUND' });
      expect(await auditCount()).toBe(audited);
    });

    it('replays an Idempotency-Key: the first result again, nothing applied twice; another change under it is a 409', async () => {
      const user = await devSignIn(t.app, 'idempotent@example.com');
      const key = randomUUID();
      const first = await adjust(user, { amount: 25, reason: 'double click' }, key);
      const again = await adjust(user, { amount: 25, reason: 'double click' }, key);
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(first.json().data);
      expect(await balance(user)).toBe(25);
      expect(await ledgerLines(user)).toBe(1);
      expect(await auditOf(user.user.id)).toHaveLength(1);

      for (const other of [
        { amount: 26, reason: 'double click' },
        { amount: 25, reason: 'another reason' },
      ]) {
        const conflict = await adjust(user, other, key);
        expect(conflict.statusCode).toBe(409);
        expect(conflict.json()).toMatchObject({ code: 'ADMIN_IDEMPOTENCY_CONFLICT' });
      }
      expect(await balance(user)).toBe(25);
      expect(await auditOf(user.user.id)).toHaveLength(1);

      // The key is the user's: the same key for another user is a new change.
      const other = await devSignIn(t.app, 'idempotent-other@example.com');
      expect((await adjust(other, { amount: 25, reason: 'double click' }, key)).json().data.balance).toBe(25);
    });

    it('applies concurrent adjustments exactly: each once, the same key once, never below zero', async () => {
      const user = await devSignIn(t.app, 'concurrent@example.com');
      await adjust(user, { amount: 10, reason: 'seed' });
      const replayKey = randomUUID();
      const results = await Promise.all([
        ...Array.from({ length: 8 }, (_, i) => adjust(user, { amount: 5, reason: `grant ${i}` }, randomUUID())),
        ...Array.from({ length: 6 }, () => adjust(user, { amount: 7, reason: 'same request' }, replayKey)),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual(Array(14).fill(200));
      expect(new Set(results.slice(8).map((r) => r.json().data.transaction.id)).size).toBe(1);
      expect(await balance(user)).toBe(10 + 8 * 5 + 7);
      expect(await auditOf(user.user.id)).toHaveLength(1 + 8 + 1);

      // 57 credits, ten takings of 7: eight land, two are refused, nothing goes below zero.
      const takes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => adjust(user, { amount: -7, reason: `take ${i}` })),
      );
      expect(takes.filter((r) => r.statusCode === 200)).toHaveLength(8);
      expect(takes.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
        Array(2).fill('ADMIN_BALANCE_BELOW_ZERO'),
      );
      expect(await balance(user)).toBe(1);
      expect(await auditOf(user.user.id)).toHaveLength(10 + 8);
    });
  });

  describe('roles', () => {
    it('grants and removes the admin role: it counts on the next request, each change audited once', async () => {
      const helper = await devSignIn(t.app, 'helper@example.com');
      expect((await api('GET', '/api/admin/users', helper)).statusCode).toBe(403);

      const granted = await setRole(helper, { role: 'admin', granted: true, reason: 'joins support' });
      expect(granted.statusCode).toBe(200);
      expect(granted.json().data.user).toMatchObject({ is_admin: true, config_roles: [] });
      expect((await api('GET', '/api/admin/users', helper)).statusCode).toBe(200);
      expect((await api('GET', '/api/auth/user', helper)).json().user).toMatchObject({ is_admin: true });

      // Held already: nothing changes and nothing is recorded.
      const again = await setRole(helper, { role: 'admin', granted: true });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.user).toMatchObject({ is_admin: true });

      const rows = await auditOf(helper.user.id);
      expect(rows.map((r) => r.action)).toEqual(['role.grant']);
      expect(JSON.parse(rows[0]!.before_json!)).toMatchObject({ role: 'admin', is_admin: false });
      expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ role: 'admin', is_admin: true });
      expect(rows[0]!.reason).toBe('joins support');

      // A granted admin acts as one, and is recorded as the actor.
      const byHelper = await adjust(member, { amount: 1, reason: 'first ticket' }, undefined, helper);
      expect(byHelper.statusCode).toBe(200);

      const removed = await setRole(helper, { role: 'admin', granted: false });
      expect(removed.json().data.user).toMatchObject({ is_admin: false });
      expect((await api('GET', '/api/admin/users', helper)).statusCode).toBe(403);
      expect((await auditOf(helper.user.id)).map((r) => r.action)).toEqual(['role.grant', 'role.revoke']);
    });

    it("survives the user's next sign-in (which rewrites the old role copies) and is not read from them", async () => {
      const writer = await devSignIn(t.app, 'writer@example.com');
      await setRole(writer, { role: 'blog_manager', granted: true });
      const again = await devSignIn(t.app, 'writer@example.com');
      expect(again.user).toMatchObject({ can_manage_blog: true });
      expect((await api('GET', '/api/auth/user', again)).json().user).toMatchObject({ can_manage_blog: true });

      // The stale columns grant nothing.
      const stale = await devSignIn(t.app, 'stale@example.com');
      await query('UPDATE users SET is_admin = ?, can_manage_blog = ? WHERE id = ?', [true, true, stale.user.id]);
      expect((await api('GET', '/api/admin/users', stale)).statusCode).toBe(403);
    });

    it('refuses any change of your own roles, or of a role the configuration gives (409), writing nothing', async () => {
      const helper = await devSignIn(t.app, 'second-admin@example.com');
      await setRole(helper, { role: 'admin', granted: true });
      const audited = await auditCount();

      const own = await setRole(helper, { role: 'admin', granted: false }, helper);
      expect(own.statusCode).toBe(409);
      expect(own.json()).toMatchObject({ code: 'ADMIN_OWN_ADMIN_ROLE' });
      const selfGrant = await setRole(helper, { role: 'blog_manager', granted: true }, helper);
      expect(selfGrant.statusCode).toBe(409);
      expect(selfGrant.json()).toMatchObject({ code: 'ADMIN_OWN_ROLE', message: /your own roles/ });
      expect((await api('GET', '/api/auth/user', helper)).json().user).toMatchObject({ can_manage_blog: false });

      const configured = await setRole(admin, { role: 'admin', granted: false }, helper);
      expect(configured.statusCode).toBe(409);
      expect(configured.json()).toMatchObject({ code: 'ADMIN_ROLE_FROM_CONFIG' });
      expect(configured.json().message).toMatch(/ADMIN_EMAILS/);

      const editor = await devSignIn(t.app, 'editor@example.com');
      const blog = await setRole(editor, { role: 'blog_manager', granted: false });
      expect(blog.json()).toMatchObject({ code: 'ADMIN_ROLE_FROM_CONFIG' });

      expect(await auditCount()).toBe(audited);
      expect((await api('GET', '/api/admin/users', helper)).statusCode).toBe(200);
      expect((await api('GET', `/api/admin/users/${admin.user.id}`, admin)).json().data.user).toMatchObject({
        is_admin: true,
        config_roles: ['admin'],
      });
    });
  });

  describe('sign-out everywhere', () => {
    it('ends every session of the user: the old tokens answer 401; one audit row', async () => {
      const user = await devSignIn(t.app, 'signed-out@example.com');
      const phone = await devSignIn(t.app, 'signed-out@example.com');
      expect((await api('GET', '/api/auth/user', user)).statusCode).toBe(200);

      const res = await api('POST', `/api/admin/users/${user.user.id}/sign-out`, admin, { reason: 'account shared' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ sessions_revoked: 2 });
      for (const token of [user, phone]) {
        const after = await api('GET', '/api/auth/user', token);
        expect(after.statusCode).toBe(401);
        expect(after.json()).toMatchObject({ code: 'AUTH_SESSION_EXPIRED' });
      }
      const [row, ...others] = await auditOf(user.user.id);
      expect(others).toEqual([]);
      expect(row).toMatchObject({ action: 'user.sign_out', reason: 'account shared', actor_id: admin.user.id });
      expect(JSON.parse(row!.before_json!)).toEqual({ live_sessions: 2 });

      // Signing in again works.
      expect((await api('GET', '/api/auth/user', await devSignIn(t.app, 'signed-out@example.com'))).statusCode).toBe(
        200,
      );
    });

    it('answers 404 for an unknown user, writing nothing', async () => {
      const audited = await auditCount();
      const res = await api('POST', '/api/admin/users/nobody/sign-out', admin, {});
      expect(res.statusCode).toBe(404);
      expect(await auditCount()).toBe(audited);
    });
  });

  describe('finding users', () => {
    it('searches e-mail and name, taking % and _ literally, with filters and pages', async () => {
      const under = await devSignIn(t.app, 'zq-one@example.com', 'Zq_Under');
      const plain = await devSignIn(t.app, 'zq-two@example.com', 'ZqxUnder');
      const third = await devSignIn(t.app, 'zq-three@example.com', 'Zq 100%');
      await t.app
        .get(DataSource)
        .getRepository(PaymentEntity)
        .insert({
          id: `cs_${randomUUID()}`,
          userId: plain.user.id,
          kind: 'pack',
          itemId: 'starter',
          amountCents: 999,
          currency: 'usd',
          credits: 100,
          checkoutSessionId: null,
          subscriptionId: null,
        });
      await t.app
        .get(DataSource)
        .getRepository(SubscriptionEntity)
        .insert({
          id: `sub_${randomUUID()}`,
          userId: third.user.id,
          planId: 'pro',
          billingCycle: 'monthly',
          status: 'active',
          currentPeriodEnd: null,
          canceledAt: null,
          simulated: true,
        });

      const ids = async (qs: string) => {
        const res = await api('GET', `/api/admin/users?${qs}`, admin);
        expect(res.statusCode).toBe(200);
        return (res.json().data.items as { id: string }[]).map((u) => u.id);
      };
      expect(await ids('q=zq_')).toEqual([under.user.id]);
      expect(await ids('q=100%25')).toEqual([third.user.id]);
      expect(await ids('q=ZQ-TWO@')).toEqual([plain.user.id]);
      expect(await ids('q=zq-&has_paid=true')).toEqual([plain.user.id]);
      expect(await ids('q=zq-&has_plan=true')).toEqual([third.user.id]);
      expect((await ids('q=zq-&has_plan=false')).sort()).toEqual([under.user.id, plain.user.id].sort());
      const today = new Date().toISOString().slice(0, 10);
      expect(await ids(`q=zq-&signed_up_from=${today}&signed_up_to=${today}`)).toHaveLength(3);
      expect(await ids('q=zq-&signed_up_to=2020-01-01')).toEqual([]);

      const pages = await Promise.all(
        [1, 2, 3].map((page) => api('GET', `/api/admin/users?q=zq-&page_size=1&page=${page}`, admin)),
      );
      expect(pages.map((p) => p.json().data.total)).toEqual([3, 3, 3]);
      expect(new Set(pages.map((p) => p.json().data.items[0].id)).size).toBe(3);

      const paid = (await api('GET', `/api/admin/users?q=zq-two`, admin)).json().data.items[0];
      expect(paid).toMatchObject({ paid_cents: 999, has_plan: false, is_admin: false });
      expect((await api('GET', '/api/admin/users?page_size=101', admin)).statusCode).toBe(400);
    });

    it("shows a user's page: balance, ledger, payments, subscription, tasks and sessions; 404 for nobody", async () => {
      const user = await devSignIn(t.app, 'detail@example.com', 'Dee Tail');
      await adjust(user, { amount: 12, reason: 'for the page' });
      const res = await api('GET', `/api/admin/users/${user.user.id}`, admin);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.user).toMatchObject({ email: 'detail@example.com', credits: 12 });
      expect(data.ledger[0]).toMatchObject({ amount: 12, description: 'for the page' });
      expect(data.sessions).toHaveLength(1);
      expect(data).toMatchObject({ payments: [], subscription: null, tasks: [] });
      const missing = await api('GET', '/api/admin/users/nobody', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'ADMIN_USER_NOT_FOUND' });
    });
  });

  describe('the audit log', () => {
    it('filters by action, actor, target and day, newest first, in pages that do not overlap', async () => {
      const target = await devSignIn(t.app, 'audited@example.com');
      for (let i = 1; i <= 5; i++) await adjust(target, { amount: i, reason: `step ${i}` });
      await api('POST', `/api/admin/users/${target.user.id}/sign-out`, admin, {});

      const page = async (qs: string) => {
        const res = await api('GET', `/api/admin/audit?target_id=${target.user.id}&${qs}`, admin);
        expect(res.statusCode).toBe(200);
        return res.json().data;
      };
      const all = await page('page_size=100');
      expect(all.total).toBe(6);
      expect(all.items[0]).toMatchObject({ action: 'user.sign_out', actor_type: 'admin', actor_id: admin.user.id });
      expect(all.items.slice(1).map((e: { reason: string }) => e.reason)).toEqual([
        'step 5',
        'step 4',
        'step 3',
        'step 2',
        'step 1',
      ]);
      expect(all.items[1]).toMatchObject({ before: { credits: 10 }, after: { credits: 15 }, target_type: 'user' });

      const pages = [await page('page_size=4&page=1'), await page('page_size=4&page=2')];
      expect(pages.map((p) => p.items.length)).toEqual([4, 2]);
      expect([...pages[0].items, ...pages[1].items].map((e: { id: string }) => e.id)).toEqual(
        all.items.map((e: { id: string }) => e.id),
      );

      expect((await page('action=credits.adjust')).total).toBe(5);
      expect((await page(`actor_id=${admin.user.id}&action=user.sign_out`)).total).toBe(1);
      expect((await page(`actor_id=${member.user.id}`)).total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect((await page(`from=${today}&to=${today}`)).total).toBe(6);
      expect((await page('to=2020-01-01')).total).toBe(0);
      expect((await api('GET', '/api/admin/audit?action=user.explode', admin)).statusCode).toBe(400);
    });

    it("names each target by e-mail and filters by the acting admin's e-mail (any case) or id (issue 32)", async () => {
      const target = await devSignIn(t.app, 'named-target@example.com');
      const second = await devSignIn(t.app, 'second-admin@example.com');
      await setRole(second, { role: 'admin', granted: true, reason: 'helps out' });
      await adjust(target, { amount: 3, reason: 'by the first' });
      await adjust(target, { amount: 4, reason: 'by the second' }, undefined, second);

      const page = async (qs: string) => {
        const res = await api('GET', `/api/admin/audit?target_id=${target.user.id}&${qs}`, admin);
        expect(res.statusCode).toBe(200);
        return res.json().data as { total: number; items: { reason: string; target_email: string | null }[] };
      };
      const all = await page('page_size=100');
      expect(all.items.map((e) => e.target_email)).toEqual(['named-target@example.com', 'named-target@example.com']);
      expect((await page('actor=Second-Admin@Example.com')).items.map((e) => e.reason)).toEqual(['by the second']);
      expect((await page(`actor=${encodeURIComponent(' admin@example.com ')}`)).items.map((e) => e.reason)).toEqual([
        'by the first',
      ]);
      expect((await page(`actor=${second.user.id}`)).total).toBe(1);
      expect((await page('actor=nobody@example.com')).total).toBe(0);
      // actor_id keeps working.
      expect((await page(`actor_id=${admin.user.id}`)).total).toBe(1);
      expect((await api('GET', `/api/admin/audit?actor=${'a'.repeat(321)}`, admin)).statusCode).toBe(400);
    });

    it('exports every matching row as a CSV attachment: every cell quoted as RFC 4180, formulas defused, reasons clean', async () => {
      const target = await devSignIn(t.app, 'csv@example.com');
      const reasons = [
        'plain reason',
        'with, a comma and "quotes"',
        'two\r\nlines',
        '=HYPERLINK("http://evil.example","click")',
        '+1 for the trouble',
        '-5 is wrong',
        '@SUM(A1:A2)',
        'ok;=1+1',
        'refund \u202Eexe.txt\u202C\u0007 now',
      ];
      for (const [i, reason] of reasons.entries()) await adjust(target, { amount: i + 1, reason });

      const res = await api('GET', `/api/admin/audit?format=csv&target_id=${target.user.id}&page_size=1`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/);
      const [header, ...rows] = parseCsv(res.body);
      expect(header).toEqual([
        'id',
        'created_at',
        'actor_type',
        'actor_id',
        'actor_email',
        'action',
        'target_type',
        'target_id',
        'before',
        'after',
        'reason',
        'request_id',
      ]);
      // Every row, not a page; newest first.
      expect(rows).toHaveLength(reasons.length);
      const reasonAt = header!.indexOf('reason');
      expect(rows.map((row) => row[reasonAt])).toEqual(
        [
          'plain reason',
          'with, a comma and "quotes"',
          'two lines',
          `'=HYPERLINK("http://evil.example","click")`,
          "'+1 for the trouble",
          "'-5 is wrong",
          "'@SUM(A1:A2)",
          'ok;=1+1',
          'refund exe.txt now',
        ].reverse(),
      );
      // Every cell quoted: a spreadsheet that splits on ';' keeps the reason in one cell.
      expect(res.body).toContain(',"ok;=1+1",');
      expect(
        res.body
          .split('\r\n')
          .filter(Boolean)
          .every((line) => /^".*"$/.test(line)),
      ).toBe(true);
      // Stored clean, as the console shows it.
      expect((await auditOf(target.user.id)).map((r) => r.reason)).toContain('refund exe.txt now');
      for (const row of rows) {
        expect(row).toHaveLength(header!.length);
        expect(row[header!.indexOf('actor_email')]).toBe('admin@example.com');
        expect(JSON.parse(row[header!.indexOf('after')]!)).toEqual({ credits: expect.any(Number) });
      }
    });
  });
});

describe.each(databaseKinds())('admin console: the last admin on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // The configured admin never signed up: only granted admins exist.
    t = await createTestApp(kind, { ADMIN_EMAILS: 'absent@example.com', SIGNIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a role change by an admin whose own role was removed a moment ago elsewhere (403), writing nothing', async () => {
    const [first, second] = [await devSignIn(t.app, 'first@example.com'), await devSignIn(t.app, 'second@example.com')];
    const db = t.app.get(DataSource);
    await db.query('UPDATE users SET admin_granted = ? WHERE id IN (?, ?)', [true, first.user.id, second.user.id]);
    // The session cache may remember them as non-admins for a few seconds.
    await new Promise((resolve) => setTimeout(resolve, 4_100));
    const audit = async () => Number((await db.query('SELECT COUNT(*) AS n FROM audit_log'))[0].n);

    // `second` is seen as an admin by this process (cached), then loses the role in another one.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: second.auth })).statusCode).toBe(200);
    await db.query('UPDATE users SET admin_granted = ? WHERE id = ?', [false, second.user.id]);
    for (const payload of [
      { role: 'admin', granted: false },
      { role: 'blog_manager', granted: true },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${first.user.id}/roles`,
        headers: second.auth,
        payload,
      });
      expect([payload, res.statusCode, res.json().code]).toEqual([payload, 403, 'AUTH_NOT_ADMIN']);
    }
    expect(await audit()).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: first.auth })).statusCode).toBe(200);
    const [row] = await db.query('SELECT blog_manager_granted AS b FROM users WHERE id = ?', [first.user.id]);
    expect(Boolean(Number(row.b))).toBe(false);
  });
});
