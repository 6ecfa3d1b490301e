import { useEffect, useRef, useSyncExternalStore } from 'react';
import { taskEvents, type StreamStatus, type TaskEvent } from '@veo3/platform/events/task-events';

const serverStatus = (): StreamStatus => 'off';
const serverLiveSince = (): number | null => null;

/** The tab's stream status; pre-rendered pages start 'off', as the server has no stream. */
export function useTaskStreamStatus(): StreamStatus {
  return useSyncExternalStore(taskEvents.subscribeStatus, taskEvents.status, serverStatus);
}

/** When the current connection became live, null while not live: a new value means a new snapshot. */
export function useStreamLiveSince(): number | null {
  return useSyncExternalStore(taskEvents.subscribeStatus, taskEvents.liveSince, serverLiveSince);
}

/** Calls `onEvent` for each event of `taskId`, or of every task with null; `enabled` false listens to none. */
export function useTaskEvents(taskId: string | null, onEvent: (event: TaskEvent) => void, enabled = true): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    return taskEvents.subscribeTask(taskId, (event) => handler.current(event));
  }, [taskId, enabled]);
}
