import { Transform } from 'node:stream';

/**
 * An interaction whose video comes back inline holds it as one base64 JSON string (a 10 s clip is
 * megabytes). These streams read the answer as it arrives, never holding that string whole:
 * `inlineVideoStream` decodes it into video bytes, `withoutInlineData` passes the JSON on with every
 * `data` string emptied, so that the SDK parses a small document when it only needs the status.
 */

/** The object a `data` string sits in, and where that object sits. */
export interface DataContext {
  /** The object's `type` and `mime_type`, when they came before `data` (as the Gemini API writes them). */
  type?: string;
  mimeType?: string;
  /** True under a `user_input` step or an `input` field: our own input echoed back (an edit's parent video). */
  input: boolean;
}

interface Frame {
  object: boolean;
  /** Objects: whether the next string is a key, and the last key read. */
  expectKey: boolean;
  key: string | null;
  type?: string;
  mimeType?: string;
  input: boolean;
}

type StringRole = 'key' | 'short' | 'skip' | 'data';

/** Longest key or `type`/`mime_type` value kept; longer ones are skipped unread. */
const SHORT = 200;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export interface ScanEvents {
  /** Bytes outside the contents of `data` strings (the quotes themselves included). */
  onPass?(bytes: Buffer): void;
  /** A `data` string starts: true to have its base64 decoded into onData. */
  onDataStart?(context: DataContext): boolean;
  onData?(bytes: Buffer): void;
  onDataEnd?(): void;
}

/** A byte-level JSON scanner that follows objects, keys and strings across chunk boundaries (escapes included). */
export class InlineDataScanner {
  private readonly frames: Frame[] = [];
  private role: StringRole | null = null;
  private text = '';
  private escaped = false;
  /** Inside a \uXXXX escape of a decoded data string: the hex digits read so far. */
  private unicode: string | null = null;
  private decoding = false;
  /** Base64 characters not yet decoded (fewer than a 4-character group, or a batch in progress). */
  private base64 = '';

  constructor(private readonly events: ScanEvents) {}

  write(chunk: Buffer): void {
    let passStart = this.role === 'data' ? -1 : 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (this.role !== null) {
        if (this.role === 'data') {
          if (this.dataByte(byte)) {
            passStart = i;
            this.endString();
          }
        } else if (this.escaped) {
          this.escaped = false;
          this.keep(byte);
        } else if (byte === BACKSLASH) {
          this.escaped = true;
          this.keep(byte);
        } else if (byte === QUOTE) {
          this.endString();
        } else {
          this.keep(byte);
        }
        continue;
      }
      const frame = this.frames.at(-1);
      switch (byte) {
        case QUOTE:
          this.startString(frame);
          if (this.role === 'data') {
            this.events.onPass?.(chunk.subarray(passStart, i + 1));
            passStart = -1;
          }
          break;
        case 0x7b: // {
        case 0x5b: {
          // [
          const input = Boolean(frame && (frame.input || frame.type === 'user_input' || frame.key === 'input'));
          this.frames.push({ object: byte === 0x7b, expectKey: byte === 0x7b, key: null, input });
          break;
        }
        case 0x7d: // }
        case 0x5d: // ]
          this.frames.pop();
          break;
        case 0x2c: // ,
          if (frame?.object) frame.expectKey = true;
          break;
        default:
          break;
      }
    }
    if (passStart >= 0 && passStart < chunk.length) this.events.onPass?.(chunk.subarray(passStart));
  }

  /** The document has ended: true when it ended outside any string or container. */
  end(): boolean {
    return this.role === null && this.frames.length === 0;
  }

  private startString(frame: Frame | undefined): void {
    this.text = '';
    this.escaped = false;
    if (frame?.object && frame.expectKey) {
      this.role = 'key';
      return;
    }
    const key = frame?.object ? frame.key : null;
    if (key === 'data') {
      this.role = 'data';
      this.base64 = '';
      this.unicode = null;
      this.decoding =
        this.events.onDataStart?.({ type: frame!.type, mimeType: frame!.mimeType, input: frame!.input }) ?? false;
    } else {
      this.role = key === 'type' || key === 'mime_type' ? 'short' : 'skip';
    }
  }

  private keep(byte: number): void {
    if ((this.role === 'key' || this.role === 'short') && this.text.length < SHORT) {
      this.text += String.fromCharCode(byte);
    }
  }

  private endString(): void {
    const frame = this.frames.at(-1);
    if (frame?.object) {
      if (this.role === 'key') {
        frame.key = this.text.length < SHORT ? this.text : null;
        frame.expectKey = false;
      } else if (this.role === 'short') {
        if (frame.key === 'type') frame.type = this.text;
        else frame.mimeType = this.text;
      }
    }
    if (this.role === 'data') {
      if (this.decoding) {
        this.flush(true);
        this.events.onDataEnd?.();
      }
      this.decoding = false;
    }
    this.role = null;
  }

  /** One byte of a data string's contents; true at its closing quote. */
  private dataByte(byte: number): boolean {
    if (this.unicode !== null) {
      this.unicode += String.fromCharCode(byte);
      if (this.unicode.length === 4) {
        this.base64char(String.fromCharCode(Number.parseInt(this.unicode, 16)));
        this.unicode = null;
      }
      return false;
    }
    if (this.escaped) {
      this.escaped = false;
      if (byte === 0x75) this.unicode = '';
      // \/ and \\ stand for themselves; \n, \r, \t and the like are line breaks base64 ignores.
      else if (byte === 0x2f) this.base64char('/');
      return false;
    }
    if (byte === BACKSLASH) {
      this.escaped = true;
      return false;
    }
    if (byte === QUOTE) return true;
    this.base64char(String.fromCharCode(byte));
    return false;
  }

  private base64char(char: string): void {
    if (!this.decoding) return;
    this.base64 += char;
    if (this.base64.length >= 64 * 1024) this.flush(false);
  }

  /** Decodes whole 4-character groups (all that is left at the end of the string). */
  private flush(last: boolean): void {
    const whole = last ? this.base64.length : this.base64.length - (this.base64.length % 4);
    if (whole > 0) this.events.onData?.(Buffer.from(this.base64.slice(0, whole), 'base64'));
    this.base64 = this.base64.slice(whole);
  }
}

/** Whether a `data` string is the generated video: a video block, not one of our inputs echoed back. */
export function isOutputVideo(context: DataContext): boolean {
  return (
    !context.input &&
    (context.type === undefined || context.type === 'video') &&
    (context.mimeType === undefined || context.mimeType.startsWith('video/'))
  );
}

/** Interaction JSON in, the bytes of its (first) output video out; fails when the document holds none. */
export function inlineVideoStream(noVideo: () => Error): Transform {
  let state: 'before' | 'inside' | 'done' = 'before';
  let push: (bytes: Buffer) => void = () => undefined;
  const scanner = new InlineDataScanner({
    onDataStart: (context) => {
      if (state !== 'before' || !isOutputVideo(context)) return false;
      state = 'inside';
      return true;
    },
    onData: (bytes) => push(bytes),
    onDataEnd: () => {
      state = 'done';
    },
  });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      push = (bytes) => void this.push(bytes);
      scanner.write(chunk);
      done();
    },
    flush(done) {
      done(state === 'done' && scanner.end() ? null : noVideo());
    },
  });
}

/** Interaction JSON in, the same JSON out with every `data` string emptied. */
export function withoutInlineData(): Transform {
  let push: (bytes: Buffer) => void = () => undefined;
  const scanner = new InlineDataScanner({ onPass: (bytes) => push(bytes) });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      push = (bytes) => void this.push(bytes);
      scanner.write(chunk);
      done();
    },
  });
}
