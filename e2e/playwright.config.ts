import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Files that wait on the local renderer's real videos. They run one at a time (their own project's
 * single worker) beside the other files: two at once would make their renders take turns on two cores,
 * and each would wait out the other's as well as its own.
 */
const RENDERING = [
  'billing.spec.ts',
  'effect-create.spec.ts',
  'generator-workspace.spec.ts',
  'history-actions.spec.ts',
  'live-progress.spec.ts',
  'model-picker.spec.ts',
  'notifications.spec.ts',
  'omni-edit.spec.ts',
  'share.spec.ts',
  'video.spec.ts',
].map((file) => `**/${file}`);
const viewport = { width: 1280, height: 800 };

const executablePath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'renders', testMatch: RENDERING, workers: 1, use: { viewport } },
    { name: 'desktop', testIgnore: RENDERING, use: { viewport } },
  ],
});
