/** One dispatched server-sent event. */
export interface SseMessage {
  /** 'message' when the event named none. */
  event: string;
  data: string;
  /** The stream's last event id so far (the id a reconnect resends as Last-Event-ID). */
  id: string;
}

export interface SseParser {
  /** Feeds decoded text; chunks may split lines, fields and line endings anywhere. */
  push(chunk: string): void;
}

/**
 * The event-stream format as the HTML standard reads it (§9.2.6): lines end in CRLF, LF or CR, a
 * blank line dispatches, ':' starts a comment, data lines join with '\n', an event without data is
 * dropped while its id still counts. `retry` is ignored: reconnection follows our own backoff.
 */
export function createSseParser(onMessage: (message: SseMessage) => void, lastEventId = ''): SseParser {
  let buffer = '';
  // A chunk that ended in CR: an LF starting the next chunk belongs to the same line ending.
  let afterCr = false;
  let event = '';
  let data: string[] = [];
  let id = lastEventId;

  const dispatch = () => {
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk) {
      let text = chunk;
      if (afterCr && text.startsWith('\n')) text = text.slice(1);
      afterCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, i));
        if (char === '\r') {
          if (i + 1 === buffer.length) afterCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}
