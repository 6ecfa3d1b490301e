import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import PaymentCancelPage from './payment-cancel-page';
import PaymentSuccessPage from './payment-success-page';

describe('payment return pages', () => {
  it('success: confirms the credits and links onwards', () => {
    render(
      <MemoryRouter initialEntries={['/payment/success?session_id=cs_test_123']}>
        <PaymentSuccessPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('Payment successful! Your credits have been added.');
    expect(screen.getByText('Reference: cs_test_123')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Creating' }).getAttribute('href')).toBe(
      '/text-to-veo3-video?type=text',
    );
    expect(screen.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
    expect(document.title).toBe('Payment successful | Veo 3 Studio');
  });

  it('cancel: says so and leads back to pricing', () => {
    render(
      <MemoryRouter initialEntries={['/payment/cancel']}>
        <PaymentCancelPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment cancelled');
    expect(screen.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing');
  });
});
