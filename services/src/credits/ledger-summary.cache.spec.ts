import { InProcessEventBus } from '../events/in-process.event-bus';
import { LedgerSummaryCache, MAX_SUMMARIES, SUMMARY_TTL_MS, type LedgerSummary } from './ledger-summary.cache';

const summary = (balance: number): LedgerSummary => ({ balance, transactions: [] });

/** A read the test answers when it likes, counting how often the cache asked for one. */
function controlledReads() {
  const pending: ((value: LedgerSummary | null) => void)[] = [];
  return {
    count: 0,
    read(): Promise<LedgerSummary | null> {
      this.count++;
      return new Promise((resolve) => pending.push(resolve));
    },
    answer(value: LedgerSummary | null) {
      pending.shift()!(value);
    },
  };
}

describe('LedgerSummaryCache', () => {
  let bus: InProcessEventBus;
  let cache: LedgerSummaryCache;
  beforeEach(() => {
    bus = new InProcessEventBus();
    cache = new LedgerSummaryCache(bus);
  });
  afterEach(() => {
    cache.onModuleDestroy();
    jest.useRealTimers();
  });

  it('reads once for callers arriving together, then answers from memory', async () => {
    const reads = controlledReads();
    const first = cache.get('u1', () => reads.read());
    const second = cache.get('u1', () => reads.read());
    reads.answer(summary(40));
    expect(await first).toEqual(summary(40));
    expect(await second).toEqual(summary(40));
    expect(await cache.get('u1', () => reads.read())).toEqual(summary(40));
    expect(reads.count).toBe(1);
  });

  it('reads again after a balance change, in this process or announced by another', async () => {
    let balance = 40;
    const read = async () => summary(balance);
    expect(await cache.get('u1', read)).toEqual(summary(40));
    balance = 0;
    cache.invalidate('u1');
    expect(await cache.get('u1', read)).toEqual(summary(0));
    balance = 80;
    await bus.publish({ type: 'balance', userId: 'u1', totalCredits: 80 });
    expect(await cache.get('u1', read)).toEqual(summary(80));
    // Another user's change and a task event leave this entry alone.
    balance = 120;
    await bus.publish({ type: 'balance', userId: 'u2', totalCredits: 5 });
    await bus.publish({ type: 'task', userId: 'u1', taskId: 't1' });
    expect(await cache.get('u1', read)).toEqual(summary(80));
  });

  it('does not keep a read that was under way when the ledger changed, and does not hand it to later callers', async () => {
    const reads = controlledReads();
    const before = cache.get('u1', () => reads.read());
    cache.invalidate('u1');
    const after = cache.get('u1', () => reads.read());
    expect(reads.count).toBe(2);
    reads.answer(summary(40));
    reads.answer(summary(0));
    expect(await before).toEqual(summary(40));
    expect(await after).toEqual(summary(0));
    expect(await cache.get('u1', () => reads.read())).toEqual(summary(0));
    expect(reads.count).toBe(2);
  });

  it('reads again once an entry is older than its time to live, as when an invalidation was lost', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    let balance = 40;
    const read = async () => summary(balance);
    await cache.get('u1', read);
    balance = 0;
    jest.setSystemTime(1_000_000 + SUMMARY_TTL_MS - 1);
    expect(await cache.get('u1', read)).toEqual(summary(40));
    jest.setSystemTime(1_000_000 + SUMMARY_TTL_MS);
    expect(await cache.get('u1', read)).toEqual(summary(0));
  });

  it('keeps neither a missing user nor a failed read, and passes the failure on', async () => {
    let calls = 0;
    expect(await cache.get('ghost', async () => (calls++, null))).toBeNull();
    expect(await cache.get('ghost', async () => (calls++, null))).toBeNull();
    await expect(cache.get('u1', () => (calls++, Promise.reject(new Error('database down'))))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('u1', async () => (calls++, summary(1)))).toEqual(summary(1));
    expect(calls).toBe(4);
  });

  it(`holds at most ${MAX_SUMMARIES} users, dropping the oldest`, async () => {
    let reads = 0;
    const read = async () => (reads++, summary(1));
    for (let i = 0; i <= MAX_SUMMARIES; i++) await cache.get(`u${i}`, read);
    expect(reads).toBe(MAX_SUMMARIES + 1);
    await cache.get(`u${MAX_SUMMARIES}`, read);
    await cache.get('u1', read);
    expect(reads).toBe(MAX_SUMMARIES + 1);
    await cache.get('u0', read);
    expect(reads).toBe(MAX_SUMMARIES + 2);
  });
});
