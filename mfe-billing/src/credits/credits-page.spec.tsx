import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { jsonResponse, signInForTest, testUser } from '@veo3/platform/testing/test-session';
import CreditsPage from './credits-page';

/** One ledger line as the server sends it: newest first, its balance after it. */
function tx(id: string, amount: number, balance_after: number, source_type: string, product_id?: string | null) {
  return {
    id,
    amount,
    balance_after,
    source_type,
    source_id: `src-${id}`,
    // The server's English description is never what the page shows (a note staff wrote is: see HISTORY).
    description: `internal ${source_type} ${product_id ?? ''}`,
    ...(product_id === undefined ? {} : { product_id }),
    created_at: '2026-11-20T10:00:00.000Z',
  };
}

/** A user's history, newest first: every kind of line the server writes. */
const HISTORY = [
  { ...tx('t1', 5, 2655, 'admin', null), description: 'Sorry for the wait' },
  tx('t2', 40, 2650, 'refund', 'veo3'),
  tx('t3', -40, 2610, 'video', 'veo3'),
  tx('t4', -40, 2650, 'video', 'veo3-fast-frames'),
  { ...tx('t4k', -60, 2690, 'video', 'kling-2.1-master'), product_name: 'Kling 2.1 Master' },
  tx('t5', -330, 2690, 'refund', 'starter'),
  tx('t6', 1340, 3020, 'renewal', 'pro'),
  tx('t7', 1340, 1680, 'plan', 'pro'),
  tx('t8', 330, 340, 'purchase', 'starter'),
  // The sign-up bonus: the user's own id is its source.
  { ...tx('t9', 10, 10, 'bonus', null), source_id: 'u1' },
];

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
    serveLedger(HISTORY.slice(6));
  });

  /** The balance is the newest line's balance after it; the ledger has 23 lines, `items` on every page. */
  function serveLedger(items: ReturnType<typeof tx>[]) {
    const total = items[0]?.balance_after ?? 0;
    fetchMock = jest.fn(async (url: string) => {
      if (url.startsWith('/api/credits/balance'))
        return reply({
          success: true,
          data: { total_credits: total, transactions: [], user: { ...testUser, id: 'u1', credits: total } },
        });
      const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
      return reply({ success: true, data: { items, total: 23, limit: 10, offset } });
    });
    globalThis.fetch = fetchMock;
  }

  it('asks a visitor to sign in', () => {
    act(() => void sessionStore.restore());
    renderPage();
    expect(screen.getByText('Please sign in to see your credits.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/login?next=%2Fcredits');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  /** The table's rows as the reader sees them: reason, amount, balance after. */
  const rows = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );

  it('names each line by its catalogue product and writes every number one way, grouped and signed', async () => {
    serveLedger(HISTORY);
    signInForTest({ id: 'u1' });
    renderPage();
    expect(await screen.findByText('Starter pack')).toBeInTheDocument();
    expect(rows()).toEqual([
      ['Adjustment by support: Sorry for the wait', '+5', '2,655'],
      ['Refund for a video that could not be made', '+40', '2,650'],
      ['Video from text', '-40', '2,610'],
      ['Video from an image', '-40', '2,650'],
      ['Video with Kling 2.1 Master', '-60', '2,690'],
      ['Refund: Starter pack', '-330', '2,690'],
      ['Pro plan renewal', '+1,340', '3,020'],
      ['Pro plan', '+1,340', '1,680'],
      ['Starter pack', '+330', '340'],
      ['Welcome bonus', '+10', '10'],
    ]);
    expect(screen.getByTestId('credits-balance').textContent).toBe('2,655 credits');
    expect(screen.getByText('Enough for 66 videos')).toBeInTheDocument();
    expect(screen.queryByText(/internal/)).toBeNull();
  });

  it('zh-CN: the same names as the pricing cards, translated, and the same number format', async () => {
    setLanguage('zh-CN');
    serveLedger(HISTORY);
    signInForTest({ id: 'u1' });
    renderPage();
    expect(await screen.findByText('入门积分包')).toBeInTheDocument();
    expect(rows()).toEqual([
      ['客服调整：Sorry for the wait', '+5', '2,655'],
      ['视频生成失败退款', '+40', '2,650'],
      ['文字生成视频', '-40', '2,610'],
      ['图片生成视频', '-40', '2,650'],
      ['Kling 2.1 Master 生成视频', '-60', '2,690'],
      ['退款：入门积分包', '-330', '2,690'],
      ['Pro 套餐续费', '+1,340', '3,020'],
      ['Pro 套餐', '+1,340', '1,680'],
      ['入门积分包', '+330', '340'],
      ['新用户赠送', '+10', '10'],
    ]);
    expect(screen.getByTestId('credits-balance').textContent).toBe('2,655 积分');
  });

  it('a server that sends no product id still gets a name for every line', async () => {
    serveLedger([
      tx('t1', 330, 960, 'purchase'),
      tx('t2', 590, 630, 'plan'),
      tx('t3', -40, 40, 'video'),
      tx('t4', 40, 80, 'refund'),
    ]);
    signInForTest({ id: 'u1' });
    renderPage();
    expect(await screen.findByText('Credit pack purchase')).toBeInTheDocument();
    expect(rows().map(([reason]) => reason)).toEqual([
      'Credit pack purchase',
      'Subscription',
      'Video generation',
      'Refund',
    ]);
  });

  it('pages through the ledger', async () => {
    signInForTest({ id: 'u1' });
    renderPage();
    expect(await screen.findByText('Starter pack')).toBeInTheDocument();
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
