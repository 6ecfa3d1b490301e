import { StreamCounts, type UserPresence } from './user-presence';

/** Without Redis the worker is this process, so this process's streams are all there is. */
export class InProcessUserPresence implements UserPresence {
  private readonly streams = new StreamCounts();

  enter(userId: string): void {
    this.streams.add(userId);
  }

  leave(userId: string): void {
    this.streams.remove(userId);
  }

  async isWatching(userId: string): Promise<boolean> {
    return this.streams.has(userId);
  }

  async close(): Promise<void> {}
}
