import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface StreamMessage {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** One GET /api/video/events as a browser's streaming fetch reads it: every message kept, in order. */
export class EventStreamClient {
  readonly messages: StreamMessage[] = [];
  readonly ended: Promise<void>;
  private buffer = '';
  private waiters: (() => void)[] = [];
  private done = false;

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    private readonly response: IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => this.take(chunk));
    this.ended = new Promise((resolve) => {
      const end = () => {
        this.done = true;
        this.wake();
        resolve();
      };
      response.once('end', end);
      response.once('close', end);
      response.once('error', end);
    });
  }

  static open(baseUrl: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
    return new Promise((resolve, reject) => {
      const req = request(`${baseUrl}/api/video/events`, { headers, agent: false }, (response) =>
        resolve(new EventStreamClient(response.statusCode ?? 0, response.headers, response)),
      );
      req.on('error', reject);
      req.end();
    });
  }

  get isEnded(): boolean {
    return this.done;
  }

  /** The events (not comments) received so far. */
  get events(): StreamMessage[] {
    return this.messages.filter((m) => m.event);
  }

  /** Resolves with the first event (from index `from`) matching `match`; rejects when the stream ends first or time runs out. */
  async waitFor(match: (m: StreamMessage) => boolean, timeoutMs = 10_000, from = 0): Promise<StreamMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (this.done) throw new Error(`stream ended without it: ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; received ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async body(): Promise<string> {
    await this.ended;
    return this.buffer;
  }

  close(): void {
    this.response.destroy();
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    if (this.status !== 200) return;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const message: StreamMessage = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) message.comment = line.slice(1).trim();
        const field = /^(id|event|data): ?(.*)$/.exec(line);
        if (field) message[field[1] as 'id' | 'event' | 'data'] = field[2];
      }
      this.messages.push(message);
    }
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
