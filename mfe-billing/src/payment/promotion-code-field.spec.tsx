import { act, fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { checkoutSession } from '../testing/checkout-session.fixture';
import { renderRoute } from '../testing/render-route';
import CheckoutPage from './checkout-page';

jest.mock('./redirect', () => ({ ...jest.requireActual('./redirect'), redirectTo: jest.fn() }));

const CODE_URL = 'POST /api/stripe/simulated/sim_1/promotion-code';
const discounted = checkoutSession({ promotion_code: 'SPRING', discount: 4.98, amount_due: 14.92 });
const refused = (code: string, status = 409) => jsonResponse({ success: false, code, message: 'refused' }, status);

let routes: Record<string, () => Response>;
let fetchMock: jest.Mock;

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => {
    sessionStore.restore();
  });
  routes = {
    'GET /api/stripe/checkout-session/sim_1': () =>
      jsonResponse({ success: true, data: checkoutSession({ promotion_code: null, discount: 0, amount_due: 19.9 }) }),
    [CODE_URL]: () => jsonResponse({ success: true, data: discounted }),
    'DELETE /api/stripe/simulated/sim_1/promotion-code': () =>
      jsonResponse({ success: true, data: checkoutSession({ promotion_code: null, discount: 0, amount_due: 19.9 }) }),
  };
  fetchMock = jest.fn(async (url: string, init: RequestInit) => {
    const handler = routes[`${init.method ?? 'GET'} ${url}`];
    if (!handler) throw new Error(`unexpected ${init.method} ${url}`);
    return handler();
  });
  globalThis.fetch = fetchMock;
  signInForTest();
});

async function openPage() {
  renderRoute('/payment/checkout', '/payment/checkout?session_id=sim_1', <CheckoutPage />);
  await screen.findByRole('button', { name: 'Pay $19.90' });
}

describe('the checkout page promotion code', () => {
  it('applies a code: the discount, the new total and the Pay amount; Remove restores the price', async () => {
    await openPage();
    fireEvent.change(screen.getByLabelText('Promotion code'), { target: { value: 'spring' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SPRING applied')).toBeTruthy();
    expect(screen.getByText('−$4.98')).toBeTruthy();
    expect(screen.getByText('$14.92')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $14.92' })).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit).method === 'POST')!;
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({ code: 'spring' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Pay $19.90' })).toBeTruthy();
    expect(screen.getByLabelText('Promotion code')).toBeTruthy();
  });

  it.each([
    ['PROMOTIONS_UNKNOWN_CODE', 404, 'This promotion code does not exist.'],
    ['PROMOTIONS_EXPIRED', 409, 'This promotion code has expired.'],
    ['PROMOTIONS_USED_UP', 409, 'This promotion code has been used up.'],
    ['PROMOTIONS_DISABLED', 409, 'This promotion code is no longer valid.'],
  ])("announces %s at once in the reader's words", async (code, status, text) => {
    routes[CODE_URL] = () => refused(code, status);
    await openPage();
    fireEvent.change(screen.getByLabelText('Promotion code'), { target: { value: 'X1Y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const message = await screen.findByText(text);
    expect(message.closest('[aria-live="assertive"]')).not.toBeNull();
    expect(screen.getByLabelText('Promotion code').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for a code before calling the server, and speaks zh-CN', async () => {
    setLanguage('zh-CN');
    routes[CODE_URL] = () => refused('PROMOTIONS_EXPIRED');
    renderRoute('/payment/checkout', '/payment/checkout?session_id=sim_1', <CheckoutPage />);
    const field = await screen.findByLabelText('优惠码');
    fireEvent.click(screen.getByRole('button', { name: '使用' }));
    expect(await screen.findByText('请输入优惠码。')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, i]) => (i as RequestInit).method === 'POST')).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'old' } });
    fireEvent.click(screen.getByRole('button', { name: '使用' }));
    expect(await screen.findByText('该优惠码已过期。')).toBeTruthy();
  });

  it('a code that ran out before Pay: the payment is refused with what to do', async () => {
    routes['GET /api/stripe/checkout-session/sim_1'] = () => jsonResponse({ success: true, data: discounted });
    routes['POST /api/stripe/simulated/sim_1/complete'] = () => refused('PROMOTIONS_USED_UP');
    renderRoute('/payment/checkout', '/payment/checkout?session_id=sim_1', <CheckoutPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $14.92' }));
    expect(
      await screen.findByText(
        'This promotion code has been used up. Nothing was charged: remove the code to pay the full price.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Pay $19.90' })).toBeTruthy();
    expect(screen.queryByText(/Nothing was charged/)).toBeNull();
  });
});
