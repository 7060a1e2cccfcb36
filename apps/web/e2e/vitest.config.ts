import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'output/**'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    // Each file runs a real server and its people in the suite's one Chromium: one file at a
    // time, since two at once beside the server's lanes stretched the pages' timed waits.
    fileParallelism: false,
    globalSetup: ['support/chromium.setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 90_000,
    // Pages update when the server's events arrive; CI shares two cores with other suites.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
