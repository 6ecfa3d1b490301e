// Prints "N passed, N failed, N skipped" for the whole `npm test` run (jest + Playwright).
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);

const jest = read(join(root, '.tmp', 'jest-summary.json')) ?? { passed: 0, failed: 0, skipped: 0 };
const pw = read(join(root, 'e2e', 'test-results', 'results.json'));
const e2e = pw
  ? { passed: pw.stats.expected + pw.stats.flaky, failed: pw.stats.unexpected, skipped: pw.stats.skipped }
  : { passed: 0, failed: 0, skipped: 0 };

console.log(`unit: ${jest.passed} passed, ${jest.failed} failed; e2e: ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(
  `${jest.passed + e2e.passed} passed, ${jest.failed + e2e.failed} failed, ${jest.skipped + e2e.skipped} skipped`,
);
process.exit(jest.failed + e2e.failed > 0 ? 1 : 0);
