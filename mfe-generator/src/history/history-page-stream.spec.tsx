import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { taskEvents } from '@veo3/platform/events/task-events';
import { setLanguage } from '@veo3/platform/i18n/i18n';
import type { FakeTaskEvents } from '@veo3/platform/testing/fake-task-events';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import HistoryPage from './history-page';
import { IN_PROGRESS_REFRESH_MS } from './use-video-history';

jest.mock('@veo3/platform/events/task-events', () => ({
  taskEvents: jest.requireActual('@veo3/platform/testing/fake-task-events').createFakeTaskEvents(),
}));
const stream = taskEvents as unknown as FakeTaskEvents;

const task = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'v7',
  status,
  status_message: null,
  result_url: null,
  error_message: null,
  model: 'veo3',
  prompt: 'Prompt number 7',
  created_at: '2026-03-04T10:00:00.000Z',
  updated_at: '2026-03-04T10:05:00.000Z',
  ...extra,
});

const reply = (items: unknown[], inProgress: unknown[]) =>
  jsonResponse({ success: true, data: { items, total: items.length, page: 1, pages: 1, in_progress: inProgress } });

let fetchMock: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  setLanguage('en');
  stream.reset();
  fetchMock = jest.fn(async () => reply([], [task('pending')]));
  globalThis.fetch = fetchMock;
  signInForTest();
});

afterEach(() => jest.useRealTimers());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/video-history']}>
        <HistoryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('HistoryPage with the task event stream', () => {
  it('updates an in-progress card from events, asks again only when a task ends, and never on a timer', async () => {
    stream.ready();
    renderPage();
    await act(() => jest.advanceTimersByTimeAsync(0));
    const section = screen.getByRole('region', { name: 'In progress' });
    expect(within(section).getByText('Waiting to start')).toBeTruthy();

    stream.emitTask('progress', task('processing'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(within(section).getByText('Generating')).toBeTruthy();
    await act(() => jest.advanceTimersByTimeAsync(IN_PROGRESS_REFRESH_MS * 4));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(async () => reply([task('completed', { result_url: '/api/video/file/v7' })], []));
    stream.emitTask('completed', task('completed', { result_url: '/api/video/file/v7' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'In progress' })).toBeNull());
  });

  it('shows a video made in another tab as soon as its task completes, without a reload', async () => {
    stream.ready();
    fetchMock.mockImplementation(async () => reply([], []));
    renderPage();
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.queryByText('Prompt number 7')).toBeNull();

    fetchMock.mockImplementation(async () => reply([task('completed', { result_url: '/api/video/file/v7' })], []));
    stream.emitTask('completed', task('completed', { result_url: '/api/video/file/v7' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    await waitFor(() => expect(screen.getByText('Prompt number 7')).toBeTruthy());
  });

  it('asks again on a timer while the stream is not live, and once when it becomes live', async () => {
    renderPage();
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(IN_PROGRESS_REFRESH_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    stream.ready();
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await act(() => jest.advanceTimersByTimeAsync(IN_PROGRESS_REFRESH_MS * 4));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
