/**
 * Who is watching the site: a user with at least one open task event stream (GET /api/video/events)
 * on any process. The event streams say when a user's stream opens and closes; anyone (a worker
 * deciding whether to notify) asks `isWatching`.
 */
export interface UserPresence {
  /** One more open stream of `userId` in this process. */
  enter(userId: string): void;
  /** One stream fewer (after an `enter`). */
  leave(userId: string): void;
  /** Whether `userId` has an open stream on any process; on doubt (Redis unreachable), false. */
  isWatching(userId: string): Promise<boolean>;
  close(): Promise<void>;
}

export const USER_PRESENCE = Symbol('USER_PRESENCE');

/** The open streams of each user in this process. */
export class StreamCounts {
  private readonly counts = new Map<string, number>();

  /** Counts one more; true when it is the user's first. */
  add(userId: string): boolean {
    const count = (this.counts.get(userId) ?? 0) + 1;
    this.counts.set(userId, count);
    return count === 1;
  }

  /** Counts one fewer; true when it was the user's last. */
  remove(userId: string): boolean {
    const count = (this.counts.get(userId) ?? 0) - 1;
    if (count > 0) this.counts.set(userId, count);
    else this.counts.delete(userId);
    return count === 0;
  }

  has(userId: string): boolean {
    return this.counts.has(userId);
  }

  users(): string[] {
    return [...this.counts.keys()];
  }
}
