import type { TaskEventReading, TaskEventType } from '@veo3/contracts/events';
import type { SseMessage } from '@veo3/platform/events/sse-parser';
import { readEventStream } from '@veo3/platform/events/task-event-connection';
import { createTaskEventListeners } from '@veo3/platform/events/task-event-listeners';
import { loadEventSchemas, readStreamMessage, type EventSchemas } from '@veo3/platform/events/task-event-message';
import { sessionStore } from '@veo3/platform/session/session-store';
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
export type TaskData = TaskEventReading;

export interface TaskEvent {
  type: TaskEventType;
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
  const listeners = createTaskEventListeners<TaskEvent>();

  const setStatus = (next: StreamStatus) => {
    if (status === next) return;
    status = next;
    listeners.statusChanged();
  };

  const handle = (message: SseMessage, schemas: EventSchemas) => {
    lastEventId = message.id;
    const event = readStreamMessage(message, schemas);
    if (event?.type === 'ready') {
      clearTimeout(readyTimer);
      liveAt = Date.now();
      setStatus('live');
    } else if (event?.type === 'balance') listeners.balance(event.totalCredits);
    else if (event) listeners.task(event);
  };

  const read = async (signal: AbortSignal, bearer: string): Promise<'ended' | 'refused'> => {
    const schemas = await loadEventSchemas();
    return readEventStream(signal, bearer, lastEventId, (message) => handle(message, schemas));
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
    listeners.forgetLatest();
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
    listeners.forgetLatest();
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
    subscribeStatus: listeners.subscribeStatus,
    subscribeTask: listeners.subscribeTask,
    subscribeBalance: listeners.subscribeBalance,
    latest: listeners.latest,
    liveSince: () => liveAt,
  };
}

/** The tab's stream; the shell starts it at boot. */
export const taskEvents: TaskEventStream = createTaskEvents();
