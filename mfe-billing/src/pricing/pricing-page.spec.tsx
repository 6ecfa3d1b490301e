import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import PricingPage from './pricing-page';

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/pricing']}>
      <Routes>
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  localStorage.clear();
  act(() => {
    sessionStore.restore();
  });
});

describe('PricingPage', () => {
  it('shows three monthly plans with prices, credits and features', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Plans & Pricing');
    expect(document.title).toBe('Plans & Pricing | Veo 3 Studio');
    expect(screen.getAllByRole('button', { name: 'Subscribe' })).toHaveLength(3);

    const lite = within(card('Lite'));
    expect(lite.getByText('$29.90')).toBeTruthy();
    expect(lite.getByText('/month')).toBeTruthy();
    expect(lite.getByText('590 credits every month')).toBeTruthy();
    expect(lite.getByText('About 14 videos')).toBeTruthy();
    expect(lite.getByText('Standard generation speed')).toBeTruthy();
    expect(lite.getByText('Videos up to 4 seconds')).toBeTruthy();

    const pro = within(card('Pro'));
    expect(pro.getByText('$59.90')).toBeTruthy();
    expect(pro.getByText('1340 credits every month')).toBeTruthy();
    expect(pro.getByText('Fastest generation speed')).toBeTruthy();
    expect(pro.getByText('Videos up to 10 seconds')).toBeTruthy();
    expect(pro.getByText('Commercial usage rights')).toBeTruthy();
    expect(pro.getByText('Priority support')).toBeTruthy();

    const proPlus = within(card('Pro+'));
    expect(proPlus.getByText('$129.90')).toBeTruthy();
    expect(proPlus.getByText('3370 credits every month')).toBeTruthy();
    expect(proPlus.getByText('Videos up to 26 seconds')).toBeTruthy();
    expect(proPlus.getByText('Best value')).toBeTruthy();
  });

  it('shows three credit packs that never expire', () => {
    renderPage();
    expect(screen.getAllByRole('button', { name: 'Buy Now' })).toHaveLength(3);
    for (const [name, price, credits] of [
      ['Starter', '$19.90', '330 credits'],
      ['Basic', '$49.90', '950 credits'],
      ['Standard', '$99.90', '2200 credits'],
    ] as const) {
      const pack = within(card(name));
      expect(pack.getByText(price)).toBeTruthy();
      expect(pack.getByText(credits)).toBeTruthy();
      expect(pack.getByText('Credits never expire')).toBeTruthy();
    }
  });

  it('signed out: asks to login and sends a buyer to /login', () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Please login before purchasing');
    fireEvent.click(within(card('Pro')).getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('signed out: a credit pack also needs a login', () => {
    renderPage();
    fireEvent.click(within(card('Basic')).getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('signed in: a plan opens the payment summary, which can be closed', () => {
    signInForTest({ credits: 12 });
    renderPage();
    expect(screen.queryByText('Please login before purchasing')).toBeNull();
    fireEvent.click(within(card('Pro')).getByRole('button', { name: 'Subscribe' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByRole('heading', { name: 'Subscribe to Pro', hidden: true })).toBeTruthy();
    expect(within(dialog).getByText('$59.90 per month')).toBeTruthy();
    expect(within(dialog).getByText('1340 credits every month')).toBeTruthy();
    expect(within(dialog).getByText(/checkout is not available yet/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to Plans', hidden: true }));
    expect(within(dialog).queryByText('Subscribe to Pro')).toBeNull();
  });

  it('signed in: a pack opens its summary', () => {
    signInForTest({ credits: 12 });
    renderPage();
    fireEvent.click(within(card('Starter')).getByRole('button', { name: 'Buy Now' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Buy the Starter pack')).toBeTruthy();
    expect(within(dialog).getByText('$19.90, one-time')).toBeTruthy();
    expect(within(dialog).getByText('330 credits · Credits never expire')).toBeTruthy();
  });
});
