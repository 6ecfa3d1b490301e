interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * A bounded least-recently-used map whose entries live at most `ttlMs` (or until their own
 * `notAfter`, if sooner): what a process may remember about a session before asking the database again.
 */
export class SessionCache<V> {
  // A Map keeps insertion order: re-inserting on each hit keeps the least recently used first.
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(maxEntries >= 1) || !(ttlMs > 0)) throw new RangeError('SessionCache needs maxEntries ≥ 1 and ttlMs > 0');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, notAfter = Infinity): void {
    const expiresAt = Math.min(this.now() + this.ttlMs, notAfter);
    this.entries.delete(key);
    if (expiresAt <= this.now()) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every entry whose value matches (a scan: for rare events such as a sign-out). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }
}
