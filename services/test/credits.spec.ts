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

  const change = (path: 'add' | 'deduct', body: object, auth = admin.auth) =>
    t.app.inject({ method: 'POST', url: `/api/credits/${path}`, headers: auth, payload: body });
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

  it('an administrator adds credits; the same sourceType + sourceId again changes nothing', async () => {
    const user = await devSignIn(t.app, 'ann@example.com');
    const body = {
      userId: user.user.id,
      amount: 250,
      sourceType: 'purchase',
      sourceId: 'order-1',
      description: 'Starter pack',
    };
    const first = await change('add', body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      balance: 250,
      replayed: false,
      transaction: { amount: 250, balance_after: 250 },
    });
    const replay = await change('add', body);
    expect(replay.json().data).toMatchObject({ balance: 250, replayed: true });
    expect(await balanceOf(user)).toBe(250);
    expect(await ledgerCount(user.user.id)).toBe(1);
  });

  it("one sourceId used for two users grants each of them; it is keyed per user, not replayed as the first user's", async () => {
    const bob = await devSignIn(t.app, 'bob-key@example.com');
    const carol = await devSignIn(t.app, 'carol-key@example.com');
    const body = { amount: 5, sourceType: 'admin', sourceId: 'shared-ticket' };
    expect((await change('add', { ...body, userId: bob.user.id })).json().data).toMatchObject({ replayed: false });
    const forCarol = await change('add', { ...body, userId: carol.user.id });
    expect(forCarol.statusCode).toBe(200);
    expect(forCarol.json().data).toMatchObject({ balance: 5, replayed: false, transaction: { amount: 5 } });
    expect(await balanceOf(carol)).toBe(5);
    expect(await balanceOf(bob)).toBe(5);
  });

  it('a replay with another amount is a 409 and changes nothing', async () => {
    const user = await devSignIn(t.app, 'dan-key@example.com');
    const body = { userId: user.user.id, amount: 5, sourceType: 'admin', sourceId: 'ticket-7' };
    await change('add', body);
    const res = await change('add', { ...body, amount: 50 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'CREDITS_IDEMPOTENCY_CONFLICT' });
    expect(res.json().message).toMatch(/already applied with a different amount.*new sourceId/);
    expect(await balanceOf(user)).toBe(5);
    expect(await ledgerCount(user.user.id)).toBe(1);
  });

  it('a deduct below zero is refused with 409 and changes nothing', async () => {
    const user = await devSignIn(t.app, 'bob@example.com');
    await change('add', { userId: user.user.id, amount: 30, sourceType: 'admin', sourceId: 'seed-bob' });
    const res = await change('deduct', { userId: user.user.id, amount: 40, sourceType: 'admin', sourceId: 'too-much' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'CREDITS_INSUFFICIENT',
      message: 'Not enough credits: 40 needed, 30 available',
    });
    expect(await balanceOf(user)).toBe(30);
    expect(await ledgerCount(user.user.id)).toBe(1);
    const ok = await change('deduct', { userId: user.user.id, amount: 30, sourceType: 'admin', sourceId: 'all' });
    expect(ok.json().data.balance).toBe(0);
  });

  it.each([
    [{ amount: 0 }, /amount must be positive/],
    [{ amount: -5 }, /amount must be positive/],
    [{ amount: 1.5 }, /amount must be a whole number/],
    [{ amount: '10' }, /amount must be a number/],
    [{ sourceId: '' }, /sourceId is required/],
    [{ sourceType: 'gift' }, /sourceType/],
  ])('refuses a bad payload %j with 400 and leaves the balance intact', async (override, message) => {
    const user = await devSignIn(t.app, 'carl@example.com');
    const before = await balanceOf(user);
    const res = await change('add', {
      userId: user.user.id,
      amount: 10,
      sourceType: 'admin',
      sourceId: 'bad',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await balanceOf(user)).toBe(before);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await change('add', { userId: 'nobody', amount: 10, sourceType: 'admin', sourceId: 'x' });
    expect(res.statusCode).toBe(404);
  });

  it('only administrators may add or deduct, whatever the body says', async () => {
    const user = await devSignIn(t.app, 'dora@example.com');
    for (const path of ['add', 'deduct'] as const) {
      const res = await change(
        path,
        { userId: user.user.id, amount: 1000, sourceType: 'admin', sourceId: 'self' },
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
      await change('add', { userId: user.user.id, amount: i, sourceType: 'admin', sourceId: `e${i}` });
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
      await change('add', { userId: user.user.id, amount: 10, sourceType: 'admin', sourceId: `f${i}` });
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
    await change('add', { userId: user.user.id, amount: 39, sourceType: 'admin', sourceId: 'h' });
    const no = await t.app.inject({ method: 'POST', url: '/api/credits/validate/veo3', headers: user.auth });
    expect(no.json().data).toEqual({ cost: 40, balance: 39, enough: false });
    await change('add', { userId: user.user.id, amount: 1, sourceType: 'admin', sourceId: 'h2' });
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
    await change('add', { userId: user.user.id, amount: 400, sourceType: 'admin', sourceId: 'race-seed' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        change('deduct', { userId: user.user.id, amount: 40, sourceType: 'admin', sourceId: `race-${i}` }),
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
    const body = { userId: user.user.id, amount: 330, sourceType: 'purchase', sourceId: 'cs_test_same' };
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
      (await change('add', { userId: fresh.user.id, amount: 25, sourceType: 'purchase', sourceId: 'fresh-1' }))
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
      (await change('add', { userId: user.user.id, amount: 7, sourceType: 'purchase', sourceId: 're-1' })).statusCode,
    ).toBe(200);
    expect(await balanceOf(user)).toBe(7);
  });
});
