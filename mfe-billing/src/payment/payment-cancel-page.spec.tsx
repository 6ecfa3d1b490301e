import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import PaymentCancelPage from './payment-cancel-page';

describe('PaymentCancelPage', () => {
  it('says nothing was charged and leads back to pricing', () => {
    setLanguage('en');
    render(
      <MemoryRouter initialEntries={['/payment/cancel']}>
        <PaymentCancelPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment cancelled');
    expect(screen.getByText(/No payment was taken/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(document.title).toBe('Payment cancelled | Veo 3 Studio');
  });

  it('zh-CN', () => {
    setLanguage('zh-CN');
    render(
      <MemoryRouter initialEntries={['/payment/cancel']}>
        <PaymentCancelPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('支付已取消');
    expect(screen.getByText(/未产生任何付款/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回价格页' })).toBeTruthy();
  });
});
