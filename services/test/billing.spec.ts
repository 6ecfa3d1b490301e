import { DataSource } from 'typeorm';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.mjs';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

const WEBHOOK_SECRET = 'whsec_test_secret';
const ALREADY_SUBSCRIBED = 'You already have an active subscription. Please cancel it first to switch plans.';

/** Helpers over one app: API calls and the ledger checks every test ends with. */
function billingDriver(get: () => TestApp) {
  const api = (method: 'GET' | 'POST', url: string, user?: SignedIn, payload?: object) =>
    get().app.inject({ method, url, headers: user?.auth, payload });
  const query = (sql: string, params: unknown[] = []) => get().app.get(DataSource).query(sql, params);
  return {
    api,
    checkout: (user: SignedIn, body: object) => api('POST', '/api/stripe/create-payment-intent', user, body),
    session: (user: SignedIn, id: string) => api('GET', `/api/stripe/checkout-session/${id}`, user),
    status: async (user: SignedIn) => (await api('GET', '/api/stripe/subscription/status', user)).json().data,
    balance: async (user: SignedIn) =>
      (await api('GET', '/api/credits/balance', user)).json().data.total_credits as number,
    ledger: async (userId: string) =>
      (await query('SELECT amount, source_type, idempotency_key FROM credit_transactions WHERE user_id = ?', [
        userId,
      ])) as { amount: number; source_type: string; idempotency_key: string }[],
    payments: async (userId: string) =>
      Number((await query('SELECT COUNT(*) AS n FROM payments WHERE user_id = ?', [userId]))[0].n),
    /** Each payment row: its amount, the credits it granted, and why none when none. */
    paymentRows: async (userId: string) =>
      (
        (await query(
          'SELECT id, amount_cents, credits, no_grant_reason FROM payments WHERE user_id = ? ORDER BY created_at, id',
          [userId],
        )) as { id: string; amount_cents: number | string; credits: number | string; no_grant_reason: string | null }[]
      ).map((r) => ({ ...r, amount_cents: Number(r.amount_cents), credits: Number(r.credits) })),
    /** Every cached balance equals the sum of its ledger. */
    async expectLedgerInvariant() {
      const rows: { credits: number; total: number | string | null }[] = await query(
        'SELECT u.credits, (SELECT SUM(c.amount) FROM credit_transactions c WHERE c.user_id = u.id) AS total FROM users u',
      );
      for (const row of rows) expect(Number(row.credits)).toBe(Number(row.total ?? 0));
    },
  };
}

describe.each(databaseKinds())('billing with the simulated checkout on %s', (kind) => {
  let t: TestApp;
  const d = billingDriver(() => t);
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: 'admin@example.com', SIGNIN_RATE_LIMIT: '1000' });
    admin = await devSignIn(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => d.expectLedgerInvariant());

  it('needs a signed-in user and a pack or plan from the catalogue', async () => {
    const user = await devSignIn(t.app, 'shopper@example.com');
    expect(
      (await d.checkout(undefined as unknown as SignedIn, { type: 'credits', package_id: 'starter' })).statusCode,
    ).toBe(401);
    const unknownPack = await d.checkout(user, { type: 'credits', package_id: 'mega' });
    expect(unknownPack.statusCode).toBe(400);
    expect(unknownPack.json()).toMatchObject({
      success: false,
      code: 'BILLING_UNKNOWN_ITEM',
      message: 'Unknown credit pack: mega',
    });
    expect((await d.checkout(user, { type: 'subscription', plan_id: 'gold' })).statusCode).toBe(400);
    expect((await d.checkout(user, { type: 'gift' })).statusCode).toBe(400);
    expect(await d.balance(user)).toBe(0);
  });

  it('a pack bought through the simulated checkout grants its credits once, at the catalogue price', async () => {
    const user = await devSignIn(t.app, 'buyer@example.com');
    const created = await d.checkout(user, {
      type: 'credits',
      package_id: 'starter',
      amount: 0.01,
      success_url: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://evil.example/phish',
    });
    expect(created.statusCode).toBe(200);
    const { url, session_id: id } = created.json();
    expect(url).toBe(`http://localhost:3000/payment/checkout?session_id=${id}`);

    const open = (await d.session(user, id)).json().data;
    expect(open).toMatchObject({
      status: 'open',
      type: 'credits',
      item_name: 'Starter',
      amount: 19.9,
      credits: 330,
      credits_granted: 0,
      simulated: true,
      success_url: `http://localhost:3000/payment/success?session_id=${id}`,
      // A return address on another site is replaced by ours.
      cancel_url: 'http://localhost:3000/payment/cancel',
    });

    // Another user can neither see nor pay it.
    const other = await devSignIn(t.app, 'other@example.com');
    expect((await d.session(other, id)).statusCode).toBe(404);
    expect((await d.api('POST', `/api/stripe/simulated/${id}/complete`, other)).statusCode).toBe(404);

    const paid = await Promise.all(
      Array.from({ length: 5 }, () => d.api('POST', `/api/stripe/simulated/${id}/complete`, user)),
    );
    for (const res of paid) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        redirect_url: `http://localhost:3000/payment/success?session_id=${id}`,
        credits_granted: 330,
        balance: 330,
      });
    }
    expect(await d.balance(user)).toBe(330);
    expect(await d.ledger(user.user.id)).toEqual([
      { amount: 330, source_type: 'purchase', idempotency_key: `stripe:${id}` },
    ]);
    expect(await d.payments(user.user.id)).toBe(1);
    expect((await d.session(user, id)).json().data).toMatchObject({
      status: 'complete',
      credits_granted: 330,
      balance: 330,
    });
    expect(await d.balance(other)).toBe(0);
  });

  it("an administrator's simulated renewal is audited: one row per period granted, in the grant's transaction", async () => {
    const user = await devSignIn(t.app, 'renewed@example.com');
    const { session_id: id } = (await d.checkout(user, { type: 'subscription', plan_id: 'lite' })).json();
    await d.api('POST', `/api/stripe/simulated/${id}/complete`, user);
    const { subscription } = await d.status(user);
    const audit = (): Promise<Record<string, string>[]> =>
      t.app
        .get(DataSource)
        .query(
          'SELECT actor_id, action, target_type, reason, before_json, after_json, request_id FROM audit_log WHERE target_id = ?',
          [user.user.id],
        );
    const renewUrl = `/api/stripe/simulated/subscriptions/${subscription.id}/renew`;
    expect((await d.api('POST', renewUrl, user)).statusCode).toBe(403);
    expect(await audit()).toEqual([]);

    // Two renewals of the same period at once: one grant, one row.
    const both = await Promise.all([d.api('POST', renewUrl, admin), d.api('POST', renewUrl, admin)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await d.balance(user)).toBe(1180);
    const [row, ...others] = await audit();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      actor_id: admin.user.id,
      action: 'subscription.renew',
      target_type: 'user',
      reason: `Simulated renewal of ${subscription.id}`,
      request_id: expect.any(String),
    });
    expect(JSON.parse(row!.before_json!)).toEqual({
      credits: 590,
      current_period_end: new Date(subscription.currentPeriodEnd).toISOString(),
    });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ credits: 1180 });
  });

  it('a plan: granted at checkout and on each renewal; a second plan is refused; cancel ends it and keeps the credits', async () => {
    const user = await devSignIn(t.app, 'planner@example.com');
    expect(await d.status(user)).toEqual({ hasActiveSubscription: false, subscription: null, portalAvailable: false });

    const { session_id: id } = (await d.checkout(user, { type: 'subscription', plan_id: 'lite' })).json();
    expect((await d.session(user, id)).json().data).toMatchObject({
      amount: 29.9,
      credits: 590,
      billing_cycle: 'monthly',
    });
    await d.api('POST', `/api/stripe/simulated/${id}/complete`, user);
    expect(await d.balance(user)).toBe(590);

    const status = await d.status(user);
    expect(status).toMatchObject({
      hasActiveSubscription: true,
      subscription: { planId: 'lite', billingCycle: 'monthly', status: 'active' },
    });
    const periodEnd = new Date(status.subscription.currentPeriodEnd).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 86_400_000);

    const again = await d.checkout(user, { type: 'subscription', plan_id: 'pro' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_SUBSCRIBED);
    // Packs can still be bought on a plan.
    expect((await d.checkout(user, { type: 'credits', package_id: 'basic' })).statusCode).toBe(200);

    const renewUrl = `/api/stripe/simulated/subscriptions/${status.subscription.id}/renew`;
    expect((await d.api('POST', renewUrl, user)).statusCode).toBe(403);
    const renewed = await d.api('POST', renewUrl, admin);
    expect(renewed.json().data).toEqual({ credits_granted: 590, balance: 1180 });
    const next = await d.status(user);
    expect(new Date(next.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(periodEnd);
    // Paying the old session again neither grants nor moves the period back.
    await d.api('POST', `/api/stripe/simulated/${id}/complete`, user);
    expect(await d.balance(user)).toBe(1180);
    expect((await d.status(user)).subscription.currentPeriodEnd).toBe(next.subscription.currentPeriodEnd);

    const cancel = await d.api('POST', '/api/stripe/subscription/cancel', user, { immediately: true });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.message).toMatch(/cancelled/);
    expect((await d.status(user)).hasActiveSubscription).toBe(false);
    expect(await d.balance(user)).toBe(1180);
    expect((await d.api('POST', '/api/stripe/subscription/cancel', user, {})).statusCode).toBe(404);
    // A cancelled plan is not renewed.
    expect((await d.api('POST', renewUrl, admin)).statusCode).toBe(404);
    expect((await d.checkout(user, { type: 'subscription', plan_id: 'pro' })).statusCode).toBe(200);
  });

  it('limits checkout creation per signed-in user: the 11th in a minute gets 429 with Retry-After', async () => {
    const user = await devSignIn(t.app, 'eager@example.com');
    const other = await devSignIn(t.app, 'patient@example.com');
    const body = { type: 'credits', package_id: 'starter' };
    const allowed = await Promise.all(Array.from({ length: 10 }, () => d.checkout(user, body)));
    expect(allowed.map((r) => r.statusCode)).toEqual(Array(10).fill(200));

    const refused = await d.checkout(user, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Too many checkout requests. Please wait a minute and try again.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The limit is the user's, not the address's: another address does not reset it...
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-payment-intent',
      headers: user.auth,
      payload: body,
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(429);
    // ...and another user at the same address is unaffected.
    expect((await d.checkout(other, body)).statusCode).toBe(200);
    const opened = await t.app
      .get(DataSource)
      .query('SELECT COUNT(*) AS n FROM checkout_sessions WHERE user_id = ?', [user.user.id]);
    expect(Number(opened[0].n)).toBe(10);
  });

  it('has no Stripe routes without Stripe', async () => {
    const user = await devSignIn(t.app, 'portal@example.com');
    expect((await d.api('POST', '/api/stripe/portal', user)).statusCode).toBe(404);
    expect((await d.api('POST', '/api/stripe/webhook', undefined, { id: 'evt_1' })).statusCode).toBe(404);
  });
});

describe.each(databaseKinds())('billing with Stripe on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  const d = billingDriver(() => t);

  beforeAll(async () => {
    stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp(kind, {
      SIGNIN_RATE_LIMIT: '1000',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.baseUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });
  afterEach(() => d.expectLedgerInvariant());

  const deliver = (payload: string, signature = stripe.sign(payload)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  async function checkoutAtStripe(user: SignedIn, body: object) {
    const res = await d.checkout(user, body);
    expect(res.statusCode).toBe(200);
    return res.json() as { url: string; session_id: string };
  }

  it('opens a Stripe Checkout at the catalogue price for one reused customer', async () => {
    const user = await devSignIn(t.app, 'card@example.com');
    const { url, session_id: id } = await checkoutAtStripe(user, {
      type: 'credits',
      package_id: 'starter',
      amount: 0.01,
    });
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${id}`);
    const sent = stripe.sessions.get(id)!;
    expect(sent).toMatchObject({
      mode: 'payment',
      amount_total: 1990,
      client_reference_id: user.user.id,
      metadata: { user_id: user.user.id, item_id: 'starter' },
      success_url: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
    });
    const plan = await checkoutAtStripe(user, { type: 'subscription', plan_id: 'pro', billing_cycle: 'yearly' });
    expect(stripe.sessions.get(plan.session_id)).toMatchObject({
      mode: 'subscription',
      amount_total: 47900,
      recurring_interval: 'year',
      customer: sent.customer,
      subscription_metadata: { user_id: user.user.id, item_id: 'pro', billing_cycle: 'yearly' },
    });
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    expect(await d.balance(user)).toBe(0);
  });

  it('a pack is granted once when the webhook and the success page race', async () => {
    const user = await devSignIn(t.app, 'race@example.com');
    const { session_id: id } = await checkoutAtStripe(user, { type: 'credits', package_id: 'basic' });
    expect((await d.session(user, id)).json().data).toMatchObject({ status: 'open', credits_granted: 0 });
    stripe.pay(id);
    const event = stripe.event('checkout.session.completed', id);
    const [hook, page, page2] = await Promise.all([deliver(event), d.session(user, id), d.session(user, id)]);
    expect(hook.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ status: 'complete', credits_granted: 950, balance: 950 });
    expect(page2.json().data).toMatchObject({ status: 'complete', credits_granted: 950 });
    expect(await d.balance(user)).toBe(950);
    expect(await d.ledger(user.user.id)).toHaveLength(1);
    expect(await d.payments(user.user.id)).toBe(1);
  });

  it('the same event five times at once, and other events for the same payment, grant once', async () => {
    const user = await devSignIn(t.app, 'replay@example.com');
    const { session_id: id } = await checkoutAtStripe(user, { type: 'credits', package_id: 'standard' });
    stripe.pay(id);
    const event = stripe.event('checkout.session.completed', id);
    const replies = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await deliver(stripe.event('checkout.session.async_payment_succeeded', id));
    await deliver(stripe.event('checkout.session.completed', id));
    expect(await d.balance(user)).toBe(2200);
    expect(await d.ledger(user.user.id)).toHaveLength(1);
  });

  it('an unpaid session grants nothing, whatever the event claims', async () => {
    const user = await devSignIn(t.app, 'unpaid@example.com');
    const { session_id: id } = await checkoutAtStripe(user, { type: 'credits', package_id: 'standard' });
    // A correctly signed event whose payload lies about the payment: the server re-reads Stripe.
    const lie = JSON.stringify({
      id: 'evt_lie',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id, object: 'checkout.session', payment_status: 'paid', status: 'complete' } },
    });
    expect((await deliver(lie)).statusCode).toBe(200);
    expect((await d.session(user, id)).json().data).toMatchObject({ status: 'open', credits_granted: 0 });
    expect(await d.balance(user)).toBe(0);
  });

  it('a bad, missing or stale signature is refused and changes nothing', async () => {
    const user = await devSignIn(t.app, 'forged@example.com');
    const { session_id: id } = await checkoutAtStripe(user, { type: 'credits', package_id: 'starter' });
    stripe.pay(id);
    const event = stripe.event('checkout.session.completed', id);
    const forged = await deliver(event, stripe.sign(event, { secret: 'whsec_wrong' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('BILLING_BAD_SIGNATURE');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event,
    });
    expect(missing.statusCode).toBe(400);
    const stale = await deliver(event, stripe.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect(stale.statusCode).toBe(400);
    const tampered = await deliver(event.replace('"type"', '"kind"'), stripe.sign(event));
    expect(tampered.statusCode).toBe(400);
    expect(await d.balance(user)).toBe(0);
    // The genuine delivery still works afterwards.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await d.balance(user)).toBe(330);
  });

  it('a plan grants at checkout and on each paid invoice, once per invoice', async () => {
    const user = await devSignIn(t.app, 'monthly@example.com');
    const { session_id: id } = await checkoutAtStripe(user, { type: 'subscription', plan_id: 'lite' });
    const session = stripe.pay(id);
    await deliver(stripe.event('checkout.session.completed', id));
    expect(await d.balance(user)).toBe(590);
    // The first invoice is the checkout's payment: nothing more.
    await deliver(stripe.event('invoice.paid', session.invoice));
    await deliver(stripe.event('customer.subscription.updated', session.subscription));
    expect(await d.balance(user)).toBe(590);
    expect(await d.status(user)).toMatchObject({
      hasActiveSubscription: true,
      subscription: { id: session.subscription, planId: 'lite', status: 'active' },
      portalAvailable: true,
    });

    const renewal = stripe.renew(session.subscription);
    await Promise.all([deliver(stripe.event('invoice.paid', renewal)), deliver(stripe.event('invoice.paid', renewal))]);
    expect(await d.balance(user)).toBe(1180);
    expect((await d.ledger(user.user.id)).map((l) => l.source_type).sort()).toEqual(['plan', 'renewal']);
    expect(await d.payments(user.user.id)).toBe(2);

    const portal = await d.api('POST', '/api/stripe/portal', user);
    expect(portal.json()).toMatchObject({
      success: true,
      url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//),
    });
  });

  it('a renewal that arrives before the checkout event still ends right', async () => {
    const user = await devSignIn(t.app, 'early@example.com');
    const { session_id: id } = await checkoutAtStripe(user, { type: 'subscription', plan_id: 'pro' });
    const session = stripe.pay(id);
    const renewal = stripe.renew(session.subscription);
    await deliver(stripe.event('invoice.paid', renewal));
    await deliver(stripe.event('customer.subscription.updated', session.subscription));
    expect(await d.balance(user)).toBe(1340);
    await deliver(stripe.event('checkout.session.completed', id));
    await deliver(stripe.event('invoice.paid', session.invoice));
    expect(await d.balance(user)).toBe(2680);
    expect((await d.session(user, id)).json().data).toMatchObject({ status: 'complete', credits_granted: 1340 });
  });

  it('only a whole period at the plan price grants: a proration, a $0 or an off-price invoice is recorded with why', async () => {
    const user = await devSignIn(t.app, 'prorated@example.com');
    const { session_id: id } = await checkoutAtStripe(user, { type: 'subscription', plan_id: 'lite' });
    const session = stripe.pay(id);
    await deliver(stripe.event('checkout.session.completed', id));
    expect(await d.balance(user)).toBe(590);

    const withheld = [
      stripe.invoice(session.subscription, 'subscription_update', 1500),
      stripe.invoice(session.subscription, 'subscription_cycle', 0),
      stripe.invoice(session.subscription, 'subscription_cycle', 1000),
      stripe.invoice(session.subscription, 'manual', 2990),
    ];
    for (const invoice of withheld) await deliver(stripe.event('invoice.paid', invoice));
    await deliver(stripe.event('invoice.paid', withheld[0]!));
    expect(await d.balance(user)).toBe(590);
    expect((await d.paymentRows(user.user.id)).filter((p) => p.id !== session.invoice)).toEqual(
      expect.arrayContaining([
        { id: withheld[0], amount_cents: 1500, credits: 0, no_grant_reason: 'billing_reason:subscription_update' },
        { id: withheld[1], amount_cents: 0, credits: 0, no_grant_reason: 'zero_amount' },
        { id: withheld[2], amount_cents: 1000, credits: 0, no_grant_reason: 'amount_mismatch' },
        { id: withheld[3], amount_cents: 2990, credits: 0, no_grant_reason: 'billing_reason:manual' },
      ]),
    );
    expect(await d.payments(user.user.id)).toBe(5);

    await deliver(stripe.event('invoice.paid', stripe.invoice(session.subscription, 'subscription_cycle', 2990)));
    expect(await d.balance(user)).toBe(1180);
  });

  it.each(['checkout first', 'invoice first'])(
    'a plan whose first invoice is $0 (a trial, a 100 %% coupon) grants nothing (%s)',
    async (order) => {
      const user = await devSignIn(t.app, `trial-${order.split(' ')[0]}@example.com`);
      const { session_id: id } = await checkoutAtStripe(user, { type: 'subscription', plan_id: 'pro' });
      const session = stripe.pay(id, { firstInvoiceAmount: 0 });
      const events = [stripe.event('checkout.session.completed', id), stripe.event('invoice.paid', session.invoice)];
      for (const event of order === 'checkout first' ? events : events.reverse()) await deliver(event);
      expect(await d.balance(user)).toBe(0);
      expect(await d.paymentRows(user.user.id)).toEqual([
        { id: session.invoice, amount_cents: 0, credits: 0, no_grant_reason: 'zero_amount' },
      ]);
      expect((await d.session(user, id)).json().data).toMatchObject({ status: 'complete', credits_granted: 0 });
      expect(await d.status(user)).toMatchObject({ hasActiveSubscription: true });
    },
  );

  it('cancel ends the plan at Stripe at once; credits stay; a late update does not revive it', async () => {
    const user = await devSignIn(t.app, 'quitter@example.com');
    const { session_id: id } = await checkoutAtStripe(user, { type: 'subscription', plan_id: 'pro+' });
    const session = stripe.pay(id);
    expect((await d.session(user, id)).json().data.credits_granted).toBe(3370);
    const again = await d.checkout(user, { type: 'subscription', plan_id: 'lite' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_SUBSCRIBED);

    const stale = stripe.event('customer.subscription.updated', session.subscription);
    const cancel = await d.api('POST', '/api/stripe/subscription/cancel', user, { immediately: true });
    expect(cancel.statusCode).toBe(200);
    expect(
      stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${session.subscription}`),
    ).toBe(true);
    expect((await d.status(user)).hasActiveSubscription).toBe(false);
    await deliver(stale);
    await deliver(stripe.event('customer.subscription.deleted', session.subscription));
    expect((await d.status(user)).hasActiveSubscription).toBe(false);
    expect(await d.balance(user)).toBe(3370);
  });

  it('takes a signed event larger than the JSON body limit', async () => {
    const user = await devSignIn(t.app, 'bigevent@example.com');
    const { session_id: id } = await checkoutAtStripe(user, { type: 'credits', package_id: 'starter' });
    stripe.pay(id);
    const event = JSON.parse(stripe.event('checkout.session.completed', id));
    event.data.object.padding = 'x'.repeat(300 * 1024);
    expect((await deliver(JSON.stringify(event))).statusCode).toBe(200);
    expect(await d.balance(user)).toBe(330);
  });

  it('other events are acknowledged; the simulated checkout does not exist', async () => {
    const user = await devSignIn(t.app, 'misc@example.com');
    expect((await deliver(stripe.event('charge.refunded', 'ch_1'))).statusCode).toBe(200);
    const { session_id: id } = await checkoutAtStripe(user, { type: 'credits', package_id: 'starter' });
    expect((await d.api('POST', `/api/stripe/simulated/${id}/complete`, user)).statusCode).toBe(404);
    expect(await d.balance(user)).toBe(0);
  });
});
