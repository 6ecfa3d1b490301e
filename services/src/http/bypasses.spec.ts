import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What answers outside Nest, by hand: a hijacked reply, raw head or socket writes, a reply's envelope built as bytes. */
const BYPASS = /\.hijack\(|\.writeHead\(|socket\.end\(|JSON\.stringify\(\{ success/;
/** Its own Node server on METRICS_PORT, not the app's. */
const OWN_SERVER = join('metrics', 'metrics-server.ts');

// Every bypass of Nest's pipeline lives in http/ and is listed in docs/ARCHITECTURE.md §10.
describe('answers outside Nest', () => {
  it('are written only in http/', () => {
    const root = join(__dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.startsWith('http/') && file !== OWN_SERVER,
    );
    expect(files.filter((file) => BYPASS.test(readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });
});
