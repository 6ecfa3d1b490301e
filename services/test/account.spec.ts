import { DataSource } from 'typeorm';
import { PaymentEntity } from '../src/billing/payment.entity';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.mjs';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

const WEBHOOK_SECRET = 'whsec_account_secret';

/** The account page's calls, as the signed-in user (or a visitor) makes them. */
function accountDriver(get: () => TestApp) {
  const api = (method: 'GET' | 'POST', url: string, user?: SignedIn, payload?: object) =>
    get().app.inject({ method, url, headers: user?.auth, payload });
  return {
    api,
    payments: (user: SignedIn | undefined, query = '') => api('GET', `/api/account/payments${query}`, user),
    receipt: (user: SignedIn | undefined, id: string) => api('GET', `/api/account/payments/${id}/receipt`, user),
    query: (sql: string, params: unknown[] = []) => get().app.get(DataSource).query(sql, params),
    async checkout(user: SignedIn, body: object): Promise<string> {
      const res = await api('POST', '/api/stripe/create-payment-intent', user, body);
      expect(res.statusCode).toBe(200);
      return res.json().session_id as string;
    },
  };
}

describe.each(databaseKinds())('the account page with the simulated checkout on %s', (kind) => {
  let t: TestApp;
  const d = accountDriver(() => t);
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: 'admin@example.com', SIGNIN_RATE_LIMIT: '1000' });
    admin = await devSignIn(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function buyPack(user: SignedIn, packId: string): Promise<string> {
    const id = await d.checkout(user, { type: 'credits', package_id: packId });
    expect((await d.api('POST', `/api/stripe/simulated/${id}/complete`, user)).statusCode).toBe(200);
    return id;
  }

  it('answers a visitor 401 on every account route', async () => {
    for (const url of ['/api/account/profile', '/api/account/payments', '/api/account/payments/x/receipt']) {
      expect((await d.api('GET', url)).statusCode).toBe(401);
    }
  });

  it('tells when the member joined', async () => {
    const before = Date.now();
    const user = await devSignIn(t.app, 'member@example.com');
    const res = await d.api('GET', '/api/account/profile', user);
    expect(res.statusCode).toBe(200);
    const joined = Date.parse(res.json().data.member_since);
    expect(joined).toBeGreaterThanOrEqual(before - 1000);
    expect(joined).toBeLessThanOrEqual(Date.now());
  });

  it('lists only the caller’s payments, newest first, paged', async () => {
    const user = await devSignIn(t.app, 'payer@example.com');
    const other = await devSignIn(t.app, 'someone-else@example.com');
    expect((await d.payments(user)).json()).toEqual({ success: true, data: { items: [], total: 0 } });
    const starter = await buyPack(user, 'starter');
    const standard = await buyPack(user, 'standard');
    await buyPack(other, 'starter');
    // Both may fall in the same millisecond: the first is made a minute older.
    await t.app
      .get(DataSource)
      .getRepository(PaymentEntity)
      .update(starter, { createdAt: new Date(Date.now() - 60_000) });

    const all = (await d.payments(user)).json().data;
    expect(all.total).toBe(2);
    expect(all.items.map((p: { id: string }) => p.id)).toEqual([standard, starter]);
    expect(all.items[1]).toEqual({
      id: starter,
      created_at: expect.any(String),
      kind: 'pack',
      item_id: 'starter',
      amount_cents: 1990,
      currency: 'usd',
      credits: 330,
      status: 'paid',
      refunded_cents: 0,
      simulated: true,
      receipt_url: null,
    });
    const second = (await d.payments(user, '?limit=1&offset=1')).json().data;
    expect(second).toMatchObject({ total: 2, items: [{ id: starter }] });
    const bad = await d.payments(user, '?limit=0');
    expect(bad.statusCode).toBe(400);
  });

  it('shows a refund made in the console on the payment', async () => {
    const user = await devSignIn(t.app, 'refunded@example.com');
    const id = await buyPack(user, 'starter');
    const refund = await d.api('POST', `/api/admin/payments/${id}/refund`, admin, { reason: 'Asked by the buyer' });
    expect(refund.statusCode).toBe(200);
    expect((await d.payments(user)).json().data.items[0]).toMatchObject({
      id,
      status: 'refunded',
      refunded_cents: 1990,
    });
  });

  it('gives the owner a receipt of a simulated payment and anyone else a 404', async () => {
    const user = await devSignIn(t.app, 'receipt@example.com');
    const id = await buyPack(user, 'starter');
    const res = await d.receipt(user, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      seller: 'Veo 3 Studio',
      seller_email: expect.stringContaining('@'),
      buyer_email: 'receipt@example.com',
      item_id: 'starter',
      amount_cents: 1990,
      credits: 330,
      simulated: true,
      receipt_url: null,
    });

    const stranger = await devSignIn(t.app, 'stranger@example.com');
    const theirs = await d.receipt(stranger, id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ success: false, code: 'BILLING_PAYMENT_NOT_FOUND' });
    expect((await d.receipt(user, 'cs_sim_nothing')).statusCode).toBe(404);
  });
});

describe.each(databaseKinds())('the account page with Stripe on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  const d = accountDriver(() => t);

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

  async function paidAtStripe(user: SignedIn, body: object) {
    const id = await d.checkout(user, body);
    const session = stripe.pay(id);
    const payload = stripe.event('checkout.session.completed', id);
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      payload,
    });
    expect(delivered.statusCode).toBe(200);
    return session;
  }

  it('keeps Stripe’s receipt of a pack and the invoice page of a plan', async () => {
    const user = await devSignIn(t.app, 'card-buyer@example.com');
    const pack = await paidAtStripe(user, { type: 'credits', package_id: 'starter' });
    const plan = await paidAtStripe(user, { type: 'subscription', plan_id: 'lite' });
    const items = (await d.payments(user)).json().data.items;
    expect(items).toEqual([
      expect.objectContaining({
        id: plan.invoice,
        kind: 'plan',
        simulated: false,
        receipt_url: `https://invoice.stripe.test/i/${plan.invoice}`,
      }),
      expect.objectContaining({
        id: pack.id,
        kind: 'pack',
        simulated: false,
        receipt_url: `https://pay.stripe.test/receipts/${stripe.chargeOf(pack.id)}`,
      }),
    ]);
  });

  it('looks up and keeps the receipt of a payment stored without one', async () => {
    const user = await devSignIn(t.app, 'older-row@example.com');
    const pack = await paidAtStripe(user, { type: 'credits', package_id: 'starter' });
    await d.query('UPDATE payments SET receipt_url = NULL WHERE id = ?', [pack.id]);
    expect((await d.payments(user)).json().data.items[0].receipt_url).toBeNull();

    const receipt = await d.receipt(user, pack.id);
    const expected = `https://pay.stripe.test/receipts/${stripe.chargeOf(pack.id)}`;
    expect(receipt.json().data).toMatchObject({ id: pack.id, simulated: false, receipt_url: expected });
    expect((await d.payments(user)).json().data.items[0].receipt_url).toBe(expected);
  });

  it('tells when a plan cancelled in the portal ends', async () => {
    const user = await devSignIn(t.app, 'ending-plan@example.com');
    const session = await paidAtStripe(user, { type: 'subscription', plan_id: 'lite' });
    const status = async () => (await d.api('GET', '/api/stripe/subscription/status', user)).json().data;
    expect((await status()).subscription.cancelAt).toBeNull();

    // The customer cancels at the period's end in Stripe's portal; Stripe tells the webhook.
    const remote = stripe.subscriptions.get(session.subscription)!;
    remote.cancel_at_period_end = true;
    const payload = stripe.event('customer.subscription.updated', session.subscription);
    await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      payload,
    });
    const periodEnd = new Date(remote.items.data[0].current_period_end * 1000).toISOString();
    expect((await status()).subscription).toMatchObject({ status: 'active', cancelAt: periodEnd });
  });

  it('opens the Stripe customer portal, returning to the account page', async () => {
    const user = await devSignIn(t.app, 'portal-user@example.com');
    await paidAtStripe(user, { type: 'credits', package_id: 'starter' });
    const res = await d.api('POST', '/api/stripe/portal', user);
    expect(res.statusCode).toBe(200);
    const customer = [...stripe.customers.values()].find((c) => c.email === 'portal-user@example.com')!;
    expect(res.json()).toEqual({ success: true, url: `https://billing.stripe.test/p/${customer.id}` });
    const sent = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(sent.body).toEqual({ customer: customer.id, return_url: 'http://localhost:3000/account' });
  });

  it('says clearly that a user who never paid by card has no portal', async () => {
    const user = await devSignIn(t.app, 'never-paid@example.com');
    const res = await d.api('POST', '/api/stripe/portal', user);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'BILLING_NO_CUSTOMER',
      message: 'You have no billing account with Stripe yet: it is made with your first card payment.',
    });
    expect(stripe.requests.some((r) => r.path === '/v1/billing_portal/sessions' && r.body.customer === undefined)).toBe(
      false,
    );
  });
});
