// Writes the run's counts for scripts/test-summary.mjs (CI prints one closing line for jest and Playwright together).
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const dir = join(__dirname, '..', '..', '.tmp');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'jest-summary.json'),
      JSON.stringify({
        passed: results.numPassedTests,
        failed: results.numFailedTests,
        skipped: results.numPendingTests,
      }),
    );
  }
}

module.exports = SummaryReporter;
