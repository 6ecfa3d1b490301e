import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { taskEvents, type TaskData } from '@veo3/platform/events/task-events';
import { translate } from '@veo3/platform/i18n/i18n';
import type { FakeTaskEvents } from '@veo3/platform/testing/fake-task-events';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { generatorMessages } from './generator.messages';
import { useCardState } from './use-card-state';
import type { FeedItem } from './use-workspace';

jest.mock('@veo3/platform/events/task-events', () => ({
  taskEvents: jest.requireActual('@veo3/platform/testing/fake-task-events').createFakeTaskEvents(),
}));
const stream = taskEvents as unknown as FakeTaskEvents;

const taskData = (status: string, extra: Partial<TaskData> & Record<string, unknown> = {}) => ({
  id: 't1',
  status,
  status_message: null,
  result_url: null,
  error_message: null,
  model: 'veo3',
  prompt: 'A toy car',
  ...extra,
});

const statusReply = jest.fn<Promise<Response>, [string]>();
let fetchMock: jest.Mock;
const statusCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/video/status/'));
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

/** A card of task t1, made `agoMs` ago. */
function setup(agoMs = 0) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  const onVideo = jest.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const item: FeedItem = {
    key: 't1',
    taskId: 't1',
    prompt: 'A toy car',
    startedAt: Date.now() - agoMs,
    task: null,
    request: null,
    model: null,
    group: null,
    groupIndex: 0,
  };
  return { ...renderHook(() => useCardState('1', item, onVideo), { wrapper }), invalidate, onVideo };
}

beforeEach(() => {
  jest.useFakeTimers();
  stream.reset();
  statusReply.mockReset();
  fetchMock = jest.fn(async (url: string) => statusReply(url));
  globalThis.fetch = fetchMock;
  signInForTest({ credits: 120 });
});

afterEach(() => jest.useRealTimers());

describe('a feed card with the task event stream', () => {
  it('does not poll while the stream is live and ends as soon as the completed event arrives', async () => {
    stream.ready();
    await advance(1);
    const { result, invalidate, onVideo } = setup();
    stream.emitTask('progress', taskData('processing', { status_message: 'Rendering frames' }));
    expect(result.current).toMatchObject({ phase: 'generating', progress: 'Rendering frames' });
    await advance(60_000);
    stream.emitTask('completed', taskData('completed', { result_url: '/v.mp4' }));
    expect(result.current).toMatchObject({ phase: 'success', video: { result_url: '/v.mp4' } });
    expect(onVideo).toHaveBeenCalledWith(expect.objectContaining({ id: 't1', result_url: '/v.mp4' }));
    expect(statusCalls()).toHaveLength(0);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['video', 'history'] });
  });

  it.each([
    ['failed', taskData('failed', { error_message: 'The prompt was rejected' }), 'The prompt was rejected'],
    ['failed', taskData('failed'), 'Video generation failed, please try again'],
    ['completed', taskData('completed'), 'Video URL missing, please try again'],
  ] as const)('a %s event ends in the same error as a poll would', async (type, data, message) => {
    stream.ready();
    await advance(1);
    const { result, invalidate } = setup();
    stream.emitTask(type, data);
    const state = result.current;
    expect(state.phase === 'error' && translate(generatorMessages, state.failure.key, state.failure.vars, 'en')).toBe(
      message,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: creditsKeys.all });
  });

  it("ignores other tasks' events", async () => {
    stream.ready();
    await advance(1);
    const { result } = setup();
    stream.emitTask('completed', taskData('completed', { id: 't2', result_url: '/other.mp4' }));
    expect(result.current).toMatchObject({ phase: 'generating', taskId: 't1' });
  });

  it('waits for the first connection, polls once it fails, and stops polling when it is live again', async () => {
    stream.setStatus('connecting');
    statusReply.mockResolvedValue(jsonResponse({ success: true, data: taskData('processing') }));
    const { result } = setup();
    await advance(4_000);
    expect(statusCalls()).toHaveLength(0);

    stream.setStatus('retrying');
    await advance(0);
    expect(statusCalls()).toHaveLength(1);
    await advance(3_000);
    expect(statusCalls()).toHaveLength(2);

    // Live again: the snapshot lists the task, so nothing more is asked.
    stream.emitTask('progress', taskData('processing'));
    stream.ready();
    await advance(30_000);
    expect(statusCalls()).toHaveLength(2);
    stream.emitTask('completed', taskData('completed', { result_url: '/v.mp4' }));
    expect(result.current).toMatchObject({ phase: 'success', video: { result_url: '/v.mp4' } });
  });

  it('reads a task once when the live snapshot does not list it (it ended meanwhile)', async () => {
    stream.setStatus('connecting');
    statusReply.mockResolvedValueOnce(
      jsonResponse({ success: true, data: taskData('completed', { result_url: '/v.mp4' }) }),
    );
    const { result } = setup(60_000);
    stream.ready();
    await advance(0);
    expect(statusCalls()).toHaveLength(1);
    expect(result.current).toMatchObject({ phase: 'success', video: { result_url: '/v.mp4' } });
  });
});
