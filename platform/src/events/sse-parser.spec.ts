import { createSseParser, type SseMessage } from '@veo3/platform/events/sse-parser';

function parse(chunks: string[], lastEventId?: string): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = createSseParser((m) => messages.push(m), lastEventId);
  for (const chunk of chunks) parser.push(chunk);
  return messages;
}

const stream =
  ': connected\n\n' +
  'id: 7\nevent: progress\ndata: {"id":"t1","status":"processing"}\n\n' +
  ': ping\n\n' +
  'id: 8\nevent: completed\ndata: {"id":"t1","status":"completed"}\n\n' +
  'event: ready\ndata: {}\n\n';

const expected: SseMessage[] = [
  { event: 'progress', data: '{"id":"t1","status":"processing"}', id: '7' },
  { event: 'completed', data: '{"id":"t1","status":"completed"}', id: '8' },
  { event: 'ready', data: '{}', id: '8' },
];

describe('createSseParser', () => {
  it('reads events, ids and comments from one chunk', () => {
    expect(parse([stream])).toEqual(expected);
  });

  it('gives the same events however the text is split', () => {
    for (let size = 1; size <= 9; size++) {
      const chunks = stream.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(parse(chunks)).toEqual(expected);
    }
  });

  it('accepts CRLF and CR line endings, also when a CRLF is split between chunks', () => {
    const crlf = stream.replace(/\n/g, '\r\n');
    expect(parse([crlf])).toEqual(expected);
    expect(parse(crlf.split(/(?<=\r)/))).toEqual(expected);
    expect(parse([stream.replace(/\n/g, '\r')])).toEqual(expected);
  });

  it('joins multi-line data with newlines and strips one leading space only', () => {
    expect(parse(['data: a\ndata:  b\ndata\ndata:c\n\n'])).toEqual([{ event: 'message', data: 'a\n b\n\nc', id: '' }]);
  });

  it('drops an event without data but keeps its id, and holds an unfinished event back', () => {
    expect(parse(['id: 5\nevent: x\n\ndata: y\n\ndata: unfinished\n'])).toEqual([
      { event: 'message', data: 'y', id: '5' },
    ]);
  });

  it('starts from the given last id and ignores ids with NUL and unknown fields', () => {
    expect(parse(['data: a\n\nid: b\0c\nretry: 10\nfoo: bar\ndata: b\n\n'], '41')).toEqual([
      { event: 'message', data: 'a', id: '41' },
      { event: 'message', data: 'b', id: '41' },
    ]);
  });
});
