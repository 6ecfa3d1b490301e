import type { IncomingMessage } from 'node:http';
import { requestIds } from './request-log';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const request = (id?: string | string[]) =>
  ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as unknown as IncomingMessage;

describe('request ids', () => {
  it('are random UUIDs, never repeated, when no proxy is trusted: a caller cannot choose one', () => {
    const next = requestIds(false);
    const ids = [next(request()), next(request()), next(request('0123456789abcdef0123'))];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("take a trusted proxy's well-formed x-request-id, and a UUID instead of anything else", () => {
    const next = requestIds(true);
    expect(next(request('9f1c2d3e4b5a69788796a5b4c3d2e1f0'))).toBe('9f1c2d3e4b5a69788796a5b4c3d2e1f0');
    expect(next(request('c0ffee00-1234-4abc-8def-000000000001'))).toBe('c0ffee00-1234-4abc-8def-000000000001');
    for (const bad of [
      'short',
      'x'.repeat(101),
      'id with spaces 123',
      'line\nbreak-0123456789',
      ['a'.repeat(20), 'b'.repeat(20)],
    ]) {
      expect(next(request(bad))).toMatch(UUID);
    }
  });
});
