import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { renderRoute } from '../testing/render-route';
import { ExportSection } from './export-section';

function job(overrides: Record<string, unknown> = {}) {
  return {
    id: 'e1',
    status: 'building',
    progress: 0,
    created_at: '2026-11-27T10:00:00.000Z',
    expires_at: null,
    size: null,
    download_url: null,
    next_allowed_at: '2026-11-28T10:00:00.000Z',
    ...overrides,
  };
}
const READY = job({
  status: 'ready',
  progress: 100,
  expires_at: '2026-12-04T10:00:00.000Z',
  size: 3_500_000,
  download_url: '/api/account/export/e1/download?exp=1&sig=s',
});
const ok = (data: unknown, status = 200) => jsonResponse({ success: true, data }, status);

/** GET answers `latest` in turn (the last one from then on); POST answers `started`. */
function serve(latest: (() => Response)[], started: () => Response = () => ok(job({ progress: 0 }), 202)) {
  let reads = 0;
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/account/export') && init?.method === 'POST') return started();
    if (url.startsWith('/api/account/export')) return latest[Math.min(reads++, latest.length - 1)]!();
    return jsonResponse({ success: false, message: `unexpected ${url}` }, 500);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const renderSection = () =>
  renderRoute('/account', '/account', <ExportSection user={{ id: 'u1' }} headingId="export-heading" />);

describe('ExportSection', () => {
  beforeEach(() => {
    localStorage.clear();
    setLanguage('en');
    signInForTest({ id: 'u1' });
  });
  afterEach(() => jest.useRealTimers());

  it('prepares the data on request, shows its progress, then the download', async () => {
    const fetchMock = serve([() => ok(null), () => ok(job({ progress: 40 })), () => ok(READY)]);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Prepare my data' }));
    const bar = await screen.findByRole('progressbar', { name: 'Preparing your data' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText(/Preparing your data… \d+%/)).toHaveAttribute('aria-live', 'polite');
    const link = await screen.findByRole('link', { name: 'Download ZIP (3.3 MB)' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', READY.download_url);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(screen.getByText(/Available until/)).toBeInTheDocument();
    // The page follows the build once a second: two polls.
  }, 15_000);

  it('says when the next copy can be prepared, with the button disabled', async () => {
    serve([() => ok(READY)]);
    renderSection();
    expect(await screen.findByRole('button', { name: 'Prepare my data' })).toBeDisabled();
    expect(screen.getByText(/You can prepare a new copy once a day: next after/)).toBeInTheDocument();
  });

  it('shows a refusal of the limit from the server with its date, and no error', async () => {
    serve([() => ok(job({ status: 'failed', next_allowed_at: null })), () => ok(READY)], () =>
      jsonResponse({ success: false, message: 'too soon', code: 'ACCOUNT_EXPORT_TOO_SOON' }, 429),
    );
    renderSection();
    expect(await screen.findByText('Preparing your data failed. Please try again.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Prepare my data' }));
    expect(await screen.findByText(/next after/)).toBeInTheDocument();
    expect(screen.queryByText('Could not start preparing your data. Please try again.')).toBeNull();
  });

  it('says when the state failed to load, and Retry loads it', async () => {
    serve([() => jsonResponse({ success: false, message: 'boom' }, 500), () => ok(null)]);
    renderSection();
    expect(await screen.findByText('Failed to load your data download.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Prepare my data' })).toBeEnabled();
  });

  it('speaks Chinese', async () => {
    serve([() => ok(job({ progress: 55 }))]);
    act(() => setLanguage('zh-CN'));
    renderSection();
    expect(await screen.findByText('正在准备你的数据… 55%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '下载我的数据' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '55'));
  });
});
