import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One MIME part: its headers (names in lower case, folded lines joined) and its decoded body. */
export interface MailPart {
  headers: Record<string, string>;
  body: Buffer;
  parts: MailPart[];
}

/** A message as the SMTP server received it, with what tests read of it. */
export interface CaughtMail {
  raw: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  /** Every leaf part (text, HTML, attachments), in order. */
  leaves: MailPart[];
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= or Q) in a header, decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

function parsePart(raw: string): MailPart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .map((chunk) => parsePart(chunk.replace(/^\r?\n/, '')));
    return { headers, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body.replace(/\r?\n$/, ''), 'utf8');
  return { headers, body: decoded, parts: [] };
}

const leavesOf = (part: MailPart): MailPart[] => (part.parts.length ? part.parts.flatMap(leavesOf) : [part]);

/** A message the tests can read: headers, subject, the text and HTML parts, the attachments. */
export function readMail(raw: string, to: string[] = []): CaughtMail {
  const root = parsePart(raw);
  const leaves = leavesOf(root);
  const typed = (type: string) =>
    leaves.find((leaf) => (leaf.headers['content-type'] ?? 'text/plain').startsWith(type))?.body.toString('utf8') ?? '';
  return {
    raw,
    to,
    headers: root.headers,
    subject: decodeWords(root.headers.subject ?? ''),
    text: typed('text/plain'),
    html: typed('text/html'),
    leaves,
  };
}

/**
 * A local SMTP server (smtp-server) that keeps every message; `refuse` makes the next that many
 * deliveries fail with a temporary 451, as a struggling mail server would.
 */
export class MailCatcher {
  readonly mails: CaughtMail[] = [];
  refuse = 0;
  refused = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (this.refuse > 0) {
          this.refuse--;
          this.refused++;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        this.mails.push(readMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  to(address: string): CaughtMail[] {
    return this.mails.filter((mail) => mail.to.includes(address));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
