import { SessionCache } from './session-cache';

describe('SessionCache', () => {
  let clock = 0;
  const cache = (max: number, ttl: number) => new SessionCache<string>(max, ttl, () => clock);
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('forgets an entry once its time to live has passed', () => {
    const c = cache(10, 3_000);
    c.set('a', 'alice');
    clock += 2_999;
    expect(c.get('a')).toBe('alice');
    clock += 1;
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('a hit does not extend the time to live', () => {
    const c = cache(10, 3_000);
    c.set('a', 'alice');
    for (let i = 0; i < 5; i++) {
      clock += 500;
      expect(c.get('a')).toBe('alice');
    }
    clock += 500;
    expect(c.get('a')).toBeUndefined();
  });

  it('never keeps an entry past its own deadline, and never stores one already past it', () => {
    const c = cache(10, 3_000);
    c.set('a', 'alice', clock + 1_000);
    clock += 1_000;
    expect(c.get('a')).toBeUndefined();
    c.set('b', 'bob', clock - 1);
    expect(c.size).toBe(0);
  });

  it('holds at most maxEntries, evicting the least recently used', () => {
    const c = cache(3, 3_000);
    c.set('a', 'alice');
    c.set('b', 'bob');
    c.set('c', 'carol');
    expect(c.get('a')).toBe('alice'); // now b is the least recently used
    c.set('d', 'dave');
    expect(c.size).toBe(3);
    expect(c.get('b')).toBeUndefined();
    expect([c.get('a'), c.get('c'), c.get('d')]).toEqual(['alice', 'carol', 'dave']);
    for (let i = 0; i < 1_000; i++) c.set(`k${i}`, 'x');
    expect(c.size).toBe(3);
  });

  it('delete forgets at once', () => {
    const c = cache(10, 3_000);
    c.set('a', 'alice');
    c.delete('a');
    expect(c.get('a')).toBeUndefined();
  });

  it('deleteWhere forgets every matching entry and keeps the others', () => {
    const c = cache(10, 3_000);
    c.set('t1', 'session-a');
    c.set('t2', 'session-b');
    c.set('t3', 'session-a');
    c.deleteWhere((v) => v === 'session-a');
    expect([c.get('t1'), c.get('t2'), c.get('t3')]).toEqual([undefined, 'session-b', undefined]);
  });

  it('refuses a bound that would make it unbounded or useless', () => {
    expect(() => cache(0, 3_000)).toThrow(RangeError);
    expect(() => cache(10, 0)).toThrow(RangeError);
  });
});
