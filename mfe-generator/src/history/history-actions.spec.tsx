import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import HistoryPage from './history-page';
import { UNDO_WINDOW_MS } from './use-delete-with-undo';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function video(n: number, extra: Record<string, unknown> = {}) {
  return {
    id: `v${n}`,
    taskId: `v${n}`,
    status: 'completed',
    status_message: null,
    result_url: `/api/video/file/v${n}?sig=s${n}`,
    poster_url: `/api/video/poster/v${n}?sig=s${n}`,
    error_code: null,
    error_message: null,
    model: 'veo3',
    prompt: `Prompt number ${n}`,
    negative_prompt: null,
    image_url: null,
    last_frame_url: null,
    aspect_ratio: '16:9',
    resolution: '720p',
    created_at: '2026-03-04T10:00:00.000Z',
    updated_at: '2026-03-04T10:05:00.000Z',
    expires_at: '2026-03-04T10:15:00.000Z',
    ...extra,
  };
}

/** The server as History sees it: the user's videos, some deleted; DELETE and restore can be made to fail. */
function fakeServer(videos: ReturnType<typeof video>[]) {
  const deleted = new Set<string>();
  const server = {
    deleted,
    failDelete: false,
    failRestore: false,
    calls: [] as string[],
    fetch: jest.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      server.calls.push(`${method} ${url}`);
      const id = /\/api\/video\/tasks\/([^/]+)/.exec(url)?.[1];
      if (method === 'DELETE' && id) {
        if (server.failDelete) return jsonResponse({ success: false, message: 'Boom', code: 'INTERNAL' }, 500);
        deleted.add(id);
        const at = '2026-03-05T10:00:00.000Z';
        return jsonResponse({ success: true, data: { id, deleted_at: at, restorable_until: at } });
      }
      if (method === 'POST' && id) {
        if (server.failRestore) return jsonResponse({ success: false, message: 'Boom', code: 'INTERNAL' }, 500);
        deleted.delete(id);
        return jsonResponse({ success: true, data: videos.find((v) => v.id === id) });
      }
      const items = videos.filter((v) => !deleted.has(v.id));
      return jsonResponse({ success: true, data: { items, total: items.length, page: 1, pages: 1, in_progress: [] } });
    }),
  };
  globalThis.fetch = server.fetch as unknown as typeof fetch;
  return server;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/video-history']}>
        <HistoryPage />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const shownPrompts = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByText(/^Prompt number/).textContent);
const settle = () => act(() => jest.advanceTimersByTimeAsync(0));

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  setLanguage('en');
  window.scrollTo = jest.fn();
  signInForTest();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('History actions', () => {
  it('each card offers Reuse, Remix (finished with a still) and Delete, named after its video', async () => {
    const long = 'A very long prompt about a red fox running through fresh snow at dawn, filmed from a drone';
    fakeServer([video(1, { prompt: long }), video(2, { image_url: '/api/video/upload/v2?sig=u', poster_url: null })]);
    renderPage();
    await settle();
    const [first, second] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];

    const short = 'A very long prompt about a red fox running through fresh…';
    const reuse = within(first).getByRole('link', { name: `Reuse the settings of “${short}”` });
    expect(reuse.getAttribute('href')).toBe('/text-to-veo3-video?type=text&from=v1');
    expect(
      within(first)
        .getByRole('link', { name: `Remix “${short}”` })
        .getAttribute('href'),
    ).toBe('/text-to-veo3-video?type=image&from=v1&remix=1');
    expect(within(first).getByRole('button', { name: `Delete “${short}”` })).toBeTruthy();

    // Made from a picture: Reuse opens image mode; no still, so no Remix.
    expect(
      within(second).getByRole('link', { name: 'Reuse the settings of “Prompt number 2”' }).getAttribute('href'),
    ).toBe('/text-to-veo3-video?type=image&from=v2');
    expect(within(second).queryByRole('link', { name: /^Remix/ })).toBeNull();

    fireEvent.click(reuse);
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=text&from=v1');
  });

  it('names the actions in Chinese', async () => {
    setLanguage('zh-CN');
    fakeServer([video(1)]);
    renderPage();
    await settle();
    expect(screen.getByRole('link', { name: '复用“Prompt number 1”的设置' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '再创作“Prompt number 1”' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除“Prompt number 1”' }));
    expect(screen.getByRole('status').textContent).toContain('视频已删除。');
    expect(screen.getByRole('button', { name: '撤销删除“Prompt number 1”' }).textContent).toBe('撤销');
  });

  it('Delete removes the card at once, moves focus to the next card and offers Undo for 10 seconds', async () => {
    const server = fakeServer([video(1), video(2), video(3)]);
    renderPage();
    await settle();

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Prompt number 2”' }));
    // Before the server has answered.
    expect(shownPrompts()).toEqual(['Prompt number 1', 'Prompt number 3']);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Reuse the settings of “Prompt number 3”' }));
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(within(status).getByText('Video deleted.')).toBeTruthy();
    expect(within(status).getByRole('button', { name: 'Undo deleting “Prompt number 2”' })).toBeTruthy();

    await settle();
    expect(server.calls).toContain('DELETE /api/video/tasks/v2');
    expect(server.deleted.has('v2')).toBe(true);

    await act(() => jest.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 100));
    expect(within(status).queryByRole('button', { name: /^Undo/ })).not.toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(within(status).queryByRole('button', { name: /^Undo/ })).toBeNull();
    expect(status.textContent).toBe('');
    expect(shownPrompts()).toEqual(['Prompt number 1', 'Prompt number 3']);
  });

  it('Undo restores the video and puts its card back where it was, with focus on it', async () => {
    const server = fakeServer([video(1), video(2), video(3)]);
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Prompt number 2”' }));
    await settle();
    expect(shownPrompts()).toEqual(['Prompt number 1', 'Prompt number 3']);

    fireEvent.click(screen.getByRole('button', { name: 'Undo deleting “Prompt number 2”' }));
    expect(shownPrompts()).toEqual(['Prompt number 1', 'Prompt number 2', 'Prompt number 3']);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Reuse the settings of “Prompt number 2”' }));
    expect(screen.getByRole('status').textContent).toBe('');
    await settle();
    expect(server.calls).toContain('POST /api/video/tasks/v2/restore');
    expect(server.deleted.size).toBe(0);
    expect(shownPrompts()).toEqual(['Prompt number 1', 'Prompt number 2', 'Prompt number 3']);
  });

  it('Undo pressed before the delete was answered restores after it', async () => {
    const server = fakeServer([video(1), video(2)]);
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Prompt number 1”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo deleting “Prompt number 1”' }));
    await settle();
    const calls = server.calls.filter((call) => !call.startsWith('GET'));
    expect(calls).toEqual(['DELETE /api/video/tasks/v1', 'POST /api/video/tasks/v1/restore']);
    expect(server.deleted.size).toBe(0);
    expect(shownPrompts()).toEqual(['Prompt number 1', 'Prompt number 2']);
  });

  it('a failed delete brings the card back with an alert', async () => {
    const server = fakeServer([video(1), video(2)]);
    server.failDelete = true;
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Prompt number 1”' }));
    expect(shownPrompts()).toEqual(['Prompt number 2']);
    await settle();
    expect(shownPrompts()).toEqual(['Prompt number 1', 'Prompt number 2']);
    expect(screen.getByRole('alert').textContent).toContain('Could not delete “Prompt number 1”. Please try again.');
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed undo takes the card away again with an alert', async () => {
    const server = fakeServer([video(1), video(2)]);
    server.failRestore = true;
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Prompt number 1”' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Undo deleting “Prompt number 1”' }));
    await settle();
    expect(shownPrompts()).toEqual(['Prompt number 2']);
    expect(screen.getByRole('alert').textContent).toContain('Could not bring back “Prompt number 1”.');
  });

  it('the next delete replaces the notice: Undo brings back only the latest, the earlier stays deleted', async () => {
    const server = fakeServer([video(1), video(2), video(3)]);
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Prompt number 1”' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Prompt number 3”' }));
    await settle();
    // The last card went: focus moves to the one before it.
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Reuse the settings of “Prompt number 2”' }));
    expect(screen.getAllByRole('button', { name: /^Undo/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Undo deleting “Prompt number 3”' }));
    await settle();
    expect(shownPrompts()).toEqual(['Prompt number 2', 'Prompt number 3']);
    expect([...server.deleted]).toEqual(['v1']);
  });

  it('deleting the only video shows the empty state, focuses the heading and still offers Undo', async () => {
    fakeServer([video(1)]);
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Prompt number 1”' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'No videos yet' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo deleting “Prompt number 1”' }));
    await settle();
    expect(shownPrompts()).toEqual(['Prompt number 1']);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Reuse the settings of “Prompt number 1”' }));
  });
});
