import { createHash } from 'node:crypto';

export interface CachedReply {
  body: string;
  etag: string;
  /** The post the reply shows, if it shows one. */
  postId?: number;
}

/** A strong ETag over the exact bytes sent. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * The public blog's rendered replies, kept for a short time and dropped whole by any admin change,
 * so reads are served without the database and a change is seen by the next request.
 * (In one process; each process of a scaled-out site keeps its own, for at most `ttlMs`.)
 */
export class BlogCache {
  private entries = new Map<string, { reply: CachedReply; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  async get(key: string, render: () => Promise<{ body: string; postId?: number } | null>): Promise<CachedReply | null> {
    const hit = this.peek(key);
    if (hit) return hit;
    const generation = this.entries;
    const rendered = await render();
    if (rendered === null) return null;
    const reply = { ...rendered, etag: etagOf(rendered.body) };
    // A change that happened while rendering dropped `generation`: do not store a stale reply.
    if (generation === this.entries) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { reply, at: Date.now() });
    }
    return reply;
  }

  /** A fresh entry, or null; never renders. */
  peek(key: string): CachedReply | null {
    const hit = this.entries.get(key);
    return hit && Date.now() - hit.at < this.ttlMs ? hit.reply : null;
  }

  clear(): void {
    this.entries = new Map();
  }
}
