// A stand-in for the tab's task event stream in unit tests (jsdom has no streaming fetch).
import { act } from '@testing-library/react';
import type { StreamStatus, TaskData, TaskEvent, TaskEventSource } from '@veo3/platform/events/task-events';

export interface FakeTaskEvents extends TaskEventSource {
  setStatus(status: StreamStatus): void;
  /** A task event as the stream delivers it (remembered as the task's latest). */
  emitTask(type: TaskEvent['type'], task: TaskData): void;
  emitBalance(totalCredits: number): void;
  /** The connection becomes live, as after its `ready` event. */
  ready(): void;
  reset(): void;
}

export function createFakeTaskEvents(): FakeTaskEvents {
  let status: StreamStatus = 'off';
  let liveAt: number | null = null;
  const latest = new Map<string, TaskEvent>();
  const statusListeners = new Set<() => void>();
  const taskListeners = new Set<{ taskId: string | null; listener: (event: TaskEvent) => void }>();
  const balanceListeners = new Set<(credits: number) => void>();
  const add = <T>(set: Set<T>, item: T) => {
    set.add(item);
    return () => void set.delete(item);
  };

  const fake: FakeTaskEvents = {
    status: () => status,
    liveSince: () => liveAt,
    latest: (taskId) => latest.get(taskId),
    subscribeStatus: (listener) => add(statusListeners, listener),
    subscribeTask(taskId, listener) {
      const last = taskId === null ? undefined : latest.get(taskId);
      if (last) listener(last);
      return add(taskListeners, { taskId, listener });
    },
    subscribeBalance: (listener) => add(balanceListeners, listener),
    setStatus(next) {
      act(() => {
        status = next;
        if (next !== 'live') liveAt = null;
        if (next === 'connecting') latest.clear();
        for (const listener of [...statusListeners]) listener();
      });
    },
    emitTask(type, task) {
      act(() => {
        const event = { type, task };
        latest.set(task.id, event);
        for (const { taskId, listener } of [...taskListeners])
          if (taskId === null || taskId === task.id) listener(event);
      });
    },
    emitBalance(credits) {
      act(() => {
        for (const listener of [...balanceListeners]) listener(credits);
      });
    },
    ready() {
      act(() => {
        liveAt = Date.now();
        status = 'live';
        for (const listener of [...statusListeners]) listener();
      });
    },
    reset() {
      status = 'off';
      liveAt = null;
      latest.clear();
      statusListeners.clear();
      taskListeners.clear();
      balanceListeners.clear();
    },
  };
  return fake;
}
