import { DataSource } from 'typeorm';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

describe.each(databaseKinds())('credits on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: 'admin@example.com', SIGNIN_RATE_LIMIT: '1000' });
    admin = await devSignIn(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const change = (path: 'add' | 'deduct', body: object, auth = admin.auth, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/credits/${path}`, headers: { ...auth, ...headers }, payload: body });
  const auditOf = (
    userId: string,
  ): Promise<
    {
      actor_type: string;
      actor_id: string;
      action: string;
      target_type: string;
      reason: string;
      before_json: string;
      after_json: string;
      request_id: string | null;
    }[]
  > =>
    t.app
      .get(DataSource)
      .query(
        'SELECT actor_type, actor_id, action, target_type, reason, before_json, after_json, request_id FROM audit_log WHERE target_id = ? ORDER BY created_at, id',
        [userId],
      );
  const balanceOf = async (user: SignedIn) =>
    (await t.app.inject({ method: 'GET', url: '/api/credits/balance', headers: user.auth })).json().data.total_credits;
  const ledgerCount = async (userId: string) =>
    Number(
      (
        await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM credit_transactions WHERE user_id = ?', [userId])
      )[0].n,
    );

  /** Every user's cached balance equals the sum of their ledger and is never negative. */
  async function expectLedgerInvariant(): Promise<void> {
    const rows: { id: string; credits: number; total: number | string | null }[] = await t.app
      .get(DataSource)
      .query(
        'SELECT u.id, u.credits, (SELECT SUM(c.amount) FROM credit_transactions c WHERE c.user_id = u.id) AS total FROM users u',
      );
    for (const row of rows) {
      expect(Number(row.credits)).toBe(Number(row.total ?? 0));
      expect(Number(row.credits)).toBeGreaterThanOrEqual(0);
    }
  }

  afterEach(expectLedgerInvariant);

  it('an administrator adds credits as an audited adjustment: ledger line `admin`, one audit row; the same sourceId again changes nothing', async () => {
    const user = await devSignIn(t.app, 'ann@example.com');
    const body = { userId: user.user.id, amount: 250, sourceId: 'order-1', description: 'Starter pack' };
    const first = await change('add', body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      balance: 250,
      replayed: false,
      transaction: { amount: 250, balance_after: 250, source_type: 'admin', description: 'Starter pack' },
    });
    const replay = await change('add', body);
    expect(replay.json().data).toMatchObject({ balance: 250, replayed: true });
    expect(await balanceOf(user)).toBe(250);
    expect(await ledgerCount(user.user.id)).toBe(1);
    const [row, ...others] = await auditOf(user.user.id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      actor_type: 'admin',
      actor_id: admin.user.id,
      action: 'credits.adjust',
      target_type: 'user',
      reason: 'Starter pack',
    });
    expect([JSON.parse(row!.before_json!), JSON.parse(row!.after_json!)]).toEqual([{ credits: 0 }, { credits: 250 }]);
    expect(row!.request_id).toEqual(expect.any(String));

    // A deduct is audited too, and `reason` wins over the description.
    const taken = await change('deduct', { ...body, amount: 50, reason: 'Granted twice by mistake' });
    expect(taken.json().data).toMatchObject({ balance: 200, transaction: { amount: -50, source_type: 'admin' } });
    expect((await auditOf(user.user.id)).map((r) => r.reason)).toEqual(['Starter pack', 'Granted twice by mistake']);
  });

  it("refuses a sourceType other than 'admin' (a self-granted 'plan' or 'purchase'): 400, nothing written", async () => {
    for (const sourceType of ['plan', 'purchase', 'refund']) {
      const res = await change('add', {
        userId: admin.user.id,
        amount: 1_000_000,
        sourceType,
        sourceId: `self-${sourceType}`,
        reason: 'free credits',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/sourceType must be 'admin'/);
    }
    expect(await balanceOf(admin)).toBe(0);
    expect(await ledgerCount(admin.user.id)).toBe(0);
    expect(await auditOf(admin.user.id)).toEqual([]);
  });

  it("one sourceId used for two users grants each of them; it is keyed per user, not replayed as the first user's", async () => {
    const bob = await devSignIn(t.app, 'bob-key@example.com');
    const carol = await devSignIn(t.app, 'carol-key@example.com');
    const body = { amount: 5, sourceType: 'admin', sourceId: 'shared-ticket', reason: 'ticket 1' };
    expect((await change('add', { ...body, userId: bob.user.id })).json().data).toMatchObject({ replayed: false });
    const forCarol = await change('add', { ...body, userId: carol.user.id });
    expect(forCarol.statusCode).toBe(200);
    expect(forCarol.json().data).toMatchObject({ balance: 5, replayed: false, transaction: { amount: 5 } });
    expect(await balanceOf(carol)).toBe(5);
    expect(await balanceOf(bob)).toBe(5);
  });

  it('a replay with another amount or reason is a 409 and changes nothing', async () => {
    const user = await devSignIn(t.app, 'dan-key@example.com');
    const body = { userId: user.user.id, amount: 5, sourceId: 'ticket-7', reason: 'ticket 7' };
    await change('add', body);
    for (const other of [{ amount: 50 }, { reason: 'ticket 8' }]) {
      const res = await change('add', { ...body, ...other });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'ADMIN_IDEMPOTENCY_CONFLICT' });
    }
    expect(await balanceOf(user)).toBe(5);
    expect(await ledgerCount(user.user.id)).toBe(1);
    expect(await auditOf(user.user.id)).toHaveLength(1);
  });

  it("takes the console's Idempotency-Key: a repeat under it answers the first result, whatever the sourceId", async () => {
    const user = await devSignIn(t.app, 'key-header@example.com');
    const body = { userId: user.user.id, amount: 12, reason: 'support ticket 12' };
    const key = { 'idempotency-key': 'ticket-12-grant' };
    const first = await change('add', { ...body, sourceId: 'a' }, admin.auth, key);
    const again = await change('add', { ...body, sourceId: 'b' }, admin.auth, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().data).toMatchObject({
      balance: 12,
      replayed: true,
      transaction: first.json().data.transaction,
    });
    const other = await change('add', { ...body, amount: 13, sourceId: 'c' }, admin.auth, key);
    expect(other.json()).toMatchObject({ code: 'ADMIN_IDEMPOTENCY_CONFLICT' });
    expect(await balanceOf(user)).toBe(12);
    expect(await auditOf(user.user.id)).toHaveLength(1);
  });

  it('a deduct below zero is refused with 409 and changes nothing', async () => {
    const user = await devSignIn(t.app, 'bob@example.com');
    await change('add', { userId: user.user.id, amount: 30, sourceId: 'seed-bob', reason: 'seed' });
    const res = await change('deduct', { userId: user.user.id, amount: 40, sourceId: 'too-much', reason: 'take' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'ADMIN_BALANCE_BELOW_ZERO',
      message: 'The balance cannot go below zero: 40 credits taken, 30 available.',
    });
    expect(await balanceOf(user)).toBe(30);
    expect(await ledgerCount(user.user.id)).toBe(1);
    expect(await auditOf(user.user.id)).toHaveLength(1);
    const ok = await change('deduct', { userId: user.user.id, amount: 30, sourceId: 'all', reason: 'take all' });
    expect(ok.json().data.balance).toBe(0);
  });

  it.each([
    [{ amount: 0 }, /amount must be positive/],
    [{ amount: -5 }, /amount must be positive/],
    [{ amount: 1.5 }, /amount must be a whole number/],
    [{ amount: '10' }, /amount must be a number/],
    [{ sourceId: '' }, /sourceId is required/],
    [{ sourceType: 'gift' }, /sourceType/],
    [{ reason: undefined }, /reason is required/],
    [{ reason: undefined, description: 'ok' }, /reason is required/],
    [{ reason: ' \u202E\u200B ' }, /reason is required/],
    [{ reason: 'x'.repeat(501) }, /at most 500/],
  ])(
    'refuses a bad payload %j with 400 and leaves the balance, ledger and audit log intact',
    async (override, message) => {
      const user = await devSignIn(t.app, 'carl@example.com');
      const before = await balanceOf(user);
      const res = await change('add', {
        userId: user.user.id,
        amount: 10,
        sourceType: 'admin',
        sourceId: 'bad',
        reason: 'a reason',
        ...override,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await balanceOf(user)).toBe(before);
      expect(await ledgerCount(user.user.id)).toBe(0);
      expect(await auditOf(user.user.id)).toEqual([]);
    },
  );

  it('answers 404 for an unknown user', async () => {
    const res = await change('add', { userId: 'nobody', amount: 10, sourceId: 'x', reason: 'a reason' });
    expect(res.statusCode).toBe(404);
    expect(await auditOf('nobody')).toEqual([]);
  });

  it('only administrators may add or deduct, whatever the body says', async () => {
    const user = await devSignIn(t.app, 'dora@example.com');
    for (const path of ['add', 'deduct'] as const) {
      const res = await change(
        path,
        { userId: user.user.id, amount: 1000, sourceType: 'admin', sourceId: 'self', reason: 'mine' },
        user.auth,
      );
      expect(res.statusCode).toBe(403);
    }
    expect(await balanceOf(user)).toBe(0);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/credits/add', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the balance reply carries the total, the latest 10 transactions and the user', async () => {
    const user = await devSignIn(t.app, 'erin@example.com');
    for (let i = 1; i <= 12; i++)
      await change('add', { userId: user.user.id, amount: i, reason: 'test credits', sourceId: `e${i}` });
    const res = await t.app.inject({ method: 'GET', url: '/api/credits/balance', headers: user.auth });
    const data = res.json().data;
    expect(data.total_credits).toBe(78);
    expect(data.transactions).toHaveLength(10);
    expect(data.transactions[0]).toMatchObject({
      amount: 12,
      balance_after: 78,
      source_type: 'admin',
      source_id: 'e12',
    });
    expect(data.user).toMatchObject({ id: user.user.id, credits: 78 });
  });

  it('lists a ledger newest first with paging; own only, unless administrator', async () => {
    const user = await devSignIn(t.app, 'finn@example.com');
    for (let i = 1; i <= 5; i++)
      await change('add', { userId: user.user.id, amount: 10, reason: 'test credits', sourceId: `f${i}` });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/credits/${user.user.id}/transactions?limit=2&offset=1`,
      headers: user.auth,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.json().data.items.map((i: { balance_after: number }) => i.balance_after)).toEqual([40, 30]);

    const other = await devSignIn(t.app, 'gail@example.com');
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/credits/${user.user.id}/transactions`,
      headers: other.auth,
    });
    expect(forbidden.statusCode).toBe(403);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/credits/${user.user.id}/transactions`,
      headers: admin.auth,
    });
    expect(asAdmin.json().data.total).toBe(5);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: `/api/credits/${user.user.id}/transactions?limit=101`,
      headers: user.auth,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('validates a model for the caller', async () => {
    const user = await devSignIn(t.app, 'hugo@example.com');
    await change('add', { userId: user.user.id, amount: 39, reason: 'test credits', sourceId: 'h' });
    const no = await t.app.inject({ method: 'POST', url: '/api/credits/validate/veo3', headers: user.auth });
    expect(no.json().data).toEqual({ cost: 40, balance: 39, enough: false });
    await change('add', { userId: user.user.id, amount: 1, reason: 'test credits', sourceId: 'h2' });
    const yes = await t.app.inject({
      method: 'POST',
      url: '/api/credits/validate/veo3-fast-frames',
      headers: user.auth,
    });
    expect(yes.json().data).toEqual({ cost: 40, balance: 40, enough: true });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/credits/validate/sora', headers: user.auth });
    expect(unknown.statusCode).toBe(400);
  });

  it('50 parallel deducts of 40 against 400: exactly 10 succeed, balance 0, 10 debits', async () => {
    const user = await devSignIn(t.app, 'race@example.com');
    await change('add', { userId: user.user.id, amount: 400, reason: 'test credits', sourceId: 'race-seed' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        change('deduct', { userId: user.user.id, amount: 40, reason: 'test credits', sourceId: `race-${i}` }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await balanceOf(user)).toBe(0);
    const debits = await t.app
      .get(DataSource)
      .query('SELECT COUNT(*) AS n FROM credit_transactions WHERE user_id = ? AND amount < 0', [user.user.id]);
    expect(Number(debits[0].n)).toBe(10);
  });

  it('the same grant replayed 20 times in parallel lands exactly once', async () => {
    const user = await devSignIn(t.app, 'replay@example.com');
    const body = { userId: user.user.id, amount: 330, reason: 'test credits', sourceId: 'cs_test_same' };
    const results = await Promise.all(Array.from({ length: 20 }, () => change('add', body)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().data.replayed === false)).toHaveLength(1);
    expect(await balanceOf(user)).toBe(330);
    expect(await ledgerCount(user.user.id)).toBe(1);
  });

  it('the balance of a user with no ledger line yet is 0 with no transactions, and follows the first change at once', async () => {
    const fresh = await devSignIn(t.app, 'fresh-ledger@example.com');
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/credits/balance', headers: fresh.auth })).json().data;
    expect(await read()).toMatchObject({ total_credits: 0, transactions: [], user: { id: fresh.user.id, credits: 0 } });
    expect(
      (await change('add', { userId: fresh.user.id, amount: 25, reason: 'test credits', sourceId: 'fresh-1' }))
        .statusCode,
    ).toBe(200);
    const after = await read();
    expect(after).toMatchObject({ total_credits: 25, user: { credits: 25 } });
    expect(after.transactions).toEqual([
      expect.objectContaining({ amount: 25, balance_after: 25, source_id: 'fresh-1' }),
    ]);
  });

  it('reads the balance again after the database connection was re-opened', async () => {
    const user = await devSignIn(t.app, 'reconnect@example.com');
    expect(await balanceOf(user)).toBe(0);
    const dataSource = t.app.get(DataSource);
    await dataSource.destroy();
    await dataSource.initialize();
    expect(
      (await change('add', { userId: user.user.id, amount: 7, reason: 'test credits', sourceId: 're-1' })).statusCode,
    ).toBe(200);
    expect(await balanceOf(user)).toBe(7);
  });
});
