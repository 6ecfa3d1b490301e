import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { jsonResponse, signInForTest, testUser } from '@veo3/platform/testing/test-session';
import CreditsPage from './credits-page';

function tx(i: number, amount: number, source_type: string) {
  return {
    id: `t${i}`,
    amount,
    balance_after: 1000 - i,
    source_type,
    source_id: null,
    description: i === 1 ? 'Starter pack' : null,
    created_at: '2026-11-20T10:00:00.000Z',
  };
}

const reply = jsonResponse;

function renderPage(path = '/credits') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <CreditsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CreditsPage', () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    localStorage.clear();
    setLanguage('en');
    fetchMock = jest.fn(async (url: string) => {
      if (url.startsWith('/api/credits/balance'))
        return reply({
          success: true,
          data: { total_credits: 410, transactions: [], user: { ...testUser, id: 'u1', credits: 410 } },
        });
      const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
      return reply({
        success: true,
        data: { items: [tx(offset + 1, 330, 'purchase'), tx(offset + 2, -40, 'video')], total: 23, limit: 10, offset },
      });
    });
    globalThis.fetch = fetchMock;
  });

  it('asks a visitor to sign in', () => {
    act(() => void sessionStore.restore());
    renderPage();
    expect(screen.getByText('Please sign in to see your credits.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the balance and the ledger with reasons and signed amounts, and pages through it', async () => {
    signInForTest({ id: 'u1' });
    renderPage();
    expect(await screen.findByText('410 credits')).toBeInTheDocument();
    expect(screen.getByText('Enough for 10 videos')).toBeInTheDocument();
    expect(await screen.findByText('Credit pack purchase')).toBeInTheDocument();
    expect(screen.getByText('Starter pack')).toBeInTheDocument();
    expect(screen.getByText('Video generation')).toBeInTheDocument();
    expect(screen.getByText('+330')).toBeInTheDocument();
    expect(screen.getByText('-40')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('offset=20'), expect.anything()),
    );
  });

  it('offers Retry when the ledger fails to load', async () => {
    signInForTest({ id: 'u1' });
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/credits/balance')
        ? reply({ success: true, data: { total_credits: 5, transactions: [], user: testUser } })
        : reply({ success: false, message: 'boom' }, 500),
    );
    renderPage();
    expect(await screen.findByText('Failed to load your credits.')).toBeInTheDocument();
    fetchMock.mockImplementation(async () =>
      reply({ success: true, data: { items: [], total: 0, limit: 10, offset: 0 } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No credit changes yet/)).toBeInTheDocument();
  });
});
