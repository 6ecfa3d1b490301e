import { createSseParser, type SseMessage } from '@veo3/platform/events/sse-parser';
import { sessionStore } from '@veo3/platform/session/session-store';

export const EVENTS_PATH = '/api/video/events';
/** A stream that has not sent `ready` by then is treated as failed, so pages fall back to polling. */
export const READY_TIMEOUT_MS = 5_000;
export const MIN_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;
/** A stream that stayed live this long counts as healthy: its end restarts the backoff from MIN_RETRY_MS. */
export const STABLE_MS = 30_000;

/**
 * off: not started, signed out, or refused (401) until the next sign-in; connecting: the first
 * attempt, waiting for `ready`; live: every change of the user's tasks arrives; retrying: failed or
 * ended, and reopening with backoff until live again (pages keep polling through the attempts).
 */
export type StreamStatus = 'off' | 'connecting' | 'live' | 'retrying';

/** A task as GET /api/video/status/:id returns it in `data` (the event carries exactly that object). */
export interface TaskData {
  id: string;
  status: string;
  status_message?: string | null;
  result_url?: string | null;
  error_message?: string | null;
}

export interface TaskEvent {
  type: 'progress' | 'completed' | 'failed';
  task: TaskData;
}

/** What pages read of the stream; platform/src/testing/fake-task-events.ts fakes it for unit tests. */
export interface TaskEventSource {
  status(): StreamStatus;
  subscribeStatus(listener: () => void): () => void;
  /** Events of one task (the latest one of the current connection is delivered at once), or of all with null. */
  subscribeTask(taskId: string | null, listener: (event: TaskEvent) => void): () => void;
  subscribeBalance(listener: (totalCredits: number) => void): () => void;
  /** The latest event of a task on the current connection (snapshot included). */
  latest(taskId: string): TaskEvent | undefined;
  /** When the current connection became live (ms since epoch), null while not live; changes only with status. */
  liveSince(): number | null;
}

export interface TaskEventStream extends TaskEventSource {
  /** Follows the session: a stream while signed in, none when signed out. Safe to call more than once. */
  start(): void;
  stop(): void;
}

const isTaskEvent = (type: string): type is TaskEvent['type'] =>
  type === 'progress' || type === 'completed' || type === 'failed';

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Exponential backoff with jitter: half of the step fixed, half random, so tabs do not reconnect in step. */
export function retryDelay(attempt: number, random = Math.random): number {
  const step = Math.min(MAX_RETRY_MS, MIN_RETRY_MS * 2 ** Math.max(0, attempt - 1));
  return step / 2 + random() * (step / 2);
}

/**
 * The tab's one stream of the user's task and balance events, read with a streaming fetch (the
 * EventSource constructor cannot send the bearer token, and a token never goes into a URL).
 * Reopened with backoff after any failure (EventSource would give up for good on a non-200 answer);
 * stopped on a 401 until the next sign-in.
 */
export function createTaskEvents(): TaskEventStream {
  let status: StreamStatus = 'off';
  let token: string | null = null;
  let unsubscribeSession: (() => void) | null = null;
  let controller: AbortController | null = null;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let lastEventId = '';
  let liveAt: number | null = null;
  let latest = new Map<string, TaskEvent>();

  const statusListeners = new Set<() => void>();
  const taskListeners = new Set<{ taskId: string | null; listener: (event: TaskEvent) => void }>();
  const balanceListeners = new Set<(totalCredits: number) => void>();

  const setStatus = (next: StreamStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
  };

  const handle = (message: SseMessage) => {
    lastEventId = message.id;
    if (message.event === 'ready') {
      clearTimeout(readyTimer);
      liveAt = Date.now();
      setStatus('live');
      return;
    }
    const data = parseJson(message.data);
    if (!data) return;
    if (message.event === 'balance' && typeof data.total_credits === 'number') {
      for (const listener of [...balanceListeners]) listener(data.total_credits);
    } else if (isTaskEvent(message.event) && typeof data.id === 'string' && typeof data.status === 'string') {
      const event: TaskEvent = { type: message.event, task: { ...data, id: data.id, status: data.status } };
      latest.set(event.task.id, event);
      for (const { taskId, listener } of [...taskListeners])
        if (taskId === null || taskId === event.task.id) listener(event);
    }
  };

  /** Reads one connection until it ends; 'refused' for a 401, a throw for any other failure. */
  const read = async (signal: AbortSignal, bearer: string): Promise<'ended' | 'refused'> => {
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${bearer}` };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const response = await fetch(EVENTS_PATH, { headers, signal, cache: 'no-store', credentials: 'include' });
    if (response.status === 401) return 'refused';
    if (response.status !== 200 || !response.body) throw new Error(`task events: HTTP ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = createSseParser((message) => {
      if (!signal.aborted) handle(message);
    }, lastEventId);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'ended';
      parser.push(decoder.decode(value, { stream: true }));
    }
  };

  const closeConnection = () => {
    controller?.abort();
    controller = null;
    clearTimeout(readyTimer);
    clearTimeout(retryTimer);
    liveAt = null;
  };

  const connect = () => {
    if (!token) return;
    const own = new AbortController();
    controller = own;
    liveAt = null;
    // The snapshot refills it: what a page learns from `latest` is never older than this connection.
    latest = new Map();
    if (status === 'off') setStatus('connecting');
    readyTimer = setTimeout(() => own.abort(new Error('task events: not ready in time')), READY_TIMEOUT_MS);
    const settle = (outcome: 'ended' | 'refused' | 'failed') => {
      if (controller !== own) return; // stopped, signed out or replaced meanwhile
      const stable = liveAt !== null && Date.now() - liveAt >= STABLE_MS;
      closeConnection();
      if (outcome === 'refused') return setStatus('off');
      attempt = stable ? 1 : attempt + 1;
      setStatus('retrying');
      retryTimer = setTimeout(connect, retryDelay(attempt));
    };
    read(own.signal, token).then(settle, () => settle('failed'));
  };

  const followSession = () => {
    const next = sessionStore.getState().token;
    if (next === token) return;
    closeConnection();
    token = next;
    attempt = 0;
    lastEventId = '';
    latest = new Map();
    setStatus('off');
    connect();
  };

  return {
    start() {
      if (unsubscribeSession) return;
      unsubscribeSession = sessionStore.subscribe(followSession);
      followSession();
    },
    stop() {
      unsubscribeSession?.();
      unsubscribeSession = null;
      closeConnection();
      token = null;
      setStatus('off');
    },
    status: () => status,
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    subscribeTask(taskId, listener) {
      const entry = { taskId, listener };
      taskListeners.add(entry);
      const last = taskId === null ? undefined : latest.get(taskId);
      if (last) listener(last);
      return () => taskListeners.delete(entry);
    },
    subscribeBalance(listener) {
      balanceListeners.add(listener);
      return () => balanceListeners.delete(listener);
    },
    latest: (taskId) => latest.get(taskId),
    liveSince: () => liveAt,
  };
}

/** The tab's stream; the shell starts it at boot. */
export const taskEvents: TaskEventStream = createTaskEvents();
