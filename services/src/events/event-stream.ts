import type { ServerResponse } from 'node:http';
import type { StreamEvent } from '@veo3/contracts/events';

/** Who opened a stream, from where. */
export interface StreamOwner {
  userId: string;
  /** Checked again while the stream lasts. */
  sessionId: string;
  /** The client's address (Fastify's request.ip, as TRUST_PROXY names it), for the per-address cap. */
  address: string;
}

/** A slow reader past this much unsent data is dropped; it reconnects with Last-Event-ID and loses nothing. */
const MAX_BACKLOG_BYTES = 1024 * 1024;

/**
 * One open `text/event-stream` reply. Until `goLive`, live events wait behind the snapshot, so a
 * stream never shows a task older than what it already said.
 */
export class EventStream {
  private lastMs = 0;
  private sequence = 0;
  // Rendered (given their ids) only when written, so ids increase in the order the client reads them.
  private held: StreamEvent[] | null = [];
  private ended = false;

  constructor(
    readonly owner: StreamOwner,
    private readonly raw: ServerResponse,
  ) {}

  /** A message now, even before `goLive` (the snapshot itself). */
  send(event: StreamEvent): void {
    this.write(this.message(event));
  }

  /** A live event: after the snapshot. */
  push(event: StreamEvent): void {
    if (this.held) this.held.push(event);
    else this.write(this.message(event));
  }

  goLive(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.write(this.message(event));
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.raw.end();
  }

  private message({ type, data }: StreamEvent): string {
    // `<ms>-<sequence>`: increasing on this stream even if the clock steps back; the time is what a resume asks from.
    this.lastMs = Math.max(this.lastMs, Date.now());
    return `id: ${this.lastMs}-${++this.sequence}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  private write(chunk: string): void {
    if (this.ended) return;
    if (this.raw.writableLength > MAX_BACKLOG_BYTES) return this.end();
    this.raw.write(chunk);
  }
}

/** The time a Last-Event-ID was sent at, or null for none or one that is not ours. */
export function lastEventTime(header: string | string[] | undefined): Date | null {
  const match = typeof header === 'string' ? /^(\d{1,15})-\d+$/.exec(header.trim()) : null;
  return match ? new Date(Number(match[1])) : null;
}
