/** An event of one task (task-events.ts TaskEvent). */
interface OfTask {
  task: { id: string };
}

/** The listeners of one stream's status and events, and the latest event of each task on the current connection. */
export interface TaskEventListeners<TaskEvent extends OfTask> {
  subscribeStatus(listener: () => void): () => void;
  statusChanged(): void;
  subscribeTask(taskId: string | null, listener: (event: TaskEvent) => void): () => void;
  subscribeBalance(listener: (totalCredits: number) => void): () => void;
  latest(taskId: string): TaskEvent | undefined;
  task(event: TaskEvent): void;
  balance(totalCredits: number): void;
  /** A new connection: its snapshot refills the latest events, so a page never reads one older than it. */
  forgetLatest(): void;
}

export function createTaskEventListeners<TaskEvent extends OfTask>(): TaskEventListeners<TaskEvent> {
  let latest = new Map<string, TaskEvent>();
  const taskListeners = new Set<{ taskId: string | null; listener: (event: TaskEvent) => void }>();
  const balanceListeners = new Set<(totalCredits: number) => void>();
  const statusListeners = new Set<() => void>();

  return {
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    statusChanged() {
      for (const listener of [...statusListeners]) listener();
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
    task(event) {
      latest.set(event.task.id, event);
      for (const { taskId, listener } of [...taskListeners])
        if (taskId === null || taskId === event.task.id) listener(event);
    },
    balance(totalCredits) {
      for (const listener of [...balanceListeners]) listener(totalCredits);
    },
    forgetLatest() {
      latest = new Map();
    },
  };
}
