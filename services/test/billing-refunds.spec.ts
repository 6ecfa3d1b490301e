import { DataSource } from 'typeorm';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.mjs';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

const WEBHOOK_SECRET = 'whsec_test_refunds';

interface PaymentRow {
  status: string;
  credits_reclaimed: number;
  refunded_cents: number;
  refunded_at: unknown;
  disputed_at: unknown;
}

describe.each(databaseKinds())('refunds and disputes from Stripe on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let admin: SignedIn;

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
  afterEach(() => expectLedgerInvariant());

  /** Every cached balance equals the sum of its ledger, and none is below zero. */
  async function expectLedgerInvariant() {
    const rows: { credits: number; total: number | string | null }[] = await query(
      'SELECT u.credits, (SELECT SUM(c.amount) FROM credit_transactions c WHERE c.user_id = u.id) AS total FROM users u',
    );
    for (const row of rows) {
      expect(Number(row.credits)).toBe(Number(row.total ?? 0));
      expect(Number(row.credits)).toBeGreaterThanOrEqual(0);
    }
  }

  const query = (sql: string, params: unknown[] = []) => t.app.get(DataSource).query(sql, params);

  const deliver = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      payload,
    });

  const balance = async (user: SignedIn) =>
    (await t.app.inject({ method: 'GET', url: '/api/credits/balance', headers: user.auth })).json().data
      .total_credits as number;

  const takeBacks = async (userId: string) =>
    (
      (await query(
        'SELECT amount, source_type, source_id, idempotency_key FROM credit_transactions WHERE user_id = ? AND amount < 0',
        [userId],
      )) as { amount: number; source_type: string; source_id: string; idempotency_key: string }[]
    ).map((row) => ({ ...row, amount: Number(row.amount) }));

  const payment = async (id: string): Promise<PaymentRow> => {
    const [row] = await query(
      'SELECT status, credits_reclaimed, refunded_cents, refunded_at, disputed_at FROM payments WHERE id = ?',
      [id],
    );
    return { ...row, credits_reclaimed: Number(row.credits_reclaimed), refunded_cents: Number(row.refunded_cents) };
  };

  /** A pack bought and paid at Stripe, fulfilled by its webhook: the checkout session's id. */
  async function buyPack(user: SignedIn, packageId: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-payment-intent',
      headers: user.auth,
      payload: { type: 'credits', package_id: packageId },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().session_id as string;
    stripe.pay(id);
    expect((await deliver(stripe.event('checkout.session.completed', id))).statusCode).toBe(200);
    return id;
  }

  async function spend(user: SignedIn, amount: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/credits/deduct',
      headers: admin.auth,
      payload: { userId: user.user.id, amount, reason: 'test credits', sourceId: `spend-${user.user.id}-${amount}` },
    });
    expect(res.statusCode).toBe(200);
  }

  it('a full refund takes back the credits the payment granted and marks the payment refunded', async () => {
    const user = await devSignIn(t.app, 'refunded@example.com');
    const id = await buyPack(user, 'starter');
    expect(await balance(user)).toBe(330);
    expect((await payment(id)).status).toBe('paid');

    const charge = stripe.refund(stripe.chargeOf(id));
    expect((await deliver(stripe.event('charge.refunded', charge.id))).statusCode).toBe(200);

    expect(await balance(user)).toBe(0);
    expect(await takeBacks(user.user.id)).toEqual([
      { amount: -330, source_type: 'refund', source_id: id, idempotency_key: `stripe:refund:${id}:1990` },
    ]);
    expect(await payment(id)).toMatchObject({
      status: 'refunded',
      credits_reclaimed: 330,
      refunded_cents: 1990,
      refunded_at: expect.anything(),
      disputed_at: null,
    });
  });

  it('after some credits were spent, takes back only the unspent ones: the balance ends at 0, not below', async () => {
    const user = await devSignIn(t.app, 'spender@example.com');
    const id = await buyPack(user, 'basic');
    await spend(user, 900);
    expect(await balance(user)).toBe(50);

    await deliver(stripe.event('charge.refunded', stripe.refund(stripe.chargeOf(id)).id));
    expect(await balance(user)).toBe(0);
    expect((await takeBacks(user.user.id)).filter((l) => l.source_type === 'refund')).toEqual([
      expect.objectContaining({ amount: -50, source_id: id }),
    ]);
    expect(await payment(id)).toMatchObject({ status: 'refunded', credits_reclaimed: 50, refunded_cents: 4990 });

    // Credits bought later are not touched by a late copy of the same refund.
    const later = await buyPack(user, 'starter');
    await deliver(stripe.event('charge.refunded', stripe.chargeOf(id)));
    expect(await balance(user)).toBe(330);
    expect((await payment(later)).status).toBe('paid');
  });

  it('takes back once however often the refund arrives, and a dispute of the refunded charge takes nothing more', async () => {
    const user = await devSignIn(t.app, 'replayed@example.com');
    await buyPack(user, 'starter');
    const id = await buyPack(user, 'standard');
    expect(await balance(user)).toBe(2530);
    const chargeId = stripe.refund(stripe.chargeOf(id)).id;

    const event = stripe.event('charge.refunded', chargeId);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    // Another event id about the same charge: Stripe's retries and `charge.refund.updated` look like this.
    expect((await deliver(stripe.event('charge.refunded', chargeId))).statusCode).toBe(200);
    expect(await balance(user)).toBe(330);

    const dispute = stripe.dispute(chargeId);
    expect((await deliver(stripe.event('charge.dispute.created', dispute))).statusCode).toBe(200);
    expect(await balance(user)).toBe(330);
    expect(await takeBacks(user.user.id)).toEqual([expect.objectContaining({ amount: -2200, source_id: id })]);
    expect(await payment(id)).toMatchObject({
      status: 'disputed',
      credits_reclaimed: 2200,
      refunded_at: expect.anything(),
      disputed_at: expect.anything(),
    });
  });

  it('concurrent deliveries of the refund and the dispute of one charge take back once', async () => {
    const user = await devSignIn(t.app, 'concurrent@example.com');
    await buyPack(user, 'basic');
    const id = await buyPack(user, 'starter');
    const chargeId = stripe.refund(stripe.chargeOf(id)).id;
    const dispute = stripe.dispute(chargeId);
    const refundEvent = stripe.event('charge.refunded', chargeId);
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, () => deliver(refundEvent)),
      deliver(stripe.event('charge.refunded', chargeId)),
      deliver(stripe.event('charge.dispute.created', dispute)),
      deliver(stripe.event('charge.dispute.created', dispute)),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(await balance(user)).toBe(950);
    expect(await takeBacks(user.user.id)).toEqual([expect.objectContaining({ amount: -330, source_id: id })]);
    expect(await payment(id)).toMatchObject({
      status: 'disputed',
      credits_reclaimed: 330,
      disputed_at: expect.anything(),
    });
  });

  it('a dispute (chargeback) alone takes back the credits and marks the payment disputed', async () => {
    const user = await devSignIn(t.app, 'chargeback@example.com');
    const id = await buyPack(user, 'basic');
    await spend(user, 100);
    await deliver(stripe.event('charge.dispute.created', stripe.dispute(stripe.chargeOf(id))));
    expect(await balance(user)).toBe(0);
    expect(await payment(id)).toMatchObject({
      status: 'disputed',
      credits_reclaimed: 850,
      refunded_at: null,
      disputed_at: expect.anything(),
    });
  });

  it('a partial refund takes back the same share of the credits; refunding the rest takes the rest', async () => {
    const user = await devSignIn(t.app, 'partial@example.com');
    const id = await buyPack(user, 'standard');
    const chargeId = stripe.chargeOf(id);

    // 25.00 of 99.90: 2200 × 2500 / 9990 = 550.55, rounded down.
    await deliver(stripe.event('charge.refunded', stripe.refund(chargeId, 2500).id));
    expect(await balance(user)).toBe(1650);
    expect(await payment(id)).toMatchObject({
      status: 'partially_refunded',
      credits_reclaimed: 550,
      refunded_cents: 2500,
    });
    await deliver(stripe.event('charge.refunded', chargeId));
    expect(await balance(user)).toBe(1650);

    await deliver(stripe.event('charge.refunded', stripe.refund(chargeId).id));
    expect(await balance(user)).toBe(0);
    expect((await takeBacks(user.user.id)).map((l) => [l.amount, l.idempotency_key])).toEqual(
      expect.arrayContaining([
        [-550, `stripe:refund:${id}:2500`],
        [-1650, `stripe:refund:${id}:9990`],
      ]),
    );
    expect(await payment(id)).toMatchObject({ status: 'refunded', credits_reclaimed: 2200, refunded_cents: 9990 });
  });

  it("a refund of a renewal's charge takes back that renewal's credits only", async () => {
    const user = await devSignIn(t.app, 'renewer@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-payment-intent',
      headers: user.auth,
      payload: { type: 'subscription', plan_id: 'lite' },
    });
    const session = stripe.pay(res.json().session_id);
    await deliver(stripe.event('checkout.session.completed', session.id));
    const renewal = stripe.renew(session.subscription);
    await deliver(stripe.event('invoice.paid', renewal));
    expect(await balance(user)).toBe(1180);

    await deliver(stripe.event('charge.refunded', stripe.refund(stripe.chargeOf(renewal)).id));
    expect(await balance(user)).toBe(590);
    expect(await payment(renewal)).toMatchObject({ status: 'refunded', credits_reclaimed: 590 });
    expect(await payment(session.invoice)).toMatchObject({ status: 'paid', credits_reclaimed: 0 });
    expect(await takeBacks(user.user.id)).toEqual([expect.objectContaining({ amount: -590, source_id: renewal })]);
  });

  it('an unknown charge, or one that Stripe says is not refunded, is acknowledged and changes nothing', async () => {
    const user = await devSignIn(t.app, 'untouched@example.com');
    const id = await buyPack(user, 'starter');
    expect((await deliver(stripe.event('charge.refunded', 'ch_unknown'))).statusCode).toBe(200);
    expect((await deliver(stripe.event('charge.dispute.created', 'dp_unknown'))).statusCode).toBe(200);

    // A charge at Stripe for a checkout that was paid but never fulfilled here: no payment of ours.
    const unfulfilled = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-payment-intent',
      headers: user.auth,
      payload: { type: 'credits', package_id: 'basic' },
    });
    const unfulfilledId = unfulfilled.json().session_id as string;
    stripe.pay(unfulfilledId);
    const refunded = await deliver(stripe.event('charge.refunded', stripe.refund(stripe.chargeOf(unfulfilledId)).id));
    expect(refunded.statusCode).toBe(200);

    // A signed event whose payload claims a refund Stripe does not know of: the charge is re-read.
    const chargeId = stripe.chargeOf(id);
    const lie = JSON.parse(stripe.event('charge.refunded', chargeId));
    lie.data.object.refunded = true;
    lie.data.object.amount_refunded = lie.data.object.amount;
    expect((await deliver(JSON.stringify(lie))).statusCode).toBe(200);

    expect(await balance(user)).toBe(330);
    expect(await takeBacks(user.user.id)).toEqual([]);
    expect(await payment(id)).toMatchObject({ status: 'paid', credits_reclaimed: 0, refunded_at: null });
  });
});
