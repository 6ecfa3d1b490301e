import { DataSource } from 'typeorm';
import { AccountExportSections } from '../../src/account-export/account-export.sections';
import { PromoCodeEntity } from '../../src/promotions/promo-code.entity';
import { devSignIn, type SignedIn } from '../support/sign-in';
import { databaseKinds } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const ADMIN = 'promo-admin@example.com';
const DAY = 24 * 3600_000;

describe.each(databaseKinds())('promotion codes on the simulated checkout on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: ADMIN, SIGNIN_RATE_LIMIT: '1000' });
    admin = await devSignIn(t.app, ADMIN);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => expectLedgerInvariant());

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: user?.auth, payload });
  const query = (sql: string, params: unknown[] = []) => t.app.get(DataSource).query(sql, params);

  async function expectLedgerInvariant() {
    const rows: { credits: number; total: number | string | null }[] = await query(
      'SELECT u.credits, (SELECT SUM(c.amount) FROM credit_transactions c WHERE c.user_id = u.id) AS total FROM users u',
    );
    for (const row of rows) expect(Number(row.credits)).toBe(Number(row.total ?? 0));
  }

  let codes = 0;
  /** A code created in the console; `terms` override a 20 % code without expiry or limit. */
  async function createCode(terms: object = {}) {
    const res = await api('POST', '/api/admin/promotions', admin, {
      code: `CODE-${kind}-${++codes}`,
      percent_off: 20,
      reason: 'Launch promotion',
      ...terms,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; code: string; redemptions: number; state: string };
  }

  async function openCheckout(user: SignedIn, body: object = { type: 'credits', package_id: 'starter' }) {
    const res = await api('POST', '/api/stripe/create-payment-intent', user, body);
    expect(res.statusCode).toBe(200);
    return res.json().session_id as string;
  }

  const apply = (user: SignedIn, id: string, code: string) =>
    api('POST', `/api/stripe/simulated/${id}/promotion-code`, user, { code });
  const pay = (user: SignedIn, id: string) => api('POST', `/api/stripe/simulated/${id}/complete`, user);
  const session = async (user: SignedIn, id: string) =>
    (await api('GET', `/api/stripe/checkout-session/${id}`, user)).json().data;
  const balance = async (user: SignedIn) =>
    (await api('GET', '/api/credits/balance', user)).json().data.total_credits as number;
  const payment = async (id: string) =>
    (
      await query('SELECT amount_cents, credits, no_grant_reason FROM payments WHERE checkout_session_id = ?', [id])
    ).map((r: Record<string, unknown>) => ({ ...r, amount_cents: Number(r.amount_cents), credits: Number(r.credits) }));
  const redeemed = async (codeId: string) =>
    Number((await query('SELECT redemptions FROM promo_codes WHERE id = ?', [codeId]))[0].redemptions);
  const setCode = (id: string, change: Partial<PromoCodeEntity>) =>
    t.app.get(DataSource).getRepository(PromoCodeEntity).update({ id }, change);

  it('admins create codes with clear validation errors; a duplicate is a 409; each change is audited once', async () => {
    const bad = [
      { code: 'ab', percent_off: 10 },
      { code: 'NO SPACES', percent_off: 10 },
      { code: 'OK-CODE', percent_off: 0 },
      { code: 'OK-CODE', percent_off: 101 },
      { code: 'OK-CODE', amount_off_cents: 0 },
      { code: 'OK-CODE', percent_off: 10, amount_off_cents: 100 },
      { code: 'OK-CODE' },
      { code: 'OK-CODE', percent_off: 10, expires_at: new Date(Date.now() - 1000).toISOString() },
      { code: 'OK-CODE', percent_off: 10, max_redemptions: 0 },
    ];
    for (const body of bad) {
      const res = await api('POST', '/api/admin/promotions', admin, { ...body, reason: 'Testing' });
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    const user = await devSignIn(t.app, 'not-admin@example.com');
    expect(
      (await api('POST', '/api/admin/promotions', user, { code: 'MINE', percent_off: 50, reason: 'me' })).statusCode,
    ).toBe(403);
    expect((await api('GET', '/api/admin/promotions', user)).statusCode).toBe(403);
    expect(Number((await query('SELECT COUNT(*) AS n FROM promo_codes'))[0].n)).toBe(0);

    const expiresAt = new Date(Date.now() + 7 * DAY).toISOString();
    const created = await api('POST', '/api/admin/promotions', admin, {
      code: 'spring_sale-26',
      amount_off_cents: 500,
      expires_at: expiresAt,
      max_redemptions: 3,
      reason: 'Spring newsletter',
    });
    expect(created.statusCode).toBe(201);
    const code = created.json().data;
    expect(code).toMatchObject({
      code: 'SPRING_SALE-26',
      percent_off: null,
      amount_off_cents: 500,
      expires_at: expiresAt,
      max_redemptions: 3,
      redemptions: 0,
      state: 'active',
    });
    const duplicate = await api('POST', '/api/admin/promotions', admin, {
      code: 'Spring_Sale-26',
      percent_off: 10,
      reason: 'Again',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'PROMOTIONS_CODE_TAKEN' });

    const disable = () => api('POST', `/api/admin/promotions/${code.id}/disable`, admin, { reason: 'Leaked online' });
    expect((await disable()).json().data).toMatchObject({ state: 'disabled' });
    expect((await disable()).statusCode).toBe(200);
    expect((await api('POST', '/api/admin/promotions/nope/disable', admin, { reason: 'Missing' })).statusCode).toBe(
      404,
    );

    const audit = await query(
      'SELECT action, target_type, actor_email, reason FROM audit_log WHERE target_id = ? ORDER BY created_at',
      [code.id],
    );
    expect(audit).toEqual([
      { action: 'promotion.create', target_type: 'promotion', actor_email: ADMIN, reason: 'Spring newsletter' },
      { action: 'promotion.disable', target_type: 'promotion', actor_email: ADMIN, reason: 'Leaked online' },
    ]);
    const list = (await api('GET', '/api/admin/promotions', admin)).json().data;
    expect(list).toMatchObject({ stripe_configured: false, total: 1 });
    expect(list.items[0]).toMatchObject({ code: 'SPRING_SALE-26', state: 'disabled' });
  });

  it('a buyer applies a code (any case) and removes it; unknown, expired, used-up and disabled codes are refused', async () => {
    const user = await devSignIn(t.app, 'applier@example.com');
    const id = await openCheckout(user);
    const percent = await createCode({ percent_off: 15 });
    const applied = await apply(user, id, ` ${percent.code.toLowerCase()} `);
    expect(applied.statusCode).toBe(200);
    // 15 % of $19.90 is 298.5 cents: rounded as Stripe rounds, to 299.
    expect(applied.json().data).toMatchObject({
      promotion_code: percent.code,
      amount: 19.9,
      discount: 2.99,
      amount_due: 16.91,
    });

    const removed = await api('DELETE', `/api/stripe/simulated/${id}/promotion-code`, user);
    expect(removed.json().data).toMatchObject({ promotion_code: null, discount: 0, amount_due: 19.9 });

    const big = await createCode({ percent_off: null, amount_off_cents: 50_000 });
    expect((await apply(user, id, big.code)).json().data).toMatchObject({ discount: 19.9, amount_due: 0 });

    const unknown = await apply(user, id, 'NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'PROMOTIONS_UNKNOWN_CODE',
      message: 'This promotion code does not exist.',
    });
    const expired = await createCode();
    await setCode(expired.id, { expiresAt: new Date(Date.now() - 1000) });
    const disabled = await createCode();
    await api('POST', `/api/admin/promotions/${disabled.id}/disable`, admin, { reason: 'Ended early' });
    const usedUp = await createCode({ max_redemptions: 1 });
    await setCode(usedUp.id, { redemptions: 1 });
    for (const [code, error] of [
      [expired.code, 'PROMOTIONS_EXPIRED'],
      [disabled.code, 'PROMOTIONS_DISABLED'],
      [usedUp.code, 'PROMOTIONS_USED_UP'],
    ]) {
      const res = await apply(user, id, code!);
      expect({ code, status: res.statusCode, error: res.json().code }).toEqual({ code, status: 409, error });
    }
    // A refused code leaves the applied one as it was.
    expect(await session(user, id)).toMatchObject({ promotion_code: big.code, amount_due: 0 });

    const other = await devSignIn(t.app, 'not-the-buyer@example.com');
    expect((await apply(other, id, percent.code)).statusCode).toBe(404);
  });

  it('pays the discounted price for the full credits; a replayed Pay redeems once', async () => {
    const user = await devSignIn(t.app, 'discounted@example.com');
    const id = await openCheckout(user);
    // A limit of 1: the replays of the one payment must not count as more redemptions, nor be refused.
    const code = await createCode({ percent_off: null, amount_off_cents: 500, max_redemptions: 1 });
    await apply(user, id, code.code);
    const paid = await Promise.all(Array.from({ length: 5 }, () => pay(user, id)));
    for (const res of paid) expect(res.json().data).toMatchObject({ credits_granted: 330, balance: 330 });
    expect(await balance(user)).toBe(330);
    expect(await payment(id)).toEqual([{ amount_cents: 1490, credits: 330, no_grant_reason: null }]);
    expect(await redeemed(code.id)).toBe(1);
    expect(
      await query('SELECT user_id, discount_cents FROM promo_redemptions WHERE checkout_session_id = ?', [id]),
    ).toEqual([{ user_id: user.user.id, discount_cents: 500 }]);
    // Paid: the code can no longer be changed.
    expect((await api('DELETE', `/api/stripe/simulated/${id}/promotion-code`, user)).json()).toMatchObject({
      code: 'BILLING_SESSION_CLOSED',
    });
    // An admin's refund refunds what was paid, and takes back the credits it bought.
    const refund = await api('POST', `/api/admin/payments/${id}/refund`, admin, { reason: 'Asked for it' });
    expect(refund.statusCode).toBe(200);
    const [row] = await query('SELECT status, refunded_cents, credits_reclaimed FROM payments WHERE id = ?', [id]);
    expect([row.status, Number(row.refunded_cents), Number(row.credits_reclaimed)]).toEqual(['refunded', 1490, 330]);
    expect(await balance(user)).toBe(0);
  });

  it("a plan's first period at a discount grants the plan's credits; at $0 it grants nothing, as Stripe's invoice would", async () => {
    const half = await createCode({ percent_off: 50 });
    const buyer = await devSignIn(t.app, 'half-plan@example.com');
    const id = await openCheckout(buyer, { type: 'subscription', plan_id: 'lite' });
    await apply(buyer, id, half.code);
    expect((await pay(buyer, id)).json().data).toMatchObject({ credits_granted: 590, balance: 590 });
    expect(await payment(id)).toEqual([{ amount_cents: 1495, credits: 590, no_grant_reason: null }]);

    const free = await createCode({ percent_off: 100 });
    const trial = await devSignIn(t.app, 'free-plan@example.com');
    const freeId = await openCheckout(trial, { type: 'subscription', plan_id: 'lite' });
    await apply(trial, freeId, free.code);
    expect((await pay(trial, freeId)).json().data).toMatchObject({ credits_granted: 0, balance: 0 });
    expect(await payment(freeId)).toEqual([{ amount_cents: 0, credits: 0, no_grant_reason: 'zero_amount' }]);
    const status = (await api('GET', '/api/stripe/subscription/status', trial)).json().data;
    expect(status).toMatchObject({ hasActiveSubscription: true });
    expect(await redeemed(free.id)).toBe(1);
  });

  it('a limit of 5 holds under 20 concurrent payments: 5 are paid, 15 stay open with nothing granted', async () => {
    const code = await createCode({ max_redemptions: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => devSignIn(t.app, `rush-${i}@example.com`)));
    const sessions = await Promise.all(buyers.map((b) => openCheckout(b)));
    for (const [i, b] of buyers.entries()) expect((await apply(b, sessions[i]!, code.code)).statusCode).toBe(200);

    const results = await Promise.all(buyers.map((b, i) => pay(b, sessions[i]!)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(5);
    expect(refused.map((r) => [r.statusCode, r.json().code])).toEqual(Array(15).fill([409, 'PROMOTIONS_USED_UP']));
    expect(await redeemed(code.id)).toBe(5);
    expect(
      Number((await query('SELECT COUNT(*) AS n FROM promo_redemptions WHERE promo_code_id = ?', [code.id]))[0].n),
    ).toBe(5);

    for (const [i, b] of buyers.entries()) {
      const paid = results[i]!.statusCode === 200;
      expect(await session(b, sessions[i]!)).toMatchObject({
        status: paid ? 'complete' : 'open',
        balance: paid ? 330 : 0,
      });
      expect(await payment(sessions[i]!)).toHaveLength(paid ? 1 : 0);
    }
    // A refused buyer removes the code and pays the full price.
    const lateIndex = results.findIndex((r) => r.statusCode !== 200);
    const [late, lateId] = [buyers[lateIndex]!, sessions[lateIndex]!];
    await api('DELETE', `/api/stripe/simulated/${lateId}/promotion-code`, late);
    expect((await pay(late, lateId)).statusCode).toBe(200);
    expect(await payment(lateId)).toEqual([{ amount_cents: 1990, credits: 330, no_grant_reason: null }]);
    expect(await redeemed(code.id)).toBe(5);
  });

  it('a code that expires or is disabled between Apply and Pay refuses the payment and changes nothing', async () => {
    for (const [change, error] of [
      [{ expiresAt: new Date(Date.now() - 1000) }, 'PROMOTIONS_EXPIRED'],
      [{ disabledAt: new Date() }, 'PROMOTIONS_DISABLED'],
    ] as const) {
      const user = await devSignIn(t.app, `meanwhile-${error}@example.com`);
      const id = await openCheckout(user);
      const code = await createCode();
      await apply(user, id, code.code);
      await setCode(code.id, change);
      const res = await pay(user, id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: error,
        message: expect.stringContaining('remove the code to pay the full price'),
      });
      expect(await session(user, id)).toMatchObject({ status: 'open', balance: 0, promotion_code: code.code });
      expect(await payment(id)).toEqual([]);
      expect(await redeemed(code.id)).toBe(0);
    }
  });

  it("the buyer's redemptions are in their data export and go with their account", async () => {
    const user = await devSignIn(t.app, 'leaving@example.com');
    const id = await openCheckout(user);
    const code = await createCode();
    await apply(user, id, code.code);
    await pay(user, id);
    const section = t.app
      .get(AccountExportSections)
      .list(() => undefined)
      .find((s) => s.name === 'promo_redemptions')!;
    expect(await section.page(user.user.id, 0, 100)).toEqual([
      expect.objectContaining({ promoCodeId: code.id, checkoutSessionId: id, discountCents: 398 }),
    ]);
    const deleted = await api('POST', '/api/account/delete', user, { email: 'leaving@example.com' });
    expect(deleted.statusCode).toBe(200);
    expect(await query('SELECT id FROM promo_redemptions WHERE user_id = ?', [user.user.id])).toEqual([]);
    expect(await redeemed(code.id)).toBe(1);
  });
});
