import { DataSource } from 'typeorm';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.mjs';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

const WEBHOOK_SECRET = 'whsec_test_admin_refunds';

interface AuditRow {
  actor_type: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  reason: string | null;
  request_id: string | null;
  before_json: string | null;
  after_json: string | null;
}

/** The console's payments and refunds, with the app's own helpers for reading the database. */
function paymentsDriver(app: () => TestApp) {
  const query = (sql: string, params: unknown[] = []) => app().app.get(DataSource).query(sql, params);
  return {
    query,
    api: (method: 'GET' | 'POST', url: string, user?: SignedIn, payload?: Record<string, unknown>) =>
      app().app.inject({ method, url, headers: user?.auth, ...(payload !== undefined && { payload }) }),
    balance: async (user: SignedIn) =>
      Number((await query('SELECT credits FROM users WHERE id = ?', [user.user.id]))[0].credits),
    takeBacks: async (paymentId: string) =>
      (
        (await query(
          "SELECT amount, idempotency_key FROM credit_transactions WHERE source_type = 'refund' AND source_id = ?",
          [paymentId],
        )) as { amount: number; idempotency_key: string }[]
      ).map((row) => ({ amount: Number(row.amount), idempotency_key: row.idempotency_key })),
    audit: (paymentId: string): Promise<AuditRow[]> =>
      query(
        'SELECT actor_type, actor_id, actor_email, action, reason, request_id, before_json, after_json FROM audit_log WHERE target_id = ?',
        [paymentId],
      ),
    payment: async (id: string) => {
      const [row] = await query('SELECT status, refunded_cents, credits_reclaimed FROM payments WHERE id = ?', [id]);
      return {
        status: row.status,
        refunded_cents: Number(row.refunded_cents),
        credits_reclaimed: Number(row.credits_reclaimed),
      };
    },
    /** Every cached balance equals the sum of its ledger, and none is below zero. */
    async expectLedgerInvariant() {
      const rows: { credits: number; total: number | string | null }[] = await query(
        'SELECT u.credits, (SELECT SUM(c.amount) FROM credit_transactions c WHERE c.user_id = u.id) AS total FROM users u',
      );
      for (const row of rows) {
        expect(Number(row.credits)).toBe(Number(row.total ?? 0));
        expect(Number(row.credits)).toBeGreaterThanOrEqual(0);
      }
    },
  };
}

describe.each(databaseKinds())('admin payments and refunds through Stripe on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let admin: SignedIn;
  const d = paymentsDriver(() => t);

  beforeAll(async () => {
    stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp(kind, {
      ADMIN_EMAILS: 'admin@example.com',
      SIGNIN_RATE_LIMIT: '1000',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.baseUrl,
    });
    admin = await devSignIn(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });
  afterEach(() => {
    stripe.refusal = null;
    return d.expectLedgerInvariant();
  });

  const deliver = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      payload,
    });

  const refund = (id: string, reason = 'Customer asked by e-mail') =>
    d.api('POST', `/api/admin/payments/${encodeURIComponent(id)}/refund`, admin, { reason });

  /** A pack bought and paid at Stripe, fulfilled by its webhook: the checkout session's id. */
  async function buyPack(user: SignedIn, packageId: string): Promise<string> {
    const res = await d.api('POST', '/api/stripe/create-payment-intent', user, {
      type: 'credits',
      package_id: packageId,
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().session_id as string;
    stripe.pay(id);
    expect((await deliver(stripe.event('checkout.session.completed', id))).statusCode).toBe(200);
    return id;
  }

  async function spend(user: SignedIn, amount: number) {
    const res = await d.api('POST', '/api/credits/deduct', admin, {
      userId: user.user.id,
      amount,
      reason: 'test credits',
      sourceId: `spend-${user.user.id}-${amount}`,
    });
    expect(res.statusCode).toBe(200);
  }

  const stripeRefunds = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

  it('lists payments newest first with the buyer, filters by user and status, and pages on the server', async () => {
    const user = await devSignIn(t.app, 'lister@example.com');
    const first = await buyPack(user, 'starter');
    const second = await buyPack(user, 'basic');

    const page = await d.api('GET', `/api/admin/payments?user_id=${user.user.id}&page_size=1`, admin);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ page: 1, page_size: 1, total: 2 });
    const next = await d.api('GET', `/api/admin/payments?user_id=${user.user.id}&page_size=1&page=2`, admin);
    const [newer, older] = [page.json().data.items[0], next.json().data.items[0]];
    // Newest first (SQLite keeps the purchase time to the second: within one, either may come first).
    expect(Date.parse(newer.created_at)).toBeGreaterThanOrEqual(Date.parse(older.created_at));
    expect([newer.id, older.id].sort()).toEqual([first, second].sort());
    expect([newer, older].find((p) => p.id === second)).toEqual(
      expect.objectContaining({
        user_id: user.user.id,
        user_email: 'lister@example.com',
        kind: 'pack',
        item_id: 'basic',
        amount_cents: 4990,
        status: 'paid',
        checkout_session_id: second,
        simulated: false,
      }),
    );

    const refunded = await d.api('GET', `/api/admin/payments?user_id=${user.user.id}&status=refunded`, admin);
    expect(refunded.json().data).toMatchObject({ items: [], total: 0 });
    expect((await d.api('GET', '/api/admin/payments?status=lost', admin)).statusCode).toBe(400);
  });

  it('refuses anyone but an admin, and changes nothing for them', async () => {
    const user = await devSignIn(t.app, 'not-admin@example.com');
    const id = await buyPack(user, 'starter');
    expect((await d.api('GET', '/api/admin/payments')).statusCode).toBe(401);
    expect((await d.api('GET', '/api/admin/payments', user)).statusCode).toBe(403);
    expect((await d.api('POST', `/api/admin/payments/${id}/refund`, undefined, { reason: 'mine' })).statusCode).toBe(
      401,
    );
    const forbidden = await d.api('POST', `/api/admin/payments/${id}/refund`, user, { reason: 'I want my money' });
    expect(forbidden.statusCode).toBe(403);
    expect(await d.payment(id)).toMatchObject({ status: 'paid', refunded_cents: 0 });
    expect(stripeRefunds().filter((r) => r.body.charge === stripe.chargeOf(id))).toEqual([]);
  });

  it("a console refund refunds the charge at Stripe, takes back the unspent credits and writes one audit row; Stripe's webhook for it then changes nothing", async () => {
    const user = await devSignIn(t.app, 'console-first@example.com');
    const id = await buyPack(user, 'basic');
    await spend(user, 900);
    expect(await d.balance(user)).toBe(50);

    const res = await refund(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      payment: { id, status: 'refunded', refunded_cents: 4990, credits_reclaimed: 50 },
      credits_reclaimed: 50,
      balance: 0,
    });
    const chargeId = stripe.chargeOf(id);
    expect(stripe.charges.get(chargeId)).toMatchObject({ amount_refunded: 4990, refunded: true });
    const made = stripeRefunds().filter((r) => r.body.charge === chargeId);
    expect(made).toEqual([
      expect.objectContaining({
        body: expect.objectContaining({ amount: '4990' }),
        headers: expect.objectContaining({ 'idempotency-key': `admin-refund:${id}:4990` }),
      }),
    ]);

    // Stripe tells us of the refund we made.
    expect((await deliver(stripe.event('charge.refunded', chargeId))).statusCode).toBe(200);
    expect(await d.balance(user)).toBe(0);
    expect(await d.takeBacks(id)).toEqual([{ amount: -50, idempotency_key: `stripe:refund:${id}:4990` }]);
    const audit = await d.audit(id);
    expect(audit).toEqual([
      expect.objectContaining({
        actor_type: 'admin',
        actor_id: admin.user.id,
        actor_email: 'admin@example.com',
        action: 'payment.refund',
        reason: 'Customer asked by e-mail',
        request_id: expect.any(String),
      }),
    ]);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ status: 'paid', refunded_cents: 0, credits_reclaimed: 0 });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({
      status: 'refunded',
      refunded_cents: 4990,
      credits_reclaimed: 50,
      credits_taken: 50,
    });
    // The audit log names the payment's owner (issue 32).
    const logged = (await d.api('GET', `/api/admin/audit?target_id=${encodeURIComponent(id)}`, admin)).json().data
      .items;
    expect(logged).toMatchObject([{ target_type: 'payment', target_email: 'console-first@example.com' }]);

    // Nothing is left to refund.
    const again = await refund(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'ADMIN_PAYMENT_REFUNDED' });
    expect(stripeRefunds().filter((r) => r.body.charge === chargeId)).toHaveLength(1);
    expect(await d.audit(id)).toHaveLength(1);
  });

  it("a refund made in Stripe's dashboard and delivered by webhook first is recorded as Stripe's; the console then has nothing left to refund", async () => {
    const user = await devSignIn(t.app, 'dashboard-first@example.com');
    const id = await buyPack(user, 'starter');
    const event = stripe.event('charge.refunded', stripe.refund(stripe.chargeOf(id)).id);
    await deliver(event);
    expect(await d.balance(user)).toBe(0);

    const res = await refund(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ADMIN_PAYMENT_REFUNDED');
    expect(await d.takeBacks(id)).toEqual([{ amount: -330, idempotency_key: `stripe:refund:${id}:1990` }]);
    expect(await d.audit(id)).toEqual([
      expect.objectContaining({
        actor_type: 'stripe',
        actor_id: null,
        actor_email: null,
        action: 'payment.refund',
        reason: 'Stripe: charge.refunded',
        request_id: JSON.parse(event).id,
      }),
    ]);
  });

  it("a dispute (chargeback) is recorded as Stripe's, once, with what it took back", async () => {
    const user = await devSignIn(t.app, 'disputer@example.com');
    const id = await buyPack(user, 'basic');
    await spend(user, 100);
    const dispute = stripe.dispute(stripe.chargeOf(id));
    await deliver(stripe.event('charge.dispute.created', dispute));
    await deliver(stripe.event('charge.dispute.created', dispute));
    const audit = await d.audit(id);
    expect(audit).toEqual([expect.objectContaining({ actor_type: 'stripe', reason: 'Stripe: dispute' })]);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({
      status: 'disputed',
      refunded_cents: 4990,
      credits_reclaimed: 850,
      credits_taken: 850,
    });
    expect((await refund(id)).json().code).toBe('ADMIN_PAYMENT_REFUNDED');
  });

  it('a dashboard refund whose webhook is late: the console refunds nothing more at Stripe, takes back once, and the late webhook changes nothing', async () => {
    const user = await devSignIn(t.app, 'webhook-late@example.com');
    const id = await buyPack(user, 'starter');
    const chargeId = stripe.chargeOf(id);
    stripe.refund(chargeId);

    const res = await refund(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ credits_reclaimed: 330, balance: 0, payment: { status: 'refunded' } });
    expect(stripeRefunds().filter((r) => r.body.charge === chargeId)).toEqual([]);
    expect((await deliver(stripe.event('charge.refunded', chargeId))).statusCode).toBe(200);
    expect(await d.takeBacks(id)).toEqual([{ amount: -330, idempotency_key: `stripe:refund:${id}:1990` }]);
    expect((await d.audit(id)).map((a) => a.actor_type)).toEqual(['admin']);
  });

  it('console refunds and webhooks for the same refund at the same time take back once and write one audit row', async () => {
    const user = await devSignIn(t.app, 'all-at-once@example.com');
    await buyPack(user, 'starter');
    const id = await buyPack(user, 'basic');
    const chargeId = stripe.chargeOf(id);
    stripe.refund(chargeId);
    const event = stripe.event('charge.refunded', chargeId);

    const replies = await Promise.all([
      refund(id),
      refund(id),
      deliver(event),
      deliver(stripe.event('charge.refunded', chargeId)),
      refund(id),
    ]);
    expect([replies[2].statusCode, replies[3].statusCode]).toEqual([200, 200]);
    for (const r of [replies[0], replies[1], replies[4]]) expect([200, 409]).toContain(r.statusCode);
    expect(await d.balance(user)).toBe(330);
    expect(await d.takeBacks(id)).toEqual([{ amount: -950, idempotency_key: `stripe:refund:${id}:4990` }]);
    expect(await d.audit(id)).toHaveLength(1);
    expect(await d.payment(id)).toEqual({ status: 'refunded', refunded_cents: 4990, credits_reclaimed: 950 });
  });

  it('concurrent console refunds of one payment refund once at Stripe and take back once', async () => {
    const user = await devSignIn(t.app, 'double-click@example.com');
    const id = await buyPack(user, 'starter');
    const replies = await Promise.all(Array.from({ length: 4 }, () => refund(id)));
    for (const r of replies) expect([200, 409]).toContain(r.statusCode);
    expect(replies.some((r) => r.statusCode === 200)).toBe(true);
    const chargeId = stripe.chargeOf(id);
    expect(stripe.charges.get(chargeId)).toMatchObject({ amount_refunded: 1990 });
    expect(stripe.refunds.size).toBeGreaterThan(0);
    expect([...stripe.refunds.values()].filter((r) => r.charge === chargeId)).toHaveLength(1);
    expect(await d.takeBacks(id)).toEqual([{ amount: -330, idempotency_key: `stripe:refund:${id}:1990` }]);
    expect(await d.audit(id)).toHaveLength(1);

    // Stripe's webhook, late, after all that.
    await deliver(stripe.event('charge.refunded', chargeId));
    expect(await d.takeBacks(id)).toHaveLength(1);
    expect(await d.audit(id)).toHaveLength(1);
  });

  it('a refund Stripe refuses is a 502 that changes nothing here and writes no audit row', async () => {
    const user = await devSignIn(t.app, 'refused@example.com');
    const id = await buyPack(user, 'starter');
    stripe.refusal = 'Refunds for this charge are not allowed';

    const res = await refund(id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, code: 'ADMIN_REFUND_FAILED' });
    expect(res.json().message).toContain('Refunds for this charge are not allowed');
    expect(await d.balance(user)).toBe(330);
    expect(await d.payment(id)).toEqual({ status: 'paid', refunded_cents: 0, credits_reclaimed: 0 });
    expect(await d.takeBacks(id)).toEqual([]);
    expect(await d.audit(id)).toEqual([]);
    expect(stripe.charges.get(stripe.chargeOf(id))).toMatchObject({ amount_refunded: 0 });
  });

  it("refunds a plan renewal's invoice through its charge, that payment only", async () => {
    const user = await devSignIn(t.app, 'renewal-refund@example.com');
    const res = await d.api('POST', '/api/stripe/create-payment-intent', user, {
      type: 'subscription',
      plan_id: 'lite',
    });
    const session = stripe.pay(res.json().session_id);
    await deliver(stripe.event('checkout.session.completed', session.id));
    const renewal = stripe.renew(session.subscription);
    await deliver(stripe.event('invoice.paid', renewal));
    expect(await d.balance(user)).toBe(1180);

    const refunded = await refund(renewal);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({ payment: { kind: 'renewal', status: 'refunded' }, balance: 590 });
    expect(stripe.charges.get(stripe.chargeOf(renewal))).toMatchObject({ refunded: true });
    expect(stripe.charges.get(stripe.chargeOf(session.invoice))).toMatchObject({ amount_refunded: 0 });
    expect(await d.payment(session.invoice)).toMatchObject({ status: 'paid' });
  });

  it('an unknown payment is a 404 and a refund without a reason a 400, both changing nothing', async () => {
    const user = await devSignIn(t.app, 'no-reason@example.com');
    const id = await buyPack(user, 'starter');
    const unknown = await refund('cs_test_nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ADMIN_PAYMENT_NOT_FOUND');
    expect((await d.api('POST', `/api/admin/payments/${id}/refund`, admin, {})).statusCode).toBe(400);
    expect((await d.api('POST', `/api/admin/payments/${id}/refund`, admin, { reason: '  ' })).statusCode).toBe(400);
    expect(await d.payment(id)).toEqual({ status: 'paid', refunded_cents: 0, credits_reclaimed: 0 });
    expect(await d.audit(id)).toEqual([]);
  });
});

describe.each(databaseKinds())('admin refunds of simulated-checkout payments on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  const d = paymentsDriver(() => t);

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: 'admin@example.com', SIGNIN_RATE_LIMIT: '1000' });
    admin = await devSignIn(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => d.expectLedgerInvariant());

  it('are refunded without Stripe, once, taking back the unspent credits', async () => {
    const user = await devSignIn(t.app, 'simulated@example.com');
    const created = await d.api('POST', '/api/stripe/create-payment-intent', user, {
      type: 'credits',
      package_id: 'starter',
    });
    const id = created.json().session_id as string;
    expect((await d.api('POST', `/api/stripe/simulated/${id}/complete`, user)).statusCode).toBe(200);
    expect(await d.balance(user)).toBe(330);

    const listed = await d.api('GET', `/api/admin/payments?user_id=${user.user.id}`, admin);
    expect(listed.json().data.items).toEqual([expect.objectContaining({ id, simulated: true, status: 'paid' })]);

    const replies = await Promise.all(
      Array.from({ length: 3 }, () =>
        d.api('POST', `/api/admin/payments/${id}/refund`, admin, { reason: 'Test purchase' }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).not.toHaveLength(0);
    for (const r of replies) expect([200, 409]).toContain(r.statusCode);
    expect(await d.balance(user)).toBe(0);
    expect(await d.takeBacks(id)).toEqual([{ amount: -330, idempotency_key: `stripe:refund:${id}:1990` }]);
    expect(await d.payment(id)).toEqual({ status: 'refunded', refunded_cents: 1990, credits_reclaimed: 330 });
    expect(await d.audit(id)).toEqual([expect.objectContaining({ actor_type: 'admin', reason: 'Test purchase' })]);
  });
});
