import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import HistoryPage from './history-page';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/video-history']}>
        <HistoryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function version(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    taskId: id,
    status: 'completed',
    status_message: null,
    result_url: `/api/video/file/${id}?sig=s`,
    poster_url: `/api/video/poster/${id}?sig=s`,
    error_code: null,
    error_message: null,
    model: 'omni',
    prompt: 'A lighthouse at dusk',
    negative_prompt: null,
    image_url: null,
    last_frame_url: null,
    aspect_ratio: '16:9',
    resolution: '720p',
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:01:00.000Z',
    expires_at: '2026-11-24T11:00:00.000Z',
    kind: 'generate',
    parent_task_id: null,
    root_task_id: 'v1',
    instruction: null,
    duration_s: 4,
    reference_image_urls: [],
    seed: null,
    batch_id: null,
    ...extra,
  };
}

const original = version('v1');
const night = version('v2', {
  kind: 'edit',
  parent_task_id: 'v1',
  instruction: 'make it night',
  created_at: '2026-11-24T10:05:00.000Z',
});
const longer = version('v3', {
  kind: 'extend',
  parent_task_id: 'v2',
  duration_s: 10,
  created_at: '2026-11-24T10:09:00.000Z',
});

const historyReply = (items: unknown[]) =>
  jsonResponse({ success: true, data: { items, total: items.length, page: 1, pages: 1, in_progress: [] } });

beforeEach(() => {
  localStorage.clear();
  setLanguage('en');
  act(() => sessionStore.restore());
  signInForTest();
});

describe('History versions', () => {
  it('shows a video by its newest version with every version listed, newest first, each saying what made it', async () => {
    globalThis.fetch = jest.fn(async () => historyReply([{ ...longer, versions: [longer, night, original] }]));
    renderPage();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(1);
    const card = within(cards[0]!);
    expect(card.getByRole('heading', { name: 'Versions (3)' })).toBeTruthy();
    const list = card.getByRole('list', { name: 'Versions of “A lighthouse at dusk”' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent?.replace(/Nov.*$/, ''), b.getAttribute('aria-pressed')])).toEqual([
      ['Version 3Extended to 10 s', 'true'],
      ['Version 2“make it night”', 'false'],
      ['Version 1Original', 'false'],
    ]);
    expect(cards[0]!.querySelector('video')!.getAttribute('src')).toBe('/api/video/file/v3?sig=s');
  });

  it('plays, downloads, edits and extends the version chosen (a branch from it)', async () => {
    globalThis.fetch = jest.fn(async () => historyReply([{ ...night, versions: [night, original] }]));
    renderPage();
    const card = within((await screen.findAllByRole('article'))[0]!);
    fireEvent.click(card.getByRole('button', { name: /^Version 1/ }));
    expect(card.getByRole('button', { name: /^Version 1/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('article').querySelector('video')!.getAttribute('src')).toBe('/api/video/file/v1?sig=s');
    const name = '“A lighthouse at dusk (Version 1)”';
    expect(card.getByRole('link', { name: `Download ${name}` }).getAttribute('href')).toBe('/api/video/file/v1?sig=s');
    expect(card.getByRole('link', { name: `Edit ${name}` }).getAttribute('href')).toBe(
      '/text-to-veo3-video?type=text&edit=v1',
    );
    expect(card.getByRole('link', { name: `Extend ${name}` }).getAttribute('href')).toBe(
      '/text-to-veo3-video?type=text&extend=v1',
    );
    // Delete is the whole video's, named by its prompt.
    expect(card.getByRole('button', { name: 'Delete “A lighthouse at dusk”' })).toBeTruthy();
  });

  it('lists no versions and offers no Edit for a Veo video', async () => {
    const veo = version('k1', { model: 'veo3', duration_s: 8, root_task_id: 'k1' });
    globalThis.fetch = jest.fn(async () => historyReply([{ ...veo, versions: [veo] }]));
    renderPage();
    const card = within((await screen.findAllByRole('article'))[0]!);
    expect(card.queryByRole('list')).toBeNull();
    expect(card.queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(card.getByRole('link', { name: 'Download “A lighthouse at dusk”' })).toBeTruthy();
  });
});
