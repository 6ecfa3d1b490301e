import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { catalogueOptions } from '../testing/catalogue-fixture';
import HistoryPage from './history-page';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function video(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    taskId: id,
    status: 'completed',
    status_message: null,
    result_url: `/api/video/file/${id}?sig=s`,
    poster_url: null,
    error_code: null,
    error_message: null,
    model: 'seedance-1.0-pro',
    prompt: `Prompt of ${id}`,
    negative_prompt: null,
    image_url: null,
    last_frame_url: null,
    aspect_ratio: '16:9',
    resolution: '720p',
    created_at: '2026-03-04T10:00:00.000Z',
    updated_at: '2026-03-04T10:05:00.000Z',
    expires_at: '2026-03-04T10:15:00.000Z',
    kind: 'generate',
    parent_task_id: null,
    root_task_id: id,
    instruction: null,
    duration_s: 10,
    reference_image_urls: [],
    seed: null,
    batch_id: null,
    versions: [],
    ...extra,
  };
}

let remakeReply: () => Response;
let fetchMock: jest.Mock;

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

/** Lets the history, then the catalogue it needs for a draft, load (the draft's button then shows). */
const settle = () => screen.findByRole('button', { name: /full quality|完整画质/ });

beforeEach(() => {
  jest.useFakeTimers();
  setLanguage('en');
  act(() => sessionStore.restore());
  const items = [video('d1', { resolution: '360p', model: 'omni-1.2', duration_s: 10 }), video('f1')];
  remakeReply = () => jsonResponse({ success: true, data: { taskId: 'r1', taskIds: ['r1'], remainingCredits: 350 } });
  fetchMock = jest.fn(async (url: string) => {
    if (url === '/api/video/options') return jsonResponse({ success: true, data: catalogueOptions() });
    if (url.startsWith('/api/video/remake/')) return remakeReply();
    if (url.startsWith('/api/video/history'))
      return jsonResponse({ success: true, data: { items, total: 2, page: 1, pages: 1, in_progress: [] } });
    throw new Error(`unexpected ${url}`);
  });
  globalThis.fetch = fetchMock;
  signInForTest({ credits: 400 });
});

afterEach(() => jest.useRealTimers());

const card = (prompt: string) => screen.getAllByRole('article').find((a) => a.textContent?.includes(prompt))!;

describe('History: a draft in full quality', () => {
  it('offers a finished draft in full quality at its price, sends the remake and opens the feed', async () => {
    renderPage();
    await settle();
    const draft = card('Prompt of d1');
    expect(within(draft).getByText('16:9 · Draft')).toBeTruthy();
    expect(within(draft).getByText('Gemini Omni 1.2 Flash')).toBeTruthy();
    expect(within(card('Prompt of f1')).queryByRole('button', { name: /full quality/ })).toBeNull();
    const button = within(draft).getByRole('button', {
      name: 'Make in full quality · 40 credits: “Prompt of d1” at 720p',
    });
    expect(button.textContent).toBe('Make in full quality · 40 credits');

    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=text'));
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/video/remake/')) as [
      string,
      RequestInit,
    ];
    expect(url).toBe('/api/video/remake/d1');
    expect(JSON.parse(String(init.body))).toEqual({ resolution: '720p' });
    expect(sessionStore.getState().user?.credits).toBe(350);
  });

  it("says the server's refusal on the card, and stays", async () => {
    remakeReply = () =>
      jsonResponse({ success: false, message: 'Not enough credits', code: 'INSUFFICIENT_CREDITS' }, 402);
    renderPage();
    await settle();
    fireEvent.click(within(card('Prompt of d1')).getByRole('button', { name: /full quality/ }));
    const alert = await within(card('Prompt of d1')).findByRole('alert');
    expect(alert.textContent).toContain('Request failed: Not enough credits No credits were taken.');
    expect(screen.getByTestId('location').textContent).toBe('/video-history');
  });

  it('names the button in Chinese', async () => {
    renderPage();
    await settle();
    act(() => setLanguage('zh-CN'));
    expect(within(card('Prompt of d1')).getByRole('button', { name: /完整画质/ }).textContent).toBe(
      '以完整画质重新生成 · 40 积分',
    );
  });
});
