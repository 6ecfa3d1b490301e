import type { LeaseStore } from './lease-store';
import { RunOnceScheduler } from './run-once.scheduler';
import type { WorkerIdentity } from './worker-identity';

/** One lease in memory; `acquire` answers only when the test lets it, as a slow database would. */
class GatedLeaseStore implements LeaseStore {
  holder: string | undefined;
  private pending: (() => void)[] = [];

  acquire(_name: string, holder: string): Promise<boolean> {
    return new Promise((resolve) =>
      this.pending.push(() => {
        const free = this.holder === undefined || this.holder === holder;
        if (free) this.holder = holder;
        resolve(free);
      }),
    );
  }
  async release(_name: string, holder: string): Promise<void> {
    if (this.holder === holder) this.holder = undefined;
  }
  async close(): Promise<void> {}
  get waiting(): number {
    return this.pending.length;
  }
  answer(): void {
    for (const settle of this.pending.splice(0)) settle();
  }
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('RunOnceScheduler', () => {
  it('stopping during a tick leaves the lease free: the tick finishes before the lease is handed back', async () => {
    const store = new GatedLeaseStore();
    const identity: Pick<WorkerIdentity, 'id'> = { id: '00000000-0000-4000-8000-000000000001' };
    const scheduler = new RunOnceScheduler(store, identity as WorkerIdentity);
    let ran = 0;
    scheduler.every('job', 10, async () => void ran++);
    await until(() => store.waiting > 0);

    const stopped = scheduler.stop();
    // The database answers the tick's acquire only after stop() has begun handing the lease back.
    await new Promise((resolve) => setTimeout(resolve, 20));
    store.answer();
    await stopped;

    expect(store.holder).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.waiting).toBe(0);
    expect(ran).toBeLessThanOrEqual(1);
  });
});
