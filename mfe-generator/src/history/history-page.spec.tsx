import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import HistoryPage from './history-page';
import { IN_PROGRESS_REFRESH_MS } from './use-video-history';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderPage(url = '/video-history') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <HistoryPage />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function video(n: number, model = 'veo3') {
  return {
    id: `v${n}`,
    status: 'completed',
    status_message: null,
    result_url: `/api/video/file/v${n}?sig=s${n}`,
    error_message: null,
    model,
    prompt: `Prompt number ${n}`,
    created_at: '2026-03-04T10:00:00.000Z',
    updated_at: '2026-03-04T10:05:00.000Z',
  };
}

const historyReply = (page: number, items: unknown[], total: number, inProgress: unknown[] = []) =>
  jsonResponse({
    success: true,
    data: { items, total, page, pages: Math.ceil(total / 10), ...(page === 1 ? { in_progress: inProgress } : {}) },
  });

function unfinished(n: number, status: 'pending' | 'processing') {
  return {
    ...video(n),
    status,
    status_message: status === 'pending' ? 'Waiting to start' : 'Your video is being generated',
    result_url: null,
    aspect_ratio: '9:16',
    resolution: '720p',
    expires_at: '2026-03-04T10:15:00.000Z',
  };
}

let fetchMock: jest.Mock;
/** How many times History's list was read (the cards' share states are read beside it). */
const historyCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/video/history')).length;

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => {
    sessionStore.restore();
  });
  window.scrollTo = jest.fn();
  fetchMock = jest.fn(async () => historyReply(1, [], 0));
  globalThis.fetch = fetchMock;
});

describe('HistoryPage', () => {
  it('signed out: shows the heading and a Login Now link that comes back here', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Video History');
    expect(screen.getByRole('link', { name: 'Login Now' }).getAttribute('href')).toBe('/login?next=%2Fvideo-history');
    expect(document.title).toBe('Video History | Veo 3 Studio');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signed in: loads, then shows the empty state with a way to the generator', async () => {
    signInForTest({ credits: 12 });
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(await screen.findByRole('heading', { name: 'No videos yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first video' }).getAttribute('href')).toBe(
      '/text-to-veo3-video?type=text',
    );
    expect(screen.queryByRole('link', { name: 'Login Now' })).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/video/history?page=1&limit=10');
    const headers = init.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer test-token');
    expect(headers.get('x-user-id')).toBeNull();
  });

  it('lists the videos as cards with preview, prompt, model, date and a download link', async () => {
    signInForTest();
    const portrait = { ...video(2, 'veo3-fast-frames'), aspect_ratio: '9:16', resolution: '1080p' };
    fetchMock.mockImplementation(async () => historyReply(1, [video(1), portrait], 2));
    renderPage();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByText('Prompt number 1')).toBeTruthy();
    expect(first.getByText('VEO 3 Text')).toBeTruthy();
    expect(first.getByText('Mar 4, 2026', { exact: false })).toBeTruthy();
    const preview = cards[0]!.querySelector('video')!;
    expect(preview.getAttribute('src')).toBe('/api/video/file/v1?sig=s1');
    expect(preview.controls).toBe(true);
    const download = first.getByRole('link', { name: 'Download “Prompt number 1”' });
    expect(download.getAttribute('href')).toBe('/api/video/file/v1?sig=s1');
    expect(download.getAttribute('download')).toBe(`ai-video-${Date.parse('2026-03-04T10:00:00.000Z')}.mp4`);

    // A video from before formats existed is 16:9 720p; a portrait one is shown upright, with its format.
    expect(first.getByText('16:9 · 720p')).toBeTruthy();
    expect(preview.style.aspectRatio).toBe('16 / 9');
    expect(within(cards[1]!).getByText('VEO 3 Image')).toBeTruthy();
    expect(within(cards[1]!).getByText('9:16 · 1080p')).toBeTruthy();
    expect(cards[1]!.querySelector('video')!.style.aspectRatio).toBe('9 / 16');
    // One page only: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows the videos still in progress, with their status, above the finished ones and outside the pages', async () => {
    signInForTest();
    fetchMock.mockImplementation(async (url: string) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return historyReply(page, [video(page * 10 + 1)], 11, [unfinished(98, 'processing'), unfinished(99, 'pending')]);
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'In progress' });
    const cards = within(section).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Generating')).toBeTruthy();
    expect(within(cards[0]!).getByText('Prompt number 98')).toBeTruthy();
    expect(within(cards[0]!).getByText('9:16 · 720p')).toBeTruthy();
    expect(within(cards[1]!).getByText('Waiting to start')).toBeTruthy();
    // Nothing to play or download yet.
    expect(section.querySelector('video')).toBeNull();
    expect(within(section).queryByRole('link')).toBeNull();

    expect(screen.getByRole('heading', { level: 2, name: 'Finished videos' })).toBeTruthy();
    expect(screen.getByText('Prompt number 11')).toBeTruthy();
    // The count is of finished videos only: 11 make two pages.
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getAllByRole('button', { name: /^Page/ })).toHaveLength(2);

    // Later pages list finished videos only.
    fireEvent.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Prompt number 21')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'In progress' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Finished videos' })).toBeNull();
  });

  it('with only videos in progress, shows them instead of the empty state and checks again until they finish', async () => {
    jest.useFakeTimers();
    try {
      signInForTest();
      fetchMock.mockImplementation(async () => historyReply(1, [], 0, [unfinished(7, 'processing')]));
      renderPage();
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(screen.getByRole('region', { name: 'In progress' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'No videos yet' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Finished videos' })).toBeNull();
      expect(historyCalls()).toBe(1);

      fetchMock.mockImplementation(async () => historyReply(1, [video(7)], 1));
      await act(() => jest.advanceTimersByTimeAsync(IN_PROGRESS_REFRESH_MS));
      expect(historyCalls()).toBe(2);
      await waitFor(() => expect(screen.queryByRole('region', { name: 'In progress' })).toBeNull());
      expect(screen.getByText('Prompt number 7').closest('article')!.querySelector('video')).toBeTruthy();

      // Nothing left in progress: no more checks.
      await act(() => jest.advanceTimersByTimeAsync(IN_PROGRESS_REFRESH_MS * 4));
      expect(historyCalls()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('pages with ?page= in the URL and asks the server for that page', async () => {
    signInForTest();
    fetchMock.mockImplementation(async (url: string) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return historyReply(page, [video(page * 10 + 1)], 23);
    });
    renderPage();
    expect(await screen.findByText('Prompt number 11')).toBeTruthy();
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getAllByRole('button', { name: /^Page/ })).toHaveLength(3);

    fireEvent.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Prompt number 21')).toBeTruthy();
    // The last history read (the cards' "Shared" marks are read beside it).
    expect(
      fetchMock.mock.calls
        .map(([url]) => url)
        .filter((url) => String(url).startsWith('/api/video/history'))
        .at(-1),
    ).toBe('/api/video/history?page=2&limit=10');
    expect(screen.getByTestId('location').textContent).toBe('/video-history?page=2');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(window.scrollTo).toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Prompt number 11')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/video-history');
  });

  it('opens the page named in the URL', async () => {
    signInForTest();
    fetchMock.mockImplementation(async () => historyReply(3, [video(31)], 23));
    renderPage('/video-history?page=3');
    expect(await screen.findByText('Prompt number 31')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/video/history?page=3&limit=10', expect.anything());
  });

  it.each([
    ['an HTTP error', () => jsonResponse({ success: false, message: 'Boom' }, 500), 'HTTP error: 500'],
    ['an unsuccessful reply', () => jsonResponse({ success: false, message: 'Nope' }), 'Failed to fetch history'],
  ])('shows %s with Retry', async (_case, reply, message) => {
    signInForTest();
    fetchMock.mockImplementation(async () => reply());
    renderPage();
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText(message)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('a 401 ends the session, so the page asks to login', async () => {
    signInForTest();
    fetchMock.mockImplementation(async () => jsonResponse({ success: false, message: 'Unauthorized' }, 401));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Login Now' })).toBeTruthy();
    expect(sessionStore.getState().user).toBeNull();
  });

  it('Retry loads the history again', async () => {
    signInForTest();
    fetchMock.mockImplementation(async () => jsonResponse({ success: false }, 502));
    renderPage();
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('HTTP error: 502')).toBeTruthy();

    fetchMock.mockImplementation(async () => historyReply(1, [video(1)], 1));
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Prompt number 1')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
