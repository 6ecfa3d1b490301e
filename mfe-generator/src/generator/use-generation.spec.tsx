import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { trackEvent, trackGeneratePrompt } from '@veo3/platform/analytics/analytics';
import { MAX_RETRIES } from '@veo3/platform/api/api-client';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { translate } from '@veo3/platform/i18n/i18n';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import type { CompletedVideo } from '../api/video-api';
import { videoKeys } from '../api/video-keys';
import { generatorMessages } from './generator.messages';
import { MODEL_OPTIONS } from './model-options';
import { readPendingTask, savePendingTask } from './pending-task-storage';
import { EXPIRY_GRACE_MS, MAX_POLLS, SLOW_POLL_MS } from './poll-video-task';
import type { GenerationRequest, GenerationState } from './generation-state';
import { useGeneration } from './use-generation';

jest.mock('@veo3/platform/analytics/analytics', () => ({
  trackEvent: jest.fn(),
  trackGeneratePrompt: jest.fn(),
  trackPageView: jest.fn(),
}));

const textRequest: GenerationRequest = {
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

function task(status: string, extra: Record<string, unknown> = {}) {
  return jsonResponse({
    success: true,
    data: {
      id: 't1',
      status,
      status_message: null,
      result_url: null,
      error_message: null,
      model: 'veo3',
      prompt: 'A toy car',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      ...extra,
    },
  });
}

const accepted = (data: Record<string, unknown> = { taskId: 't1', remainingCredits: 80 }) =>
  jsonResponse({ success: true, data });

/** Replies for POST /api/video/generate and GET /api/video/status/:id; each test queues its own. */
const generateReply = jest.fn<Promise<Response>, [RequestInit]>();
const statusReply = jest.fn<Promise<Response>, [string]>();
let fetchMock: jest.Mock;

const statusCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/video/status/'));

function setup(userId: string | null = '1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ id }: { id: string | null }) => useGeneration(id), {
    wrapper,
    initialProps: { id: userId },
  });
  return { ...hook, invalidate };
}

/** Runs due timers and the promises they settle. */
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

/** Presses Generate and lets the request settle, so the first poll has been made. */
async function start(result: { current: ReturnType<typeof useGeneration> }, request = textRequest) {
  act(() => void result.current.start(request));
  await advance(0);
}

function errorText(state: GenerationState): string | undefined {
  if (state.phase !== 'error') return undefined;
  return translate(generatorMessages, state.failure.key, state.failure.vars, 'en');
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  jest.mocked(trackEvent).mockClear();
  jest.mocked(trackGeneratePrompt).mockClear();
  generateReply.mockReset();
  statusReply.mockReset();
  fetchMock = jest.fn(async (url: string, init: RequestInit) =>
    url === '/api/video/generate' ? generateReply(init) : statusReply(url),
  );
  globalThis.fetch = fetchMock;
  signInForTest({ credits: 120 });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('useGeneration', () => {
  it('sends the request, stores the balance and the task, then polls until the video is ready', async () => {
    generateReply.mockResolvedValueOnce(accepted());
    statusReply
      .mockResolvedValueOnce(task('pending'))
      .mockResolvedValueOnce(task('processing', { status_message: 'Rendering frames' }))
      .mockResolvedValueOnce(task('completed', { result_url: '/api/video/file/t1?sig=abc' }));
    const { result, invalidate } = setup();

    act(() => void result.current.start(textRequest));
    expect(result.current.state).toMatchObject({ phase: 'generating', taskId: null, progress: null });

    await advance(0);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/video/generate');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect(form.get('prompt')).toBe('A toy car');
    expect(form.get('model')).toBe('veo3');
    expect(form.has('image')).toBe(false);
    const headers = init.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer test-token');
    expect(headers.get('x-user-id')).toBe('1');
    expect(headers.get('x-user-email')).toBe('a@b.c');

    expect(sessionStore.getState().user?.credits).toBe(80);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: creditsKeys.all });
    expect(trackEvent).toHaveBeenCalledWith('generate_video', { type: 'text_to_video' });
    expect(trackGeneratePrompt).toHaveBeenCalledWith({ mode: 'text', model: 'veo3', prompt: 'A toy car' });
    expect(readPendingTask('1')).toMatchObject({ taskId: 't1' });
    expect(result.current.state).toMatchObject({ phase: 'generating', taskId: 't1' });
    expect(statusCalls()).toHaveLength(1);
    expect(statusCalls()[0]![0]).toBe('/api/video/status/t1');

    await advance(3000);
    expect(result.current.state).toMatchObject({ phase: 'generating', progress: 'Rendering frames' });

    await advance(3000);
    expect(result.current.state).toMatchObject({
      phase: 'success',
      video: { result_url: '/api/video/file/t1?sig=abc', prompt: 'A toy car' },
    });
    expect(readPendingTask('1')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: videoKeys.histories() });
  });

  it('sends the images, the format and the image model in image mode', async () => {
    generateReply.mockResolvedValueOnce(accepted());
    statusReply.mockResolvedValue(task('processing'));
    const image = new File(['x'], 'cat.png', { type: 'image/png' });
    const lastFrame = new File(['y'], 'end.png', { type: 'image/png' });
    const { result } = setup();

    await start(result, {
      ...textRequest,
      mode: 'image',
      model: MODEL_OPTIONS.image,
      prompt: 'The cat yawns',
      shape: { aspectRatio: '9:16', resolution: '1080p' },
      image,
      lastFrame,
    });
    await advance(0);
    const form = (fetchMock.mock.calls[0] as [string, RequestInit])[1].body as FormData;
    expect(form.get('model')).toBe('veo3-fast-frames');
    expect((form.get('image') as File).name).toBe('cat.png');
    expect((form.get('last_frame') as File).name).toBe('end.png');
    expect(form.get('aspect_ratio')).toBe('9:16');
    expect(form.get('resolution')).toBe('1080p');
    expect(form.has('negative_prompt')).toBe(false);
    expect(trackEvent).toHaveBeenCalledWith('generate_video', { type: 'image_to_video' });
    expect(trackGeneratePrompt).toHaveBeenCalledWith({
      mode: 'image',
      model: 'veo3-fast-frames',
      prompt: 'The cat yawns',
    });
  });

  it('polls every 3 s while pending or processing and every 5 s for any other status, in any case', async () => {
    generateReply.mockResolvedValueOnce(accepted());
    statusReply
      .mockResolvedValueOnce(task('PROCESSING'))
      .mockResolvedValueOnce(task('queued'))
      .mockResolvedValueOnce(task('Completed', { result_url: '/v.mp4' }));
    const { result } = setup();

    await start(result);
    await advance(0);
    expect(statusCalls()).toHaveLength(1);
    await advance(2999);
    expect(statusCalls()).toHaveLength(1);
    await advance(1);
    expect(statusCalls()).toHaveLength(2);
    await advance(4999);
    expect(statusCalls()).toHaveLength(2);
    await advance(1);
    expect(result.current.state).toMatchObject({
      phase: 'success',
      video: { result_url: '/v.mp4', prompt: 'A toy car' },
    });
  });

  it.each([
    [
      'an error reply',
      jsonResponse({ success: false, message: 'Insufficient credits', code: 'X' }, 402),
      'Request failed: Insufficient credits',
    ],
    ['an HTTP error without a message', jsonResponse(null, 500), 'Request failed: HTTP error: 500'],
    ['an unsuccessful reply without a message', jsonResponse({ success: false }), 'Request failed: Unknown error'],
    ['a reply without a task id', accepted({ remainingCredits: 80 }), 'Unable to get task ID'],
  ])('shows %s of the generate call', async (_case, reply, message) => {
    generateReply.mockResolvedValueOnce(reply);
    const { result } = setup();
    await start(result);
    await advance(0);
    expect(errorText(result.current.state)).toBe(message);
    expect(statusCalls()).toHaveLength(0);
    expect(readPendingTask('1')).toBeNull();
    expect(trackEvent).not.toHaveBeenCalled();
    expect(trackGeneratePrompt).not.toHaveBeenCalled();
    expect(sessionStore.getState().user?.credits).toBe(120);
  });

  it('shows Unknown error when the generate call cannot reach the server', async () => {
    generateReply.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = setup();
    await start(result);
    await advance(MAX_RETRIES * 1000);
    expect(errorText(result.current.state)).toBe('Request failed: Unknown error');
  });

  it.each([
    [
      'a status call that is not ok',
      jsonResponse({ success: false, message: 'Not found' }, 404),
      'Failed to get task status',
    ],
    ['an unsuccessful status reply', jsonResponse({ success: false, message: 'Nope' }), 'Failed to get task status'],
    [
      'a failed task with a reason',
      task('failed', { error_message: 'The prompt was rejected' }),
      'The prompt was rejected',
    ],
    ['a failed task without a reason', task('FAILED'), 'Video generation failed, please try again'],
    ['a completed task without a video', task('completed'), 'Video URL missing, please try again'],
  ])('ends in error on %s', async (_case, reply, message) => {
    generateReply.mockResolvedValueOnce(accepted());
    statusReply.mockResolvedValueOnce(task('processing')).mockResolvedValueOnce(reply);
    const { result, invalidate } = setup();
    await start(result);
    await advance(3000);
    expect(errorText(result.current.state)).toBe(message);
    expect(readPendingTask('1')).toBeNull();
    // The server refunds a failed task: the balance is read again.
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: creditsKeys.all });
    await advance(60_000);
    expect(statusCalls()).toHaveLength(2);
  });

  it('times out after 120 polls', async () => {
    generateReply.mockResolvedValueOnce(accepted());
    statusReply.mockResolvedValue(task('processing', { status_message: 'Still rendering' }));
    const { result } = setup();
    await start(result);
    await advance((MAX_POLLS - 1) * 3000 - 1);
    expect(result.current.state.phase).toBe('generating');
    expect(statusCalls()).toHaveLength(MAX_POLLS - 1);
    await advance(1);
    expect(statusCalls()).toHaveLength(MAX_POLLS);
    expect(errorText(result.current.state)).toBe('Video generation timed out, please try again later');
    await advance(60_000);
    expect(statusCalls()).toHaveLength(MAX_POLLS);
  });

  describe('past the 120 polls (a provider taking longer)', () => {
    /** A processing task whose server deadline is `seconds` after now. */
    const processingUntil = (seconds: number) => {
      const expiresAt = new Date(Date.now() + seconds * 1000).toISOString();
      return () => task('processing', { expires_at: expiresAt });
    };

    it('keeps polling every 15 s and ends on the failed status the server gives after its timeout', async () => {
      generateReply.mockResolvedValueOnce(accepted());
      const processing = processingUntil(900);
      statusReply.mockImplementation(async () => processing());
      const { result, invalidate } = setup();
      await start(result);
      await advance((MAX_POLLS - 1) * 3000);
      expect(statusCalls()).toHaveLength(MAX_POLLS);
      expect(result.current.state.phase).toBe('generating');

      await advance(SLOW_POLL_MS - 1);
      expect(statusCalls()).toHaveLength(MAX_POLLS);
      await advance(1);
      expect(statusCalls()).toHaveLength(MAX_POLLS + 1);
      await advance(SLOW_POLL_MS * 10);
      expect(statusCalls()).toHaveLength(MAX_POLLS + 11);
      expect(result.current.state.phase).toBe('generating');
      expect(readPendingTask('1')).toMatchObject({ taskId: 't1' });

      // 15 minutes in, the server fails and refunds the task.
      statusReply.mockImplementation(async () =>
        task('failed', { error_message: 'Video generation timed out, please try again later' }),
      );
      await advance(900_000 - MAX_POLLS * 3000 - SLOW_POLL_MS * 11);
      expect(errorText(result.current.state)).toBe('Video generation timed out, please try again later');
      expect(invalidate).toHaveBeenLastCalledWith({ queryKey: creditsKeys.all });
      expect(readPendingTask('1')).toBeNull();
      const calls = statusCalls().length;
      await advance(60_000);
      expect(statusCalls()).toHaveLength(calls);
    });

    it('completes when the video arrives late', async () => {
      generateReply.mockResolvedValueOnce(accepted());
      const processing = processingUntil(900);
      statusReply.mockImplementation(async () => processing());
      const { result } = setup();
      await start(result);
      await advance(8 * 60_000);
      statusReply.mockImplementation(async () => task('completed', { result_url: '/late.mp4' }));
      await advance(SLOW_POLL_MS);
      expect(result.current.state).toMatchObject({ phase: 'success', video: { result_url: '/late.mp4' } });
    });

    it('gives up with the timed-out message once the deadline and its grace have passed', async () => {
      generateReply.mockResolvedValueOnce(accepted());
      const processing = processingUntil(420);
      statusReply.mockImplementation(async () => processing());
      const { result } = setup();
      await start(result);
      const giveUpAt = 420_000 + EXPIRY_GRACE_MS;
      await advance(giveUpAt - 1);
      expect(result.current.state.phase).toBe('generating');
      // The first poll after the deadline and its grace is the last.
      await advance(SLOW_POLL_MS);
      expect(errorText(result.current.state)).toBe('Video generation timed out, please try again later');
      const calls = statusCalls().length;
      await advance(60_000);
      expect(statusCalls()).toHaveLength(calls);
    });

    it('keeps the spec budget when the server says no deadline', async () => {
      generateReply.mockResolvedValueOnce(accepted());
      statusReply.mockResolvedValue(task('processing'));
      const { result } = setup();
      await start(result);
      await advance((MAX_POLLS - 1) * 3000);
      expect(errorText(result.current.state)).toBe('Video generation timed out, please try again later');
    });

    it('retries network failures at the slow pace until the deadline, then reports the network', async () => {
      generateReply.mockResolvedValueOnce(accepted());
      const processing = processingUntil(600);
      statusReply.mockImplementation(async () => processing());
      const { result } = setup();
      await start(result);
      await advance(7 * 60_000);
      statusReply.mockRejectedValue(new TypeError('Failed to fetch'));
      await advance(600_000 + EXPIRY_GRACE_MS - 7 * 60_000 - SLOW_POLL_MS - MAX_RETRIES * 1000);
      expect(result.current.state.phase).toBe('generating');
      await advance(SLOW_POLL_MS + MAX_RETRIES * 1000 * 2);
      expect(errorText(result.current.state)).toBe('Network error, please check connection and try again');
    });
  });

  it('keeps polling every 5 s through network failures, then gives up after 120 polls', async () => {
    generateReply.mockResolvedValueOnce(accepted());
    statusReply.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = setup();
    await start(result);
    // Each poll is one call plus the API client's own retries, 1 s apart, then a 5 s wait.
    const attempts = 1 + MAX_RETRIES;
    await advance(MAX_RETRIES * 1000);
    expect(statusCalls()).toHaveLength(attempts);
    expect(result.current.state.phase).toBe('generating');
    await advance(4999);
    expect(statusCalls()).toHaveLength(attempts);
    await advance(1);
    expect(statusCalls()).toHaveLength(attempts + 1);

    await advance(MAX_POLLS * (MAX_RETRIES * 1000 + 5000));
    expect(statusCalls()).toHaveLength(MAX_POLLS * attempts);
    expect(errorText(result.current.state)).toBe('Network error, please check connection and try again');
  });

  it('recovers when the network comes back', async () => {
    generateReply.mockResolvedValueOnce(accepted());
    statusReply
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(task('processing'))
      .mockResolvedValueOnce(task('completed', { result_url: '/v.mp4' }));
    const { result } = setup();
    await start(result);
    await advance(1000 + 3000);
    expect(result.current.state).toMatchObject({
      phase: 'success',
      video: { result_url: '/v.mp4', prompt: 'A toy car' },
    });
  });

  it('Try Again returns to idle and a new request starts from a fresh poll count', async () => {
    generateReply.mockResolvedValue(accepted());
    statusReply.mockResolvedValueOnce(task('failed'));
    const { result } = setup();
    await start(result);
    await advance(0);
    expect(result.current.state.phase).toBe('error');

    act(() => result.current.reset());
    expect(result.current.state).toEqual({ phase: 'idle' });

    statusReply.mockResolvedValue(task('processing'));
    await start(result);
    await advance((MAX_POLLS - 1) * 3000 - 1);
    expect(result.current.state.phase).toBe('generating');
  });

  it('resumes the stored task after a reload and leaves it stored when the page goes away', async () => {
    savePendingTask('1', { taskId: 't9', startedAt: Date.now() - 60_000 });
    statusReply.mockResolvedValue(task('processing', { status_message: 'Rendering frames' }));
    const first = setup();
    expect(first.result.current.state).toMatchObject({ phase: 'generating', taskId: 't9' });
    await advance(0);
    expect(statusCalls()[0]![0]).toBe('/api/video/status/t9');
    expect(first.result.current.state).toMatchObject({ progress: 'Rendering frames' });

    first.unmount();
    await advance(30_000);
    expect(statusCalls()).toHaveLength(1);
    expect(readPendingTask('1')).toMatchObject({ taskId: 't9' });

    statusReply.mockResolvedValue(task('completed', { result_url: '/v9.mp4' }));
    const second = setup();
    await advance(0);
    expect(second.result.current.state).toMatchObject({
      phase: 'success',
      video: { result_url: '/v9.mp4', prompt: 'A toy car' },
    });
    expect(readPendingTask('1')).toBeNull();
  });

  it('stores the task of a request answered after the page has gone, so it resumes later', async () => {
    let answer!: (reply: Response) => void;
    generateReply.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { result, unmount } = setup();
    await start(result);
    unmount();
    answer(accepted());
    await advance(0);
    expect(readPendingTask('1')).toMatchObject({ taskId: 't1' });
    expect(statusCalls()).toHaveLength(0);
  });

  it("never shows one user's task to another", async () => {
    savePendingTask('1', { taskId: 't1', startedAt: Date.now() });
    statusReply.mockResolvedValue(task('processing'));
    const { result, rerender } = setup();
    await advance(0);
    rerender({ id: null });
    expect(result.current.state).toEqual({ phase: 'idle' });
    await advance(30_000);
    expect(statusCalls()).toHaveLength(1);
    rerender({ id: '2' });
    expect(result.current.state).toEqual({ phase: 'idle' });
    expect(readPendingTask('1')).toMatchObject({ taskId: 't1' });
  });

  it("History's Edit shows a finished video, but never in place of one being made", async () => {
    const finished = { id: 'v1', result_url: '/v1.mp4', model: 'omni', prompt: 'A lighthouse' } as CompletedVideo;
    savePendingTask('1', { taskId: 't9', startedAt: Date.now() });
    statusReply.mockResolvedValue(task('processing'));
    const { result } = setup();
    act(() => result.current.show(finished));
    expect(result.current.state).toMatchObject({ phase: 'generating', taskId: 't9' });

    // Another user of the browser has nothing in progress.
    const fresh = setup('2');
    act(() => fresh.result.current.show(finished));
    expect(fresh.result.current.state).toEqual({ phase: 'success', video: finished });
  });
});
