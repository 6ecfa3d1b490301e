import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { installDialogPolyfill, renderRoute } from '../testing/render-route';
import AccountPage from './account-page';

/** One payment as GET /api/account/payments sends it. */
function payment(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    created_at: '2026-11-20T10:00:00.000Z',
    kind: 'pack',
    item_id: 'starter',
    amount_cents: 1990,
    currency: 'usd',
    credits: 330,
    status: 'paid',
    refunded_cents: 0,
    simulated: true,
    receipt_url: null,
    ...overrides,
  };
}

const PAYMENTS = [
  payment('in_1', {
    kind: 'renewal',
    item_id: 'pro',
    amount_cents: 5990,
    credits: 1340,
    simulated: false,
    receipt_url: 'https://invoice.stripe.com/i/in_1',
  }),
  payment('cs_2', { status: 'refunded', refunded_cents: 1990 }),
  payment('cs_3', { status: 'partially_refunded', refunded_cents: 995 }),
];

const ACTIVE = {
  hasActiveSubscription: true,
  subscription: {
    id: 'sub_1',
    planId: 'pro',
    billingCycle: 'monthly',
    currentPeriodEnd: '2026-12-27T10:00:00.000Z',
    status: 'active',
  },
  portalAvailable: false,
};

type Reply = () => Promise<Response> | Response;
interface Server {
  payments?: Reply;
  status?: object;
  /** GET /api/referrals' reward_credits: 0 while referrals are off. */
  referralCredits?: number;
}

/** The API as the account page calls it; `payments` may fail, hang or answer. */
function serve({
  payments = () => ok({ items: PAYMENTS, total: 3 }),
  status = ACTIVE,
  referralCredits = 100,
}: Server = {}) {
  const fetchMock = jest.fn(async (url: string) => {
    if (url.startsWith('/api/credits/balance'))
      return ok({ total_credits: 2655, transactions: [], user: { id: 'u1', credits: 2655 } });
    if (url.startsWith('/api/credits/u1/transactions')) return ok({ items: [], total: 0, limit: 10, offset: 0 });
    if (url.startsWith('/api/account/profile')) return ok({ member_since: '2026-03-05T08:00:00.000Z' });
    if (url.startsWith('/api/account/payments')) return payments();
    if (url.startsWith('/api/stripe/subscription/status')) return ok(status);
    if (url.startsWith('/api/referrals')) {
      const link = referralCredits ? { link: 'http://localhost:3000/?ref=AbCdEfGh12', code: 'AbCdEfGh12' } : null;
      return ok({
        link: null,
        code: null,
        ...link,
        reward_credits: referralCredits,
        invited: 0,
        rewarded: 0,
        credits_earned: 0,
      });
    }
    return jsonResponse({ success: false, message: `unexpected ${url}` }, 500);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
const ok = (data: unknown) => jsonResponse({ success: true, data });

const renderPage = () => renderRoute('/account', '/account', <AccountPage />);
const section = (name: string) => screen.getByRole('region', { name });

describe('AccountPage', () => {
  beforeAll(installDialogPolyfill);
  beforeEach(() => {
    localStorage.clear();
    setLanguage('en');
  });

  it('asks a visitor to sign in, as the other pages do', () => {
    const fetchMock = serve();
    act(() => void sessionStore.restore());
    renderPage();
    expect(screen.getByText('Please sign in to see your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/login?next=%2Faccount');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the profile: name, e-mail, sign-in provider, member since', async () => {
    serve();
    signInForTest({ id: 'u1', name: 'Ann Lee', email: 'ann@example.com', provider: 'google' });
    renderPage();
    const profile = section('Profile');
    expect(within(profile).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(profile).getByText('ann@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Google')).toBeInTheDocument();
    expect(await within(profile).findByText('Mar 5, 2026')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account sections' })).toBeInTheDocument();
  });

  it('shows Invite friends in the menu while referrals are on, and neither it nor its entry while off', async () => {
    serve();
    signInForTest({ id: 'u1' });
    const { unmount } = renderPage();
    expect(await within(section('Invite friends')).findByRole('textbox', { name: 'Your invitation link' })).toHaveValue(
      'http://localhost:3000/?ref=AbCdEfGh12',
    );
    expect(screen.getByRole('link', { name: 'Invite friends' })).toHaveAttribute('href', '#invite');
    unmount();

    serve({ referralCredits: 0 });
    renderPage();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invite friends' })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Invite friends' })).not.toBeInTheDocument();
    expect(section('Notifications')).toBeInTheDocument();
  });

  it('shows the balance beside the credit history', async () => {
    serve();
    signInForTest({ id: 'u1' });
    renderPage();
    const credits = section('Credits');
    await waitFor(() => expect(within(credits).getByTestId('credits-balance').textContent).toBe('2,655 credits'));
    expect(within(credits).getByRole('heading', { level: 3, name: 'Credit history' })).toBeInTheDocument();
  });

  it('shows that payments are loading', async () => {
    serve({ payments: () => new Promise<Response>(() => {}) });
    signInForTest({ id: 'u1' });
    renderPage();
    expect(await within(section('Payments')).findByRole('status')).toBeInTheDocument();
  });

  it('says when the payments failed to load, and Retry loads them', async () => {
    let calls = 0;
    serve({
      payments: () =>
        ++calls === 1
          ? jsonResponse({ success: false, message: 'boom' }, 500)
          : ok({ items: PAYMENTS.slice(1, 2), total: 1 }),
    });
    signInForTest({ id: 'u1' });
    renderPage();
    const payments = section('Payments');
    expect(await within(payments).findByText('Failed to load your payments.')).toBeInTheDocument();
    fireEvent.click(within(payments).getByRole('button', { name: 'Retry' }));
    expect(await within(payments).findByText('Starter credit pack')).toBeInTheDocument();
    expect(within(payments).queryByText('Failed to load your payments.')).toBeNull();
  });

  it('says when there are no payments yet', async () => {
    serve({ payments: () => ok({ items: [], total: 0 }) });
    signInForTest({ id: 'u1' });
    renderPage();
    expect(
      await within(section('Payments')).findByText(
        'No payments yet. Packs and plans you buy appear here with their receipts.',
      ),
    ).toBeInTheDocument();
  });

  /** The payments table's rows as the reader sees them. */
  const paymentRows = (heading = 'Payments') =>
    within(section(heading))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );

  it('lists each payment with what it bought, amount, credits, status and its receipt', async () => {
    serve();
    signInForTest({ id: 'u1' });
    renderPage();
    await within(section('Payments')).findByText('Pro plan renewal');
    expect(paymentRows()).toEqual([
      ['Nov 20, 2026', 'Pro plan renewal', '$59.90', '1,340 credits', 'Paid', 'Receipt'],
      ['Nov 20, 2026', 'Starter credit pack', '$19.90', '330 credits', 'Refunded', 'Receipt'],
      ['Nov 20, 2026', 'Starter credit pack', '$19.90', '330 credits', 'Partly refunded ($9.95)', 'Receipt'],
    ]);
    const stripe = screen.getByRole('link', {
      name: 'Receipt for Pro plan renewal, Nov 20, 2026 (opens in a new tab)',
    });
    expect(stripe).toHaveAttribute('href', 'https://invoice.stripe.com/i/in_1');
    expect(stripe).toHaveAttribute('target', '_blank');
    const own = screen.getAllByRole('link', { name: 'Receipt for Starter credit pack, Nov 20, 2026' });
    expect(own[0]).toHaveAttribute('href', '/account/receipts/cs_2');
  });

  it('zh-CN: the pricing cards’ names, full-width punctuation, one number format', async () => {
    setLanguage('zh-CN');
    serve();
    signInForTest({ id: 'u1' });
    renderPage();
    await within(section('付款记录')).findByText('Pro 套餐续费');
    expect(paymentRows('付款记录')[0]).toEqual([
      '2026年11月20日',
      'Pro 套餐续费',
      '$59.90',
      '1,340 积分',
      '已付款',
      '收据',
    ]);
    expect(paymentRows('付款记录')[2]?.[4]).toBe('部分退款（$9.95）');
  });

  it('shows the plan with its status, next date and credits, and cancels it as pricing does', async () => {
    serve();
    signInForTest({ id: 'u1' });
    renderPage();
    const plan = section('Plan');
    expect(await within(plan).findByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('1,340 credits a month')).toBeInTheDocument();
    expect(within(plan).getByTestId('next-billing-date').textContent).toBe('December 27, 2026');
    // The simulated checkout has no Stripe portal.
    expect(within(plan).queryByRole('button', { name: 'Manage Billing' })).toBeNull();
    fireEvent.click(within(plan).getByRole('button', { name: /cancel subscription/i }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows when a plan set to cancel in Stripe’s portal ends, instead of its next billing date', async () => {
    serve({
      status: { ...ACTIVE, subscription: { ...ACTIVE.subscription, cancelAt: '2026-12-27T10:00:00.000Z' } },
    });
    signInForTest({ id: 'u1' });
    renderPage();
    const plan = section('Plan');
    expect(await within(plan).findByText('Cancelled: ends at the end of this period')).toBeInTheDocument();
    expect(within(plan).getByText('Ends on')).toBeInTheDocument();
    expect(within(plan).getByTestId('plan-end-date').textContent).toBe('December 27, 2026');
    expect(within(plan).queryByTestId('next-billing-date')).toBeNull();
  });

  it('offers the plans to a user without one', async () => {
    serve({ status: { hasActiveSubscription: false, subscription: null, portalAvailable: true } });
    signInForTest({ id: 'u1' });
    renderPage();
    const plan = section('Plan');
    expect(await within(plan).findByText('You have no plan. Plans add credits every month.')).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  });
});
