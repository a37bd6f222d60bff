import { defineConfig } from '@playwright/test';

/** End-to-end tests against a running server (API + built webapp): E2E_BASE_URL, default http://127.0.0.1:8000. */
export default defineConfig({
  testDir: './e2e',
  // Bounds for a slow or loaded machine (CI on 2 cores shared with a CPU hog; a machine 3x slower):
  // tests wait for conditions, so a generous bound costs nothing when they pass, and a real
  // failure still fails (no retries).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  retries: 0,
  // Two browsers against the one server: a test spends most of its time in Chromium (rendering,
  // axe), so a second worker keeps both cores busy. Each spec file runs in one worker, in order
  // (the specs share one seeded server; E2E_WORKERS overrides).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8000',
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
