import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import type { PublicVideoTask } from '@veo3/contracts/video';
import { EventStream, lastEventTime } from './event-stream';

function fakeResponse() {
  const raw = new PassThrough();
  let written = '';
  raw.on('data', (chunk: Buffer) => (written += chunk.toString()));
  return { raw: raw as unknown as ServerResponse, written: () => written };
}

// Only the id matters to the stream, which writes the data as it is given.
const task = { id: 't1' } as PublicVideoTask;

describe('EventStream', () => {
  it('writes messages with increasing ids, holding live events until the snapshot is out', async () => {
    const { raw, written } = fakeResponse();
    const stream = new EventStream({ userId: 'u1', sessionId: 's1', address: '127.0.0.1' }, raw);
    stream.push({ type: 'balance', data: { total_credits: 1 } });
    stream.send({ type: 'progress', data: task });
    stream.send({ type: 'ready', data: {} });
    stream.goLive();
    stream.push({ type: 'completed', data: task });
    stream.comment('ping');
    await new Promise((resolve) => setImmediate(resolve));
    const messages = written().split('\n\n').filter(Boolean);
    expect(messages.map((m) => /^event: (.*)$/m.exec(m)?.[1] ?? m)).toEqual([
      'progress',
      'ready',
      'balance',
      'completed',
      ': ping',
    ]);
    const ids = messages.flatMap((m) => (/^id: (\d+)-(\d+)$/m.exec(m) ? [/^id: (.*)$/m.exec(m)![1]!] : []));
    expect(ids.map((id) => Number(id.split('-')[1]))).toEqual([1, 2, 3, 4]);
    expect(messages[0]).toMatch(/\ndata: \{"id":"t1"\}$/);
  });

  it('writes nothing once ended', () => {
    const { raw, written } = fakeResponse();
    const stream = new EventStream({ userId: 'u1', sessionId: 's1', address: '127.0.0.1' }, raw);
    stream.end();
    stream.send({ type: 'ready', data: {} });
    expect(written()).toBe('');
  });
});

describe('lastEventTime', () => {
  it('reads the time of an id of ours and ignores anything else', () => {
    expect(lastEventTime('1795514038774-12')).toEqual(new Date(1795514038774));
    for (const other of [undefined, '', 'abc', '12-x', ['1-1'], '1795514038774']) {
      expect(lastEventTime(other as string | undefined)).toBeNull();
    }
  });
});
