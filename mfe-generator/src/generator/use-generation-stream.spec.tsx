import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { taskEvents, type TaskData } from '@veo3/platform/events/task-events';
import { translate } from '@veo3/platform/i18n/i18n';
import type { FakeTaskEvents } from '@veo3/platform/testing/fake-task-events';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { generatorMessages } from './generator.messages';
import { MODEL_OPTIONS } from './model-options';
import { readPendingTask, savePendingTask } from './pending-task-storage';
import type { GenerationRequest } from './generation-state';
import { useGeneration } from './use-generation';

jest.mock('@veo3/platform/analytics/analytics', () => ({
  trackEvent: jest.fn(),
  trackGeneratePrompt: jest.fn(),
  trackPageView: jest.fn(),
}));
jest.mock('@veo3/platform/events/task-events', () => ({
  taskEvents: jest.requireActual('@veo3/platform/testing/fake-task-events').createFakeTaskEvents(),
}));
const stream = taskEvents as unknown as FakeTaskEvents;

const request: GenerationRequest = {
  mode: 'text',
  model: MODEL_OPTIONS.text,
  prompt: 'A toy car',
  shape: { aspectRatio: '16:9', resolution: '720p' },
  negativePrompt: '',
  image: null,
  lastFrame: null,
  duration: null,
  referenceImages: [],
};

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

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useGeneration('1'), { wrapper }), invalidate };
}

async function generate(result: { current: ReturnType<typeof useGeneration> }) {
  act(() => void result.current.start(request));
  await advance(0);
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  stream.reset();
  statusReply.mockReset();
  fetchMock = jest.fn(async (url: string) =>
    url === '/api/video/generate'
      ? jsonResponse({ success: true, data: { taskId: 't1', remainingCredits: 80 } })
      : statusReply(url),
  );
  globalThis.fetch = fetchMock;
  signInForTest({ credits: 120 });
});

afterEach(() => jest.useRealTimers());

describe('useGeneration with the task event stream', () => {
  it('does not poll while the stream is live and ends as soon as the completed event arrives', async () => {
    stream.ready();
    const { result, invalidate } = setup();
    await generate(result);
    expect(result.current.state).toMatchObject({ phase: 'generating', taskId: 't1' });

    stream.emitTask('progress', taskData('processing', { status_message: 'Rendering frames' }));
    expect(result.current.state).toMatchObject({ phase: 'generating', progress: 'Rendering frames' });
    await advance(60_000);
    stream.emitTask('completed', taskData('completed', { result_url: '/v.mp4', aspect_ratio: '9:16' }));
    expect(result.current.state).toMatchObject({
      phase: 'success',
      video: { result_url: '/v.mp4', prompt: 'A toy car' },
    });
    expect(statusCalls()).toHaveLength(0);
    expect(readPendingTask('1')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['video', 'history'] });
  });

  it.each([
    ['failed', taskData('failed', { error_message: 'The prompt was rejected' }), 'The prompt was rejected'],
    ['failed', taskData('failed'), 'Video generation failed, please try again'],
    ['completed', taskData('completed'), 'Video URL missing, please try again'],
  ] as const)('a %s event ends in the same error as a poll would', async (type, data, message) => {
    stream.ready();
    const { result, invalidate } = setup();
    await generate(result);
    stream.emitTask(type, data);
    const { state } = result.current;
    expect(state.phase === 'error' && translate(generatorMessages, state.failure.key, state.failure.vars, 'en')).toBe(
      message,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: creditsKeys.all });
  });

  it("ignores other tasks' events", async () => {
    stream.ready();
    const { result } = setup();
    await generate(result);
    stream.emitTask('completed', taskData('completed', { id: 't2', result_url: '/other.mp4' }));
    expect(result.current.state).toMatchObject({ phase: 'generating', taskId: 't1' });
  });

  it('waits for the first connection, polls once it fails, and stops polling when it is live again', async () => {
    stream.setStatus('connecting');
    statusReply.mockResolvedValue(jsonResponse({ success: true, data: taskData('processing') }));
    const { result } = setup();
    await generate(result);
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
    expect(result.current.state).toMatchObject({ phase: 'success', video: { result_url: '/v.mp4' } });
  });

  it('finishes by polling when the stream is off', async () => {
    statusReply
      .mockResolvedValueOnce(jsonResponse({ success: true, data: taskData('processing') }))
      .mockResolvedValueOnce(jsonResponse({ success: true, data: taskData('completed', { result_url: '/v.mp4' }) }));
    const { result } = setup();
    await generate(result);
    await advance(3_000);
    expect(statusCalls()).toHaveLength(2);
    expect(result.current.state).toMatchObject({ phase: 'success', video: { result_url: '/v.mp4' } });
  });

  it('reads a resumed task once when the live snapshot does not list it (it ended meanwhile)', async () => {
    savePendingTask('1', { taskId: 't1', startedAt: Date.now() - 60_000 });
    stream.setStatus('connecting');
    statusReply.mockResolvedValueOnce(
      jsonResponse({ success: true, data: taskData('completed', { result_url: '/v.mp4' }) }),
    );
    const { result } = setup();
    expect(result.current.state).toMatchObject({ phase: 'generating', taskId: 't1' });
    stream.ready();
    await advance(0);
    expect(statusCalls()).toHaveLength(1);
    expect(result.current.state).toMatchObject({ phase: 'success', video: { result_url: '/v.mp4' } });
  });

  it('asks nothing for a resumed task that the snapshot lists', async () => {
    savePendingTask('1', { taskId: 't1', startedAt: Date.now() - 60_000 });
    stream.setStatus('connecting');
    stream.emitTask('progress', taskData('processing', { status_message: 'Rendering' }));
    stream.ready();
    const { result } = setup();
    await advance(60_000);
    expect(statusCalls()).toHaveLength(0);
    expect(result.current.state).toMatchObject({ phase: 'generating', progress: 'Rendering' });
  });
});
