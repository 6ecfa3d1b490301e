import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MAX_RETRIES } from '@veo3/platform/api/api-client';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { translate } from '@veo3/platform/i18n/i18n';
import { jsonResponse, signInForTest } from '@veo3/platform/testing/test-session';
import { generatorMessages } from './generator.messages';
import type { GenerationState } from './generation-state';
import { EXPIRY_GRACE_MS, MAX_POLLS, SLOW_POLL_MS } from './poll-video-task';
import { useCardState } from './use-card-state';
import type { FeedItem } from './use-workspace';

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

/** Replies for GET /api/video/status/:id; each test queues its own. */
const statusReply = jest.fn<Promise<Response>, [string]>();
let fetchMock: jest.Mock;

const statusCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/video/status/'));

/** A card whose task (t1) the server has just made; the task event stream is off, so it is polled (SPEC §9). */
function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const item: FeedItem = {
    key: 't1',
    taskId: 't1',
    prompt: 'A toy car',
    startedAt: Date.now(),
    task: null,
    request: null,
    model: null,
    group: null,
    groupIndex: 0,
  };
  const hook = renderHook(() => useCardState('1', item, () => undefined), { wrapper });
  return { ...hook, invalidate };
}

/** Runs due timers and the promises they settle. */
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

function errorText(state: GenerationState): string | undefined {
  if (state.phase !== 'error') return undefined;
  return translate(generatorMessages, state.failure.key, state.failure.vars, 'en');
}

beforeEach(() => {
  jest.useFakeTimers();
  statusReply.mockReset();
  fetchMock = jest.fn(async (url: string) => statusReply(url));
  globalThis.fetch = fetchMock;
  signInForTest({ credits: 120 });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('a feed card watching its task by polling (the stream is off)', () => {
  it('polls every 3 s while pending or processing and every 5 s for any other status, in any case', async () => {
    statusReply
      .mockResolvedValueOnce(task('PROCESSING'))
      .mockResolvedValueOnce(task('queued'))
      .mockResolvedValueOnce(task('Completed', { result_url: '/v.mp4' }));
    const { result } = setup();
    await advance(0);
    expect(statusCalls()).toHaveLength(1);
    await advance(2999);
    expect(statusCalls()).toHaveLength(1);
    await advance(1);
    expect(statusCalls()).toHaveLength(2);
    await advance(4999);
    expect(statusCalls()).toHaveLength(2);
    await advance(1);
    expect(result.current).toMatchObject({
      phase: 'success',
      video: { result_url: '/v.mp4', prompt: 'A toy car' },
    });
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
    statusReply.mockResolvedValueOnce(task('processing')).mockResolvedValueOnce(reply);
    const { result, invalidate } = setup();
    await advance(0);
    await advance(3000);
    expect(errorText(result.current)).toBe(message);
    // The server refunds a failed task: the balance is read again.
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: creditsKeys.all });
    await advance(60_000);
    expect(statusCalls()).toHaveLength(2);
  });

  it('times out after 120 polls', async () => {
    statusReply.mockResolvedValue(task('processing', { status_message: 'Still rendering' }));
    const { result } = setup();
    await advance(0);
    await advance((MAX_POLLS - 1) * 3000 - 1);
    expect(result.current.phase).toBe('generating');
    expect(statusCalls()).toHaveLength(MAX_POLLS - 1);
    await advance(1);
    expect(statusCalls()).toHaveLength(MAX_POLLS);
    expect(errorText(result.current)).toBe('Video generation timed out, please try again later');
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
      const processing = processingUntil(900);
      statusReply.mockImplementation(async () => processing());
      const { result, invalidate } = setup();
      await advance(0);
      await advance((MAX_POLLS - 1) * 3000);
      expect(statusCalls()).toHaveLength(MAX_POLLS);
      expect(result.current.phase).toBe('generating');

      await advance(SLOW_POLL_MS - 1);
      expect(statusCalls()).toHaveLength(MAX_POLLS);
      await advance(1);
      expect(statusCalls()).toHaveLength(MAX_POLLS + 1);
      await advance(SLOW_POLL_MS * 10);
      expect(statusCalls()).toHaveLength(MAX_POLLS + 11);
      expect(result.current.phase).toBe('generating');

      // 15 minutes in, the server fails and refunds the task.
      statusReply.mockImplementation(async () =>
        task('failed', { error_message: 'Video generation timed out, please try again later' }),
      );
      await advance(900_000 - MAX_POLLS * 3000 - SLOW_POLL_MS * 11);
      expect(errorText(result.current)).toBe('Video generation timed out, please try again later');
      expect(invalidate).toHaveBeenLastCalledWith({ queryKey: creditsKeys.all });
      const calls = statusCalls().length;
      await advance(60_000);
      expect(statusCalls()).toHaveLength(calls);
    });

    it('completes when the video arrives late', async () => {
      const processing = processingUntil(900);
      statusReply.mockImplementation(async () => processing());
      const { result } = setup();
      await advance(0);
      await advance(8 * 60_000);
      statusReply.mockImplementation(async () => task('completed', { result_url: '/late.mp4' }));
      await advance(SLOW_POLL_MS);
      expect(result.current).toMatchObject({ phase: 'success', video: { result_url: '/late.mp4' } });
    });

    it('gives up with the timed-out message once the deadline and its grace have passed', async () => {
      const processing = processingUntil(420);
      statusReply.mockImplementation(async () => processing());
      const { result } = setup();
      await advance(0);
      const giveUpAt = 420_000 + EXPIRY_GRACE_MS;
      await advance(giveUpAt - 1);
      expect(result.current.phase).toBe('generating');
      // The first poll after the deadline and its grace is the last.
      await advance(SLOW_POLL_MS);
      expect(errorText(result.current)).toBe('Video generation timed out, please try again later');
      const calls = statusCalls().length;
      await advance(60_000);
      expect(statusCalls()).toHaveLength(calls);
    });

    it('keeps the spec budget when the server says no deadline', async () => {
      statusReply.mockResolvedValue(task('processing'));
      const { result } = setup();
      await advance(0);
      await advance((MAX_POLLS - 1) * 3000);
      expect(errorText(result.current)).toBe('Video generation timed out, please try again later');
    });

    it('retries network failures at the slow pace until the deadline, then reports the network', async () => {
      const processing = processingUntil(600);
      statusReply.mockImplementation(async () => processing());
      const { result } = setup();
      await advance(0);
      await advance(7 * 60_000);
      statusReply.mockRejectedValue(new TypeError('Failed to fetch'));
      await advance(600_000 + EXPIRY_GRACE_MS - 7 * 60_000 - SLOW_POLL_MS - MAX_RETRIES * 1000);
      expect(result.current.phase).toBe('generating');
      await advance(SLOW_POLL_MS + MAX_RETRIES * 1000 * 2);
      expect(errorText(result.current)).toBe('Network error, please check connection and try again');
    });
  });

  it('keeps polling every 5 s through network failures, then gives up after 120 polls', async () => {
    statusReply.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = setup();
    await advance(0);
    // Each poll is one call plus the API client's own retries, 1 s apart, then a 5 s wait.
    const attempts = 1 + MAX_RETRIES;
    await advance(MAX_RETRIES * 1000);
    expect(statusCalls()).toHaveLength(attempts);
    expect(result.current.phase).toBe('generating');
    await advance(4999);
    expect(statusCalls()).toHaveLength(attempts);
    await advance(1);
    expect(statusCalls()).toHaveLength(attempts + 1);

    await advance(MAX_POLLS * (MAX_RETRIES * 1000 + 5000));
    expect(statusCalls()).toHaveLength(MAX_POLLS * attempts);
    expect(errorText(result.current)).toBe('Network error, please check connection and try again');
  });

  it('recovers when the network comes back', async () => {
    statusReply
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(task('processing'))
      .mockResolvedValueOnce(task('completed', { result_url: '/v.mp4' }));
    const { result } = setup();
    await advance(0);
    await advance(1000 + 3000);
    expect(result.current).toMatchObject({
      phase: 'success',
      video: { result_url: '/v.mp4', prompt: 'A toy car' },
    });
  });
});
