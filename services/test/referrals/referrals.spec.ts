import { DataSource } from 'typeorm';
import { AccountExportSections } from '../../src/account-export/account-export.sections';
import { startFakeGoogle, type FakeGoogle } from '../support/fake-google';
import { devSignIn, type SignedIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { databaseKinds } from '../support/test-database';

jest.setTimeout(180_000);

const REWARD = 100;
/** The Starter pack: what one simulated checkout grants. */
const PACK = 330;
const CONCURRENT = 20;
const CLIENT_ID = 'referrals-test.apps.googleusercontent.com';

describe.each(databaseKinds())('referrals on %s', (kind) => {
  let t: TestApp;
  let google: FakeGoogle;
  let users = 0;

  beforeAll(async () => {
    google = await startFakeGoogle(CLIENT_ID);
    t = await createTestApp(kind, {
      SIGNIN_RATE_LIMIT: '1000',
      CHECKOUT_RATE_LIMIT: '1000',
      DEV_LOGIN: 'true',
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CERTS_URL: google.certsUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });
  afterEach(() => expectLedgerInvariant());

  const query = (sql: string, params: unknown[] = []) => t.app.get(DataSource).query(sql, params);
  const api = (method: 'GET' | 'POST', url: string, user?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: user?.auth, payload });
  const email = (name: string) => `${name}-${kind}-${++users}@example.com`;
  /** A dev sign-in carrying a link's code, as the login page sends it. */
  const signInWith = async (address: string, code?: string): Promise<SignedIn> => {
    const res = await api('POST', '/api/auth/dev', undefined, { email: address, referral_code: code });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { token: body.token, user: body.user, auth: { authorization: `Bearer ${body.token}` } };
  };
  const summary = async (user: SignedIn) => {
    const res = await api('GET', '/api/referrals', user);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const codeOf = async (user: SignedIn): Promise<string> => (await summary(user)).code;
  const balance = async (user: SignedIn) =>
    (await api('GET', '/api/credits/balance', user)).json().data.total_credits as number;
  /** A Starter pack checkout, open. */
  const openCheckout = async (user: SignedIn): Promise<string> => {
    const res = await api('POST', '/api/stripe/create-payment-intent', user, {
      type: 'credits',
      package_id: 'starter',
    });
    expect(res.statusCode).toBe(200);
    return res.json().session_id;
  };
  const pay = async (user: SignedIn, sessionId: string) => {
    const res = await api('POST', `/api/stripe/simulated/${sessionId}/complete`, user);
    expect(res.statusCode).toBe(200);
  };
  const buy = async (user: SignedIn) => pay(user, await openCheckout(user));
  const referralLines = async (userId: string) =>
    (await query(
      "SELECT amount, idempotency_key FROM credit_transactions WHERE user_id = ? AND source_type = 'referral'",
      [userId],
    )) as { amount: number; idempotency_key: string }[];
  const referralRow = async (referredId: string) =>
    (
      (await query('SELECT referrer_user_id, rewarded_at, reward_credits FROM referrals WHERE referred_user_id = ?', [
        referredId,
      ])) as { referrer_user_id: string | null; rewarded_at: unknown; reward_credits: number }[]
    )[0] ?? null;
  const deleteAccount = async (user: SignedIn) => {
    const res = await api('POST', '/api/account/delete', user, { email: user.user.email });
    expect(res.statusCode).toBe(200);
  };
  async function expectLedgerInvariant() {
    const rows: { credits: number; total: number | string | null }[] = await query(
      'SELECT u.credits, (SELECT SUM(c.amount) FROM credit_transactions c WHERE c.user_id = u.id) AS total FROM users u',
    );
    for (const row of rows) expect(Number(row.credits)).toBe(Number(row.total ?? 0));
  }

  it('gives each user one link, made on the first ask, naming nothing of them', async () => {
    const ann = await devSignIn(t.app, email('ann'));
    expect((await api('GET', '/api/referrals')).statusCode).toBe(401);
    const first = await summary(ann);
    expect(first).toEqual({
      link: `http://localhost:3000/?ref=${first.code}`,
      code: expect.stringMatching(/^[A-Za-z0-9_-]{10}$/),
      reward_credits: REWARD,
      invited: 0,
      rewarded: 0,
      credits_earned: 0,
    });
    expect(first.code).not.toContain(ann.user.id.slice(0, 4));
    expect(await summary(ann)).toEqual(first);
    expect((await summary(await devSignIn(t.app, email('bob')))).code).not.toBe(first.code);
  });

  it('a sign-up through the link and its first purchase reward both sides once; a second purchase gives nothing', async () => {
    const referrer = await devSignIn(t.app, email('referrer'));
    const code = await codeOf(referrer);
    const friend = await signInWith(email('friend'), code);
    expect(await summary(referrer)).toMatchObject({ invited: 1, rewarded: 0, credits_earned: 0 });
    expect(await balance(friend)).toBe(0);

    await buy(friend);
    expect(await balance(friend)).toBe(PACK + REWARD);
    expect(await balance(referrer)).toBe(REWARD);
    expect(await summary(referrer)).toMatchObject({ invited: 1, rewarded: 1, credits_earned: REWARD });
    // The friend's own link brought nothing yet.
    expect(await summary(friend)).toMatchObject({ invited: 0, rewarded: 0, credits_earned: 0 });

    await buy(friend);
    expect(await balance(friend)).toBe(2 * PACK + REWARD);
    expect(await balance(referrer)).toBe(REWARD);
    expect(await referralLines(friend.user.id)).toEqual([
      { amount: REWARD, idempotency_key: `referral:${friend.user.id}:referred` },
    ]);
    expect(await referralLines(referrer.user.id)).toEqual([
      { amount: REWARD, idempotency_key: `referral:${friend.user.id}:referrer` },
    ]);
    // The history names both lines.
    const history = (await api('GET', '/api/credits/balance', referrer)).json().data.transactions;
    expect(history[0]).toMatchObject({ source_type: 'referral', source_id: friend.user.id, amount: REWARD });
  });

  it(`rewards once under ${CONCURRENT} concurrent first purchases`, async () => {
    const referrer = await devSignIn(t.app, email('busy-referrer'));
    const friend = await signInWith(email('eager-friend'), await codeOf(referrer));
    const sessions: string[] = [];
    for (let i = 0; i < CONCURRENT; i++) sessions.push(await openCheckout(friend));

    await Promise.all(sessions.map((id) => pay(friend, id)));

    expect(await referralLines(friend.user.id)).toHaveLength(1);
    expect(await referralLines(referrer.user.id)).toHaveLength(1);
    expect(await balance(friend)).toBe(CONCURRENT * PACK + REWARD);
    expect(await balance(referrer)).toBe(REWARD);
    expect(await referralRow(friend.user.id)).toMatchObject({
      referrer_user_id: referrer.user.id,
      reward_credits: REWARD,
    });
    expect(await summary(referrer)).toMatchObject({ invited: 1, rewarded: 1, credits_earned: REWARD });
  });

  it('a Google sign-up carries the code too; signing in again with another code changes nothing', async () => {
    const referrer = await devSignIn(t.app, email('google-host'));
    const other = await devSignIn(t.app, email('other-host'));
    const claims = { sub: `google-${kind}-${++users}`, email: email('gina') };
    const signIn = async (code: string) => {
      const res = await api('POST', '/api/auth/google', undefined, {
        token: google.idToken(claims),
        referral_code: code,
      });
      expect(res.statusCode).toBe(200);
      return res.json().user.id as string;
    };
    const id = await signIn(await codeOf(referrer));
    expect(await signIn(await codeOf(other))).toBe(id);
    expect(await referralRow(id)).toMatchObject({ referrer_user_id: referrer.user.id });
    expect(await summary(other)).toMatchObject({ invited: 0 });
  });

  it('never records a self-referral, nor a sign-in of an account that already existed', async () => {
    const self = await devSignIn(t.app, email('self'));
    const code = await codeOf(self);
    await signInWith(self.user.email, code);
    const existing = await devSignIn(t.app, email('existing'));
    await signInWith(existing.user.email, code);

    expect(await referralRow(self.user.id)).toBeNull();
    expect(await referralRow(existing.user.id)).toBeNull();
    expect(await summary(self)).toMatchObject({ invited: 0 });
    await buy(existing);
    expect(await balance(existing)).toBe(PACK);
    expect(await balance(self)).toBe(0);
  });

  it('an unknown code still signs in, recording nothing; a malformed one is refused by the contract', async () => {
    const stranger = await signInWith(email('stranger'), 'Unknown_12');
    expect(stranger.user.id).toBeTruthy();
    expect(await referralRow(stranger.user.id)).toBeNull();
    const malformed = await api('POST', '/api/auth/dev', undefined, { email: email('odd'), referral_code: 'x;drop' });
    expect(malformed.statusCode).toBe(400);
  });

  it('a deleted account re-created through a link (same e-mail) gets no referral', async () => {
    const referrer = await devSignIn(t.app, email('host'));
    const code = await codeOf(referrer);
    const address = email('returning');
    const first = await signInWith(address, code);
    expect(await referralRow(first.user.id)).not.toBeNull();
    await deleteAccount(first);
    // Its own referral went with it.
    expect(await referralRow(first.user.id)).toBeNull();

    const again = await signInWith(address, code);
    expect(again.user.id).not.toBe(first.user.id);
    expect(await referralRow(again.user.id)).toBeNull();
    await buy(again);
    expect(await balance(again)).toBe(PACK);
    expect(await balance(referrer)).toBe(0);
    expect(await summary(referrer)).toMatchObject({ invited: 0, rewarded: 0 });
  });

  it('a referrer deleted before the purchase: the friend still gets theirs, nobody else does; the link stops working', async () => {
    const referrer = await devSignIn(t.app, email('leaver'));
    const code = await codeOf(referrer);
    const friend = await signInWith(email('left-behind'), code);
    await deleteAccount(referrer);
    expect(await referralRow(friend.user.id)).toMatchObject({ referrer_user_id: null });

    await buy(friend);
    expect(await balance(friend)).toBe(PACK + REWARD);
    expect(await referralLines(referrer.user.id)).toEqual([]);
    const late = await signInWith(email('too-late'), code);
    expect(await referralRow(late.user.id)).toBeNull();
  });

  it("the data export lists the user's code and referrals, never the other side", async () => {
    const referrer = await devSignIn(t.app, email('exporter'));
    const code = await codeOf(referrer);
    const friend = await signInWith(email('exported-friend'), code);
    await buy(friend);

    const sections = t.app.get(AccountExportSections).list(() => undefined);
    const section = (name: string, userId: string) => sections.find((s) => s.name === name)!.page(userId, 0, 100);
    expect(await section('referral_code', referrer.user.id)).toEqual([{ code, created_at: expect.any(Date) }]);
    const mine = await section('referrals', referrer.user.id);
    expect(mine).toEqual([
      { role: 'referrer', created_at: expect.any(Date), rewarded_at: expect.any(Date), reward_credits: REWARD },
    ]);
    expect(JSON.stringify(mine)).not.toContain(friend.user.id);
    expect(await section('referrals', friend.user.id)).toEqual([
      expect.objectContaining({ role: 'invited', reward_credits: REWARD, payment_id: expect.any(String) }),
    ]);
    expect(JSON.stringify(await section('referrals', friend.user.id))).not.toContain(referrer.user.id);
    expect(await section('referral_code', friend.user.id)).toEqual([]);
  });
});

describe('referrals turned off (REFERRAL_CREDITS=0)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { REFERRAL_CREDITS: '0', SIGNIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives no link and records no sign-up', async () => {
    const user = await devSignIn(t.app, 'off@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/referrals', headers: user.auth });
    expect(res.json().data).toEqual({
      link: null,
      code: null,
      reward_credits: 0,
      invited: 0,
      rewarded: 0,
      credits_earned: 0,
    });
    const rows = await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM referral_codes');
    expect(Number(rows[0].n)).toBe(0);
  });
});
