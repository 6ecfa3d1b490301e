import {
  createTaskEvents,
  MAX_RETRY_MS,
  MIN_RETRY_MS,
  READY_TIMEOUT_MS,
  retryDelay,
  type TaskEvent,
  type TaskEventStream,
} from '@veo3/platform/events/task-events';
import { sessionStore } from '@veo3/platform/session/session-store';
import { testUser } from '@veo3/platform/testing/test-session';

/** One answer of GET /api/video/events whose body the test writes (jsdom has no streaming fetch). */
interface FakeStream {
  init: RequestInit;
  send(text: string): void;
  end(): void;
}

let streams: FakeStream[];
let statusOf: () => number;

function fakeFetch(url: string, init: RequestInit): Promise<Response> {
  expect(url).toBe('/api/video/events');
  const chunks: (Uint8Array | null)[] = [];
  let wake = () => {};
  const signal = init.signal!;
  const stream: FakeStream = {
    init,
    send: (text) => {
      chunks.push(new TextEncoder().encode(text));
      wake();
    },
    end: () => {
      chunks.push(null);
      wake();
    },
  };
  streams.push(stream);
  const read = async (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    while (chunks.length === 0) {
      signal.throwIfAborted();
      await new Promise<void>((resolve) => {
        wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
    const chunk = chunks.shift()!;
    return chunk ? { done: false, value: chunk } : { done: true, value: undefined };
  };
  return Promise.resolve({ status: statusOf(), body: { getReader: () => ({ read }) } } as unknown as Response);
}

const headersOf = (stream: FakeStream) => stream.init.headers as Record<string, string>;
const flush = () => jest.advanceTimersByTimeAsync(0);
const task = (id: string, status: string) => JSON.stringify({ id, status, status_message: null, result_url: null });

let events: TaskEventStream;

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(Math, 'random').mockReturnValue(1);
  localStorage.clear();
  sessionStore.signOut();
  streams = [];
  statusOf = () => 200;
  globalThis.fetch = jest.fn(fakeFetch) as typeof fetch;
  events = createTaskEvents();
});

afterEach(() => {
  events.stop();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('createTaskEvents', () => {
  it('opens one stream while signed in, with the token in a header only, and is live after ready', async () => {
    events.start();
    expect(events.status()).toBe('off');
    sessionStore.signIn('tok', testUser);
    await flush();
    expect(streams).toHaveLength(1);
    expect(headersOf(streams[0]!)).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer tok' });
    expect(events.status()).toBe('connecting');

    const one: TaskEvent[] = [];
    const all: TaskEvent[] = [];
    const balances: number[] = [];
    events.subscribeTask('t1', (e) => one.push(e));
    events.subscribeTask(null, (e) => all.push(e));
    events.subscribeBalance((n) => balances.push(n));
    streams[0]!.send(`id: 1-1\nevent: progress\ndata: ${task('t1', 'processing')}\n\n`);
    streams[0]!.send(`id: 1-2\nevent: progress\ndata: ${task('t2', 'pending')}\n\nid: 1-3\nevent: ready\ndata: {}\n\n`);
    await flush();
    expect(events.status()).toBe('live');
    expect(events.liveSince()).not.toBeNull();
    expect(one.map((e) => e.task.id)).toEqual(['t1']);
    expect(all.map((e) => e.task.id)).toEqual(['t1', 't2']);

    streams[0]!.send(`: ping\n\nid: 1-4\nevent: completed\ndata: ${task('t1', 'completed')}\n\n`);
    streams[0]!.send('id: 1-5\nevent: balance\ndata: {"total_credits":40}\n\n');
    await flush();
    expect(one.map((e) => e.type)).toEqual(['progress', 'completed']);
    expect(events.latest('t1')?.type).toBe('completed');
    expect(balances).toEqual([40]);

    // A late subscriber gets the task's latest event of this connection at once.
    const late: TaskEvent[] = [];
    events.subscribeTask('t2', (e) => late.push(e));
    expect(late.map((e) => e.task.status)).toEqual(['pending']);
  });

  it("ignores an event that does not parse with the contract's schemas, and goes on", async () => {
    sessionStore.signIn('tok', testUser);
    events.start();
    await flush();
    const all: TaskEvent[] = [];
    const balances: number[] = [];
    events.subscribeTask(null, (e) => all.push(e));
    events.subscribeBalance((n) => balances.push(n));
    const broken = [
      'event: balance\ndata: {"total_credits":"40"}',
      'event: balance\ndata: {"total_credits":1.5}',
      'event: progress\ndata: {"id":"t1","status":"pending","result_url":5}',
      'event: completed\ndata: {"status":"completed"}',
      'event: failed\ndata: not json',
      `event: surprise\ndata: ${task('t1', 'pending')}`,
    ];
    streams[0]!.send(broken.map((m, i) => `id: 1-${i + 1}\n${m}\n\n`).join(''));
    streams[0]!.send(
      `id: 1-9\nevent: progress\ndata: ${task('t2', 'pending')}\n\nid: 1-10\nevent: ready\ndata: {}\n\n`,
    );
    await flush();
    expect(balances).toEqual([]);
    expect(all.map((e) => e.task.id)).toEqual(['t2']);
    expect(events.status()).toBe('live');
  });

  it('reopens an ended stream with backoff and resends the last event id', async () => {
    sessionStore.signIn('tok', testUser);
    events.start();
    await flush();
    streams[0]!.send('id: 5-1\nevent: ready\ndata: {}\n\n');
    streams[0]!.end();
    await flush();
    expect(events.status()).toBe('retrying');
    expect(events.liveSince()).toBeNull();

    await jest.advanceTimersByTimeAsync(MIN_RETRY_MS - 1);
    expect(streams).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);
    expect(headersOf(streams[1]!)['Last-Event-ID']).toBe('5-1');
    // Reopening is still 'retrying' until ready, so pages go on polling meanwhile.
    expect(events.status()).toBe('retrying');

    // A failing answer (here a 503) is retried too, each time waiting longer.
    statusOf = () => 503;
    streams[1]!.end();
    await flush();
    await jest.advanceTimersByTimeAsync(2 * MIN_RETRY_MS);
    expect(streams).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(4 * MIN_RETRY_MS - 1);
    expect(streams).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(4);
  });

  it('treats a stream that sends no ready in time as failed', async () => {
    sessionStore.signIn('tok', testUser);
    events.start();
    await flush();
    await jest.advanceTimersByTimeAsync(READY_TIMEOUT_MS);
    expect(events.status()).toBe('retrying');
  });

  it('stops on a 401 until the next sign-in, and on sign-out', async () => {
    statusOf = () => 401;
    sessionStore.signIn('old', testUser);
    events.start();
    await flush();
    expect(events.status()).toBe('off');
    await jest.advanceTimersByTimeAsync(MAX_RETRY_MS * 2);
    expect(streams).toHaveLength(1);

    statusOf = () => 200;
    sessionStore.signIn('new', testUser);
    await flush();
    expect(streams).toHaveLength(2);
    expect(headersOf(streams[1]!).Authorization).toBe('Bearer new');

    sessionStore.signOut();
    await flush();
    expect(events.status()).toBe('off');
    expect(streams[1]!.init.signal!.aborted).toBe(true);
  });
});

describe('retryDelay', () => {
  it('doubles from 1 s up to 30 s, with up to half of each step random', () => {
    expect(retryDelay(1, () => 0)).toBe(MIN_RETRY_MS / 2);
    expect(retryDelay(1, () => 1)).toBe(MIN_RETRY_MS);
    expect(retryDelay(3, () => 1)).toBe(4 * MIN_RETRY_MS);
    expect(retryDelay(20, () => 1)).toBe(MAX_RETRY_MS);
    expect(retryDelay(20, () => 0)).toBe(MAX_RETRY_MS / 2);
  });
});
