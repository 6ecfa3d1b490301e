import { DataSource } from 'typeorm';
import { findVideoModel } from '@veo3/contracts/catalogue';
import { VideoProviders } from '../src/video/providers/video-providers';
import { ScriptedProvider } from './support/scripted-provider';
import { devSignIn, type SignedIn } from './support/sign-in';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';
import { videoClient } from './support/video-client';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Figures {
  sign_ups: number;
  paying_users: number;
  revenue_cents: number;
  refunded_cents: number;
  net_revenue_cents: number;
  credits_granted: number;
  credits_spent: number;
  generations: { model: string; outcome: string; count: number }[];
}

describe.each(databaseKinds())('admin overview on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let v: ReturnType<typeof videoClient>;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        ADMIN_EMAILS: 'admin@example.com',
        SIGNIN_RATE_LIMIT: '1000',
        GENERATE_RATE_LIMIT: '1000',
        VIDEO_POLL_INTERVAL_MS: '20',
      },
      [{ provide: VideoProviders, useValue: new VideoProviders([new ScriptedProvider()]) }],
    );
    admin = await devSignIn(t.app, 'admin@example.com');
    v = videoClient(t, admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const query = (sql: string, params: unknown[] = []) => t.app.get(DataSource).query(sql, params);
  const api = (method: 'GET' | 'POST', url: string, user?: SignedIn, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: user?.auth, ...(payload !== undefined && { payload }) });
  const overview = async (range = '') => {
    const res = await api('GET', `/api/admin/overview${range}`, admin);
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      from: string;
      to: string;
      currency: string;
      days: (Figures & { date: string })[];
      totals: Figures;
    };
  };

  async function buyPack(user: SignedIn, packageId: string): Promise<string> {
    const created = await api('POST', '/api/stripe/create-payment-intent', user, {
      type: 'credits',
      package_id: packageId,
    });
    const id = created.json().session_id as string;
    expect((await api('POST', `/api/stripe/simulated/${id}/complete`, user)).statusCode).toBe(200);
    return id;
  }

  it('refuses anyone but an admin, and bad ranges with a 400', async () => {
    const user = await devSignIn(t.app, 'overview-nosy@example.com');
    expect((await api('GET', '/api/admin/overview')).statusCode).toBe(401);
    expect((await api('GET', '/api/admin/overview', user)).statusCode).toBe(403);
    for (const range of [
      '?from=2026-03-02&to=2026-03-01',
      '?from=2025-01-01&to=2026-01-02',
      '?from=2026-02-30',
      '?to=yesterday',
      '?from=2026-1-1',
    ]) {
      const res = await api('GET', `/api/admin/overview${range}`, admin);
      expect([range, res.statusCode]).toEqual([range, 400]);
      expect(res.json().success).toBe(false);
    }
    // 366 days is the most a range may span.
    const leap = await overview('?from=2024-01-01&to=2024-12-31');
    expect(leap.days).toHaveLength(366);
  });

  it('by UTC day, every day of the range present; the last 30 days by default', async () => {
    const today = day(Date.now());
    const last30 = await overview();
    expect(last30).toMatchObject({ to: today, from: day(Date.now() - 29 * DAY), currency: 'usd' });
    expect(last30.days.map((d) => d.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => day(Date.now() - (29 - i) * DAY)),
    );

    const empty = await overview('?from=2020-02-27&to=2020-03-01');
    expect(empty.days.map((d) => d.date)).toEqual(['2020-02-27', '2020-02-28', '2020-02-29', '2020-03-01']);
    expect(empty.totals).toEqual({
      sign_ups: 0,
      paying_users: 0,
      revenue_cents: 0,
      refunded_cents: 0,
      net_revenue_cents: 0,
      credits_granted: 0,
      credits_spent: 0,
      generations: [],
    });
  });

  it('counts sign-ups, payers, revenue net of refunds, credits granted and spent, and generations by model and outcome', async () => {
    const before = (await overview()).totals;
    const buyer = await devSignIn(t.app, 'overview-buyer@example.com');
    const refunded = await devSignIn(t.app, 'overview-refunded@example.com');
    await buyPack(buyer, 'basic');
    await buyPack(buyer, 'starter');
    const refundedPack = await buyPack(refunded, 'starter');
    const res = await api('POST', `/api/admin/payments/${refundedPack}/refund`, admin, { reason: 'Bought by mistake' });
    expect(res.statusCode).toBe(200);

    const cost = findVideoModel('veo3')!.cost;
    const made = await v.generate({ prompt: 'a cat', model: 'veo3' }, buyer);
    const failed = await v.generate({ prompt: 'a cat [fail]', model: 'veo3' }, buyer);
    await v.waitFor(buyer, made.json().data.taskId, ['completed']);
    await v.waitFor(buyer, failed.json().data.taskId, ['failed']);

    const now = await overview();
    const today = now.days.at(-1)!;
    expect(today.date).toBe(day(Date.now()));
    const totals = now.totals;
    expect(totals.sign_ups - before.sign_ups).toBe(2);
    expect(totals.paying_users - before.paying_users).toBe(2);
    expect(totals.revenue_cents - before.revenue_cents).toBe(4990 + 1990 + 1990);
    expect(totals.refunded_cents - before.refunded_cents).toBe(1990);
    expect(totals.net_revenue_cents).toBe(totals.revenue_cents - totals.refunded_cents);
    expect(totals.credits_granted - before.credits_granted).toBe(950 + 330 + 330);
    // The failed video's refund cancels its debit.
    expect(totals.credits_spent - before.credits_spent).toBe(cost);
    const generations = (f: Figures, outcome: string) =>
      f.generations.find((g) => g.model === 'veo3' && g.outcome === outcome)?.count ?? 0;
    expect(generations(totals, 'succeeded') - generations(before, 'succeeded')).toBe(1);
    expect(generations(totals, 'failed') - generations(before, 'failed')).toBe(1);
    // The days add up to the totals (payers are counted once over the range).
    expect(now.days.reduce((sum, d) => sum + d.revenue_cents, 0)).toBe(totals.revenue_cents);
    expect(now.days.reduce((sum, d) => sum + d.net_revenue_cents, 0)).toBe(totals.net_revenue_cents);
  });

  it("revenue equals the range's payments minus its refunds, each on its own UTC day", async () => {
    const user = await devSignIn(t.app, 'overview-days@example.com');
    const early = await buyPack(user, 'basic');
    const late = await buyPack(user, 'starter');
    const outside = await buyPack(user, 'standard');
    await api('POST', `/api/admin/payments/${late}/refund`, admin, { reason: 'Refund for the test' });
    // Moved into a past month: the last millisecond of a day and the first of the next.
    await query('UPDATE payments SET created_at = ? WHERE id = ?', ['2025-06-10 23:59:59.999', early]);
    await query('UPDATE payments SET created_at = ?, refunded_at = ? WHERE id = ?', [
      '2025-06-11 00:00:00.000',
      '2025-06-20 12:00:00.000',
      late,
    ]);
    await query('UPDATE payments SET created_at = ? WHERE id = ?', ['2025-07-01 00:00:00.000', outside]);

    const june = await overview('?from=2025-06-01&to=2025-06-30');
    const on = (date: string) => june.days.find((d) => d.date === date)!;
    expect(on('2025-06-10')).toMatchObject({ revenue_cents: 4990, refunded_cents: 0, paying_users: 1 });
    expect(on('2025-06-11')).toMatchObject({ revenue_cents: 1990, refunded_cents: 0, paying_users: 1 });
    expect(on('2025-06-20')).toMatchObject({ revenue_cents: 0, refunded_cents: 1990, net_revenue_cents: -1990 });
    expect(june.totals).toMatchObject({
      revenue_cents: 4990 + 1990,
      refunded_cents: 1990,
      net_revenue_cents: 4990,
      paying_users: 1,
    });

    // Whatever the range, the net is what the payments table says for it.
    const ranges: [string, string][] = [
      ['2025-06-01', '2025-06-30'],
      ['2025-06-11', '2025-07-31'],
      ['2025-06-10', '2025-06-10'],
    ];
    for (const [from, to] of ranges) {
      const [paid] = await query(
        'SELECT SUM(amount_cents) AS cents FROM payments WHERE created_at >= ? AND created_at < ?',
        [`${from} 00:00:00.000`, `${day(Date.parse(to) + DAY)} 00:00:00.000`],
      );
      const [back] = await query(
        'SELECT SUM(refunded_cents) AS cents FROM payments WHERE refunded_at >= ? AND refunded_at < ?',
        [`${from} 00:00:00.000`, `${day(Date.parse(to) + DAY)} 00:00:00.000`],
      );
      const range = await overview(`?from=${from}&to=${to}`);
      expect([from, to, range.totals.net_revenue_cents]).toEqual([
        from,
        to,
        Number(paid.cents ?? 0) - Number(back.cents ?? 0),
      ]);
    }
  });
});
