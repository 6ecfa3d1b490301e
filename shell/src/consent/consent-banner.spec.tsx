import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { resetRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { CONSENT_KEY, resetConsentSettings } from '@veo3/platform/analytics/consent';
import { Footer } from '../layout/footer';
import { ConsentBanner } from './consent-banner';

function configure(gaMeasurementId: string | null) {
  document.getElementById('app-config')?.remove();
  const node = document.createElement('script');
  node.id = 'app-config';
  node.type = 'application/json';
  node.textContent = JSON.stringify({ gaMeasurementId });
  document.head.appendChild(node);
  resetRuntimeConfig();
}

function renderPage() {
  return render(
    <MemoryRouter>
      <main id="main" tabIndex={-1} />
      <ConsentBanner />
      <Footer />
    </MemoryRouter>,
  );
}

const banner = () => screen.queryByRole('region', { name: 'Cookies and analytics' });
const stored = () => JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as { choice: string; at: string } | null;

beforeEach(() => {
  localStorage.clear();
  window.dataLayer = [];
  resetConsentSettings();
  configure('G-TEST123');
});

afterEach(() => act(() => setLanguage('en', { remember: false })));

afterAll(() => {
  document.getElementById('app-config')?.remove();
  resetRuntimeConfig();
});

describe('ConsentBanner', () => {
  it('asks a first visitor, with Accept and Reject alike and a link to the privacy policy', () => {
    renderPage();
    expect(banner()).toBeInTheDocument();
    const accept = screen.getByRole('button', { name: 'Accept' });
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(accept.className).toBe(reject.className);
    expect(within(banner()!).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('asks nothing, and offers no cookie settings, when analytics is not configured', () => {
    configure(null);
    renderPage();
    expect(banner()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
  });

  it('does not ask again once answered, and loads nothing on Reject', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(banner()).toBeNull();
    expect(stored()?.choice).toBe('denied');
    expect(window.dataLayer).toEqual([]);
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('on Accept stores the choice with its date and starts analytics', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(banner()).toBeNull();
    expect(stored()?.choice).toBe('granted');
    expect(Date.now() - new Date(stored()!.at).getTime()).toBeLessThan(60_000);
    expect(window.dataLayer?.length).toBeGreaterThan(0);
    document.querySelectorAll('script[src*="googletagmanager"]').forEach((script) => script.remove());
  });

  it('comes back from Cookie settings in the footer with the focus, and gives it back after the answer', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ choice: 'denied', at: new Date().toISOString() }));
    renderPage();
    expect(banner()).toBeNull();
    const settings = screen.getByRole('button', { name: 'Cookie settings' });
    act(() => settings.focus());
    fireEvent.click(settings);
    expect(banner()).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(banner()).toBeNull();
    expect(settings).toHaveFocus();
  });

  it('asks again when the choice is more than 6 months old', () => {
    const old = new Date();
    old.setMonth(old.getMonth() - 7);
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ choice: 'granted', at: old.toISOString() }));
    renderPage();
    expect(banner()).toBeInTheDocument();
  });

  it('asks in Chinese', () => {
    act(() => setLanguage('zh-CN', { remember: false }));
    renderPage();
    expect(screen.getByRole('region', { name: 'Cookie 与统计分析' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '接受' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '拒绝' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Cookie 与统计分析' })).getByRole('link', { name: '隐私政策' }),
    ).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('button', { name: 'Cookie 设置' })).toBeInTheDocument();
  });
});
