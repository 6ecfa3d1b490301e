/** The task a user is waiting for, kept so a reload resumes it (one per user: people share browsers). */
export interface PendingTask {
  taskId: string;
  /** When the user pressed Generate, for the elapsed timer (ms since epoch). */
  startedAt: number;
}

const keyFor = (userId: string) => `veo3.generation.${userId}`;

export function readPendingTask(userId: string): PendingTask | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyFor(userId)) ?? 'null');
    const task = value as Partial<PendingTask> | null;
    if (typeof task?.taskId === 'string' && task.taskId && typeof task.startedAt === 'number') {
      return { taskId: task.taskId, startedAt: task.startedAt };
    }
  } catch {
    // A broken value is treated as no task.
  }
  return null;
}

export function savePendingTask(userId: string, task: PendingTask): void {
  localStorage.setItem(keyFor(userId), JSON.stringify(task));
}

export function clearPendingTask(userId: string): void {
  localStorage.removeItem(keyFor(userId));
}
