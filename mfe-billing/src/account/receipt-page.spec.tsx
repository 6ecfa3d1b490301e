import { fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { renderRoute } from '../testing/render-route';
import ReceiptPage from './receipt-page';

const RECEIPT = {
  id: 'cs_sim_abc',
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
  seller: 'Veo 3 Studio',
  seller_email: 'support@veo3.studio',
  buyer_email: 'ann@example.com',
};

function serve(reply: () => Response) {
  const fetchMock = jest.fn(async (_url: string) => reply());
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const renderPage = (id = 'cs_sim_abc') =>
  renderRoute('/account/receipts/:paymentId', `/account/receipts/${id}`, <ReceiptPage />);

describe('ReceiptPage', () => {
  beforeEach(() => {
    localStorage.clear();
    setLanguage('en');
  });

  it('shows the seller, date, item, amount, credits and payment id, and prints', async () => {
    const fetchMock = serve(() => jsonResponse({ success: true, data: RECEIPT }));
    signInForTest({ id: 'u1' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Receipt' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/account/payments/cs_sim_abc/receipt');
    expect(screen.getByText(/Veo 3 Studio/)).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('Starter credit pack')).toBeInTheDocument();
    expect(screen.getByTestId('receipt-amount').textContent).toBe('$19.90');
    expect(screen.getByText('330 credits')).toBeInTheDocument();
    expect(screen.getByText('cs_sim_abc')).toBeInTheDocument();
    expect(screen.getByText('Paid in test mode: no card was charged.')).toBeInTheDocument();
    const print = jest.fn();
    window.print = print;
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('links a Stripe payment to Stripe’s own receipt', async () => {
    serve(() =>
      jsonResponse({
        success: true,
        data: { ...RECEIPT, simulated: false, receipt_url: 'https://pay.stripe.com/receipts/x' },
      }),
    );
    signInForTest({ id: 'u1' });
    renderPage();
    const link = await screen.findByRole('link', { name: /Receipt from Stripe/ });
    expect(link).toHaveAttribute('href', 'https://pay.stripe.com/receipts/x');
    expect(screen.queryByText('Paid in test mode: no card was charged.')).toBeNull();
  });

  it('says a receipt that is not the user’s was not found', async () => {
    serve(() => jsonResponse({ success: false, code: 'BILLING_PAYMENT_NOT_FOUND', message: 'x' }, 404));
    signInForTest({ id: 'u1' });
    renderPage('cs_someone_else');
    expect(await screen.findByText('This receipt was not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('zh-CN', async () => {
    setLanguage('zh-CN');
    serve(() => jsonResponse({ success: true, data: RECEIPT }));
    signInForTest({ id: 'u1' });
    renderPage();
    expect(await screen.findByRole('heading', { name: '收据' })).toBeInTheDocument();
    expect(screen.getByText('入门积分包')).toBeInTheDocument();
    expect(screen.getByText('330 积分')).toBeInTheDocument();
    expect(screen.getByText('测试模式付款：未从银行卡扣款。')).toBeInTheDocument();
  });
});
