import { DataSource } from 'typeorm';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.mjs';
import { devSignIn, type SignedIn } from '../support/sign-in';
import { databaseKinds } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';

const WEBHOOK_SECRET = 'whsec_test_discounts';

describe.each(databaseKinds())("Stripe Checkout's promotion codes on %s", (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;

  beforeAll(async () => {
    stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp(kind, {
      SIGNIN_RATE_LIMIT: '1000',
      ADMIN_EMAILS: 'stripe-promo-admin@example.com',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.baseUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const api = (method: 'GET' | 'POST', url: string, user?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: user?.auth, payload });
  const deliver = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      payload,
    });
  const balance = async (user: SignedIn) =>
    (await api('GET', '/api/credits/balance', user)).json().data.total_credits as number;
  const payments = async (userId: string) =>
    (
      await t.app
        .get(DataSource)
        .query(
          'SELECT id, amount_cents, credits, no_grant_reason FROM payments WHERE user_id = ? ORDER BY created_at, id',
          [userId],
        )
    ).map((r: Record<string, unknown>) => ({ ...r, amount_cents: Number(r.amount_cents), credits: Number(r.credits) }));

  async function checkout(user: SignedIn, body: object): Promise<string> {
    const res = await api('POST', '/api/stripe/create-payment-intent', user, body);
    expect(res.statusCode).toBe(200);
    return res.json().session_id;
  }

  it('opens checkouts that take promotion codes', async () => {
    const user = await devSignIn(t.app, 'codes-allowed@example.com');
    await checkout(user, { type: 'credits', package_id: 'starter' });
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(created.at(-1)!.body).toMatchObject({ allow_promotion_codes: 'true' });
  });

  it.each(['webhook', 'success page'])(
    "a discounted pack records what Stripe charged and grants the pack's credits (%s first)",
    async (path) => {
      const user = await devSignIn(t.app, `pack-${path.replace(' ', '-')}@example.com`);
      const id = await checkout(user, { type: 'credits', package_id: 'basic' });
      stripe.pay(id, { discount: 1000 });
      if (path === 'webhook') await deliver(stripe.event('checkout.session.completed', id));
      const page = (await api('GET', `/api/stripe/checkout-session/${id}`, user)).json().data;
      expect(page).toMatchObject({ status: 'complete', credits_granted: 950, balance: 950 });
      await deliver(stripe.event('checkout.session.completed', id));
      expect(await balance(user)).toBe(950);
      expect(await payments(user.user.id)).toEqual([{ id, amount_cents: 3990, credits: 950, no_grant_reason: null }]);
    },
  );

  it('a refund of a discounted pack takes back credits in proportion to what was paid', async () => {
    const user = await devSignIn(t.app, 'pack-refund@example.com');
    const id = await checkout(user, { type: 'credits', package_id: 'basic' });
    stripe.pay(id, { discount: 1000 });
    await deliver(stripe.event('checkout.session.completed', id));
    // Half of the $39.90 charged: half of the credits.
    const charge = stripe.refund(stripe.chargeOf(id), 1995);
    await deliver(stripe.event('charge.refunded', charge.id));
    expect(await balance(user)).toBe(475);
  });

  it("a plan's first invoice at a discount grants the plan; renewals at full price grant; a $0 first invoice does not", async () => {
    const user = await devSignIn(t.app, 'plan-discount@example.com');
    const id = await checkout(user, { type: 'subscription', plan_id: 'lite' });
    const session = stripe.pay(id, { discount: 1000 });
    expect(stripe.invoices.get(session.invoice)).toMatchObject({ subtotal: 2990, amount_paid: 1990 });
    await deliver(stripe.event('checkout.session.completed', id));
    await deliver(stripe.event('invoice.paid', session.invoice));
    expect(await balance(user)).toBe(590);
    const renewal = stripe.renew(session.subscription);
    await deliver(stripe.event('invoice.paid', renewal));
    expect(await balance(user)).toBe(1180);
    expect(await payments(user.user.id)).toEqual(
      expect.arrayContaining([
        { id: session.invoice, amount_cents: 1990, credits: 590, no_grant_reason: null },
        { id: renewal, amount_cents: 2990, credits: 590, no_grant_reason: null },
      ]),
    );

    const free = await devSignIn(t.app, 'plan-free-code@example.com');
    const freeId = await checkout(free, { type: 'subscription', plan_id: 'lite' });
    const freeSession = stripe.pay(freeId, { discount: 2990 });
    await deliver(stripe.event('invoice.paid', freeSession.invoice));
    await deliver(stripe.event('checkout.session.completed', freeId));
    expect(await balance(free)).toBe(0);
    expect(await payments(free.user.id)).toEqual([
      { id: freeSession.invoice, amount_cents: 0, credits: 0, no_grant_reason: 'zero_amount' },
    ]);
  });

  it('the console says its codes are for the simulated checkout only', async () => {
    const admin = await devSignIn(t.app, 'stripe-promo-admin@example.com');
    expect((await api('GET', '/api/admin/promotions', admin)).json().data).toMatchObject({ stripe_configured: true });
  });
});
