import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest, testUser } from '@veo3/platform/testing/test-session';
import { checkoutSession, paidSession } from '../testing/checkout-session.fixture';
import { renderRoute } from '../testing/render-route';
import PaymentSuccessPage from './payment-success-page';

const renderPage = (url = '/payment/success?session_id=sim_1') =>
  renderRoute('/payment/success', url, <PaymentSuccessPage />);

/** The page's own live region (spinners have role=status too, but are hidden from screen readers here). */
const announcement = () =>
  screen
    .getAllByRole('status')
    .map((node) => node.textContent)
    .join(' | ');
/**
 * Runs due timers and the promises they settle. A reply settles through several promises and then
 * a zero-delay timer (the query's notification), which fake timers run 1 ms later when it is set
 * during a tick; so a few 1 ms rounds follow.
 */
async function advance(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 3; round++) await act(() => jest.advanceTimersByTimeAsync(1));
}

let fetchMock: jest.Mock;
let replies: Response[];
/** What GET /api/credits/balance answers, when it is asked. */
let balanceReply: () => Promise<Response>;
const balanceOf = (total_credits: number) => async () =>
  jsonResponse({
    success: true,
    data: { total_credits, transactions: [], user: { ...testUser, credits: total_credits } },
  });
const sessionCalls = () =>
  fetchMock.mock.calls.filter(([url]) => (url as string).startsWith('/api/stripe/checkout-session/')).length;
const balanceCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/credits/balance').length;

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => {
    sessionStore.restore();
  });
  replies = [];
  balanceReply = balanceOf(330);
  fetchMock = jest.fn(async (url: string) => {
    if (url === '/api/credits/balance') return balanceReply();
    if (!url.startsWith('/api/stripe/checkout-session/')) throw new Error(`unexpected ${url}`);
    return replies.length > 1 ? replies.shift()! : replies[0]!;
  });
  globalThis.fetch = fetchMock;
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('PaymentSuccessPage', () => {
  it('without a session id: a plain message and a way to the plans', () => {
    signInForTest();
    renderPage('/payment/success');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No payment to show');
    expect(screen.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signed out: thanks the buyer and asks to login, without asking the server', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for your purchase');
    expect(screen.getByText('Please login to see your purchase and your new balance.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toMatch(
      /^\/login\?next=%2Fpayment%2Fsuccess%3Fsession_id%3D/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows what was granted and the new balance, and refreshes the header balance', async () => {
    signInForTest();
    replies = [jsonResponse({ success: true, data: paidSession() })];
    const { client } = renderPage();
    client.setQueryData(creditsKeys.balance('1'), { total_credits: 0 });
    expect(announcement()).toContain('Confirming your payment...');

    await waitFor(() => expect(announcement()).toContain('Payment successful! Your credits have been added.'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for your purchase');
    expect(screen.getByText('+330 credits')).toBeTruthy();
    expect(screen.getByText('Starter credit pack')).toBeTruthy();
    expect(screen.getByTestId('new-balance').textContent).toBe('New balance: 330 credits');
    expect(screen.getByText('Reference: sim_1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Creating' }).getAttribute('href')).toBe(
      '/text-to-veo3-video?type=text',
    );
    expect(screen.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
    expect(document.title).toBe('Payment successful | Veo 3 Studio');
    // The shared balance (the header's) is read again now that the credits are in.
    await waitFor(() => expect(balanceCalls()).toBe(1));

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/stripe/checkout-session/sim_1');
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer test-token');
  });

  it('a subscription says its plan is active', async () => {
    signInForTest();
    // The balance read after the payment has not answered yet: the session's balance is shown.
    balanceReply = () => new Promise<Response>(() => {});
    replies = [
      jsonResponse({
        success: true,
        data: paidSession({
          type: 'subscription',
          item_id: 'lite',
          item_name: 'Lite',
          amount: 29.9,
          credits: 590,
          billing_cycle: 'monthly',
          credits_granted: 590,
          balance: 630,
        }),
      }),
    ];
    renderPage();
    expect(await screen.findByText('+590 credits')).toBeTruthy();
    expect(screen.getByText('Lite plan, now active')).toBeTruthy();
    expect(screen.getByTestId('new-balance').textContent).toBe('New balance: 630 credits');
  });

  it('zh-CN texts', async () => {
    setLanguage('zh-CN');
    signInForTest();
    replies = [jsonResponse({ success: true, data: paidSession() })];
    renderPage();
    await waitFor(() => expect(announcement()).toContain('支付成功！积分已到账。'));
    expect(screen.getByText('+330 积分')).toBeTruthy();
    expect(screen.getByTestId('new-balance').textContent).toBe('当前余额：330 积分');
    expect(screen.getByRole('link', { name: '开始创作' })).toBeTruthy();
  });

  it('shows the balance itself, read after the payment, never one cached before it, and no word about the header', async () => {
    // One millisecond for everything: a balance cached in the same millisecond as the confirmation
    // is still older than the payment (updates are counted, not timed).
    jest.spyOn(Date, 'now').mockReturnValue(1_764_000_000_000);
    signInForTest();
    let answer!: (response: Response) => void;
    balanceReply = () => new Promise<Response>((resolve) => (answer = resolve));
    replies = [jsonResponse({ success: true, data: paidSession({ credits_granted: 1340, balance: 1340 }) })];
    const { client } = renderPage();
    client.setQueryData(creditsKeys.balance('1'), { total_credits: 0, transactions: [], user: testUser });

    await waitFor(() => expect(screen.getByTestId('new-balance').textContent).toBe('New balance: 1,340 credits'));
    expect(screen.getByText('+1,340 credits')).toBeTruthy();
    await waitFor(() => expect(balanceCalls()).toBe(1));
    expect(screen.getByTestId('new-balance').textContent).toBe('New balance: 1,340 credits');

    // Meanwhile a video in another tab spent 40: the balance read now is the one shown.
    await act(async () => answer(await balanceOf(1300)()));
    await waitFor(() => expect(screen.getByTestId('new-balance').textContent).toBe('New balance: 1,300 credits'));
    expect(screen.queryByText(/header/i)).toBeNull();
  });

  it('zh-CN: the translated pack name and no word about the page top', async () => {
    setLanguage('zh-CN');
    signInForTest();
    replies = [jsonResponse({ success: true, data: paidSession() })];
    renderPage();
    expect(await screen.findByText('入门积分包')).toBeTruthy();
    expect(screen.getByText('开始创作精彩视频吧。')).toBeTruthy();
    expect(screen.queryByText(/顶部/)).toBeNull();
  });

  it('polls every 2 s while the payment is not confirmed, then shows the credits', async () => {
    jest.useFakeTimers();
    signInForTest();
    replies = [
      jsonResponse({ success: true, data: checkoutSession() }),
      jsonResponse({ success: true, data: checkoutSession({ status: 'complete', payment_status: 'unpaid' }) }),
      jsonResponse({ success: true, data: paidSession() }),
    ];
    renderPage();
    await advance(0);
    expect(sessionCalls()).toBe(1);
    expect(announcement()).toContain('Confirming your payment...');
    expect(document.title).toBe('Confirming payment | Veo 3 Studio');

    await advance(1_900);
    expect(sessionCalls()).toBe(1);
    await advance(100);
    expect(sessionCalls()).toBe(2);
    expect(announcement()).toContain('Confirming your payment...');

    await advance(2_000);
    expect(sessionCalls()).toBe(3);
    expect(announcement()).toContain('Payment successful! Your credits have been added.');
    expect(screen.getByText('+330 credits')).toBeTruthy();

    // Confirmed: no more polling.
    await advance(10_000);
    expect(sessionCalls()).toBe(3);
  });

  it('stops after about 30 s with a message and Check again, which polls anew', async () => {
    jest.useFakeTimers();
    signInForTest();
    replies = [jsonResponse({ success: true, data: checkoutSession() })];
    renderPage();
    await advance(0);
    for (let i = 0; i < 15; i++) await advance(2_000);
    expect(sessionCalls()).toBe(16);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment not confirmed yet');
    expect(announcement()).toContain('We have not received confirmation of your payment yet.');

    await advance(10_000);
    expect(sessionCalls()).toBe(16);

    replies = [jsonResponse({ success: true, data: paidSession() })];
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await advance(0);
    expect(sessionCalls()).toBe(17);
    expect(announcement()).toContain('Payment successful! Your credits have been added.');
  });

  it('an expired checkout says nothing was charged', async () => {
    signInForTest();
    replies = [jsonResponse({ success: true, data: checkoutSession({ status: 'expired' }) })];
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(announcement()).toContain('Nothing was charged.');
  });

  it('an unknown session says it was not found', async () => {
    signInForTest();
    replies = [jsonResponse({ success: false, message: 'Checkout session not found', code: 'NOT_FOUND' }, 404)];
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeTruthy();
    expect(announcement()).toContain('This checkout session was not found.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('any other failure offers Retry', async () => {
    signInForTest();
    replies = [jsonResponse({ success: false, message: 'boom' }, 500)];
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Could not check your payment' })).toBeTruthy();
    replies = [jsonResponse({ success: true, data: paidSession() })];
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('+330 credits')).toBeTruthy();
  });
});
