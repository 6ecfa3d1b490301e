import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { checkoutSession } from '../testing/checkout-session.fixture';
import { renderRoute } from '../testing/render-route';
import CheckoutPage from './checkout-page';
import { redirectTo } from './redirect';

jest.mock('./redirect', () => ({ ...jest.requireActual('./redirect'), redirectTo: jest.fn() }));

const renderPage = (url = '/payment/checkout?session_id=sim_1') =>
  renderRoute('/payment/checkout', url, <CheckoutPage />);

type Handler = () => Response | Promise<Response>;
let fetchMock: jest.Mock;
let routes: Record<string, Handler>;

const calls = (key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${(init as RequestInit).method ?? 'GET'} ${url}` === key);

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => {
    sessionStore.restore();
  });
  jest.mocked(redirectTo).mockClear();
  routes = {
    'GET /api/stripe/checkout-session/sim_1': () => jsonResponse({ success: true, data: checkoutSession() }),
    'POST /api/stripe/simulated/sim_1/complete': () =>
      jsonResponse({
        success: true,
        data: { redirect_url: '/payment/success?session_id=sim_1', credits_granted: 330, balance: 330 },
      }),
  };
  fetchMock = jest.fn(async (url: string, init: RequestInit) => {
    const handler = routes[`${init.method ?? 'GET'} ${url}`];
    if (!handler) throw new Error(`unexpected ${init.method} ${url}`);
    return handler();
  });
  globalThis.fetch = fetchMock;
});

describe('CheckoutPage', () => {
  it('signed out: asks to login first and loads nothing', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout');
    expect(screen.getByText('Please login to complete your purchase.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?next=%2Fpayment%2Fcheckout%3Fsession_id%3Dsim_1',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without a session id: says the link is incomplete', () => {
    signInForTest();
    renderPage('/payment/checkout');
    expect(screen.getByText(/This checkout link is incomplete/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the pack, clearly in test mode, and pays for it', async () => {
    signInForTest();
    renderPage();
    expect(screen.getByText('Loading checkout...')).toBeTruthy();
    expect(await screen.findByText('Test mode — no card is charged')).toBeTruthy();
    expect(screen.getByText('TEST MODE')).toBeTruthy();
    expect(screen.getByText('Starter')).toBeTruthy();
    expect(screen.getByText('Credit pack')).toBeTruthy();
    expect(screen.getByText('$19.90, one-time')).toBeTruthy();
    expect(screen.getByText('330 credits')).toBeTruthy();
    expect(document.title).toBe('Checkout | Veo 3 Studio');
    const [, get] = calls('GET /api/stripe/checkout-session/sim_1')[0] as [string, RequestInit];
    expect((get.headers as Headers).get('Authorization')).toBe('Bearer test-token');

    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.90' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('/payment/success?session_id=sim_1'));
    const [, post] = calls('POST /api/stripe/simulated/sim_1/complete')[0] as [string, RequestInit];
    expect((post.headers as Headers).get('Authorization')).toBe('Bearer test-token');
    // On its way to the success page: nothing can be pressed again.
    expect(screen.getByRole('button', { name: 'Pay $19.90' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('a plan shows its monthly price and credits', async () => {
    signInForTest();
    routes['GET /api/stripe/checkout-session/sim_1'] = () =>
      jsonResponse({
        success: true,
        data: checkoutSession({
          type: 'subscription',
          item_id: 'lite',
          item_name: 'Lite',
          amount: 29.9,
          credits: 590,
          billing_cycle: 'monthly',
        }),
      });
    renderPage();
    expect(await screen.findByText('$29.90 per month')).toBeTruthy();
    expect(screen.getByText('Lite')).toBeTruthy();
    expect(screen.getByText('Subscription')).toBeTruthy();
    expect(screen.getByText('590 credits every month')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $29.90' })).toBeEnabled();
  });

  it('writes the credits grouped (1,340) and names the plan as pricing does', async () => {
    signInForTest();
    routes['GET /api/stripe/checkout-session/sim_1'] = () =>
      jsonResponse({
        success: true,
        data: checkoutSession({ type: 'subscription', item_id: 'pro', item_name: 'Pro', amount: 59.9, credits: 1340 }),
      });
    renderPage();
    expect(await screen.findByText('1,340 credits every month')).toBeTruthy();
  });

  it('zh-CN: the pack has its Chinese name, as on the pricing page, and grouped credits', async () => {
    signInForTest();
    act(() => setLanguage('zh-CN'));
    routes['GET /api/stripe/checkout-session/sim_1'] = () =>
      jsonResponse({ success: true, data: checkoutSession({ credits: 1340 }) });
    renderPage();
    expect(await screen.findByText('入门')).toBeTruthy();
    expect(screen.queryByText('Starter')).toBeNull();
    expect(screen.getByText('1,340 积分')).toBeTruthy();
  });

  it('is busy while paying, and shows why a payment failed', async () => {
    signInForTest();
    let answer!: (response: Response) => void;
    routes['POST /api/stripe/simulated/sim_1/complete'] = () => new Promise((resolve) => (answer = resolve));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $19.90' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $19.90' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Pay $19.90' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Processing your payment...')).toBeTruthy();

    await act(async () => answer(jsonResponse({ success: false, message: 'Session already used' }, 409)));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Session already used'));
    expect(screen.getByRole('button', { name: 'Pay $19.90' })).toBeEnabled();
    expect(redirectTo).not.toHaveBeenCalled();

    routes['POST /api/stripe/simulated/sim_1/complete'] = () =>
      ({ ok: false, status: 500, text: async () => '' }) as Response;
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.90' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Payment failed. Please try again later.'));
  });

  it('Cancel goes to the cancel address', async () => {
    signInForTest();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location').textContent).toBe('/payment/cancel');
    expect(calls('POST /api/stripe/simulated/sim_1/complete')).toHaveLength(0);
  });

  it('an unknown session says it was not found', async () => {
    signInForTest();
    routes['GET /api/stripe/checkout-session/sim_1'] = () =>
      jsonResponse({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404);
    renderPage();
    expect(await screen.findByText('This checkout session was not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('another failure offers Retry', async () => {
    signInForTest();
    routes['GET /api/stripe/checkout-session/sim_1'] = () => jsonResponse({ success: false, message: 'boom' }, 500);
    renderPage();
    expect(await screen.findByText('Could not load this checkout.')).toBeTruthy();
    routes['GET /api/stripe/checkout-session/sim_1'] = () => jsonResponse({ success: true, data: checkoutSession() });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay $19.90' })).toBeEnabled();
  });

  it('a paid session links to its success page instead of paying twice', async () => {
    signInForTest();
    routes['GET /api/stripe/checkout-session/sim_1'] = () =>
      jsonResponse({
        success: true,
        data: checkoutSession({ status: 'complete', payment_status: 'paid', credits_granted: 330 }),
      });
    renderPage();
    expect(await screen.findByText('This checkout has already been paid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your purchase' }).getAttribute('href')).toBe(
      '/payment/success?session_id=sim_1',
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('an expired session cannot be paid', async () => {
    signInForTest();
    routes['GET /api/stripe/checkout-session/sim_1'] = () =>
      jsonResponse({ success: true, data: checkoutSession({ status: 'expired' }) });
    renderPage();
    expect(await screen.findByText('This checkout session has expired. Nothing was charged.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('zh-CN texts', async () => {
    setLanguage('zh-CN');
    signInForTest();
    renderPage();
    expect(await screen.findByText('测试模式')).toBeTruthy();
    expect(screen.getByText('$19.90，一次性')).toBeTruthy();
    expect(screen.getByRole('button', { name: '支付 $19.90' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '取消' })).toBeEnabled();
  });
});
