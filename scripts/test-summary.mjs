// Prints "N passed, N failed, N skipped" for the whole CI run: jest and Playwright from `npm test`
// on the machine's Node, plus jest again on the LTS Node when scripts/test-lts.sh ran after it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
const none = { passed: 0, failed: 0, skipped: 0 };

const jestPath = join(root, '.tmp', 'jest-summary.json');
const ltsPath = join(root, '.tmp', 'jest-summary-lts.json');
const jest = read(jestPath) ?? none;
// Only a result written after this run's jest counts (not one left over from an earlier run).
const lts =
  existsSync(ltsPath) && (!existsSync(jestPath) || statSync(ltsPath).mtimeMs >= statSync(jestPath).mtimeMs)
    ? read(ltsPath)
    : null;
const pw = read(join(root, 'e2e', 'test-results', 'results.json'));
const e2e = pw
  ? { passed: pw.stats.expected + pw.stats.flaky, failed: pw.stats.unexpected, skipped: pw.stats.skipped }
  : none;

const runs = [
  [`unit (Node ${process.versions.node})`, jest],
  ...(lts ? [[`unit (Node ${lts.node.replace(/^v/, '')})`, lts]] : []),
  ['e2e', e2e],
];
console.log(runs.map(([name, r]) => `${name}: ${r.passed} passed, ${r.failed} failed`).join('; '));
const total = (key) => runs.reduce((sum, [, r]) => sum + r[key], 0);
console.log(`${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exit(total('failed') > 0 ? 1 : 0);
