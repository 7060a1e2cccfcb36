import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'output/**'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    // Each file has its own server, database and port, and its own browser contexts in the
    // suite's one Chromium, so two files run at once: most of a file's time is spent waiting
    // for the table's windows, not on the two cores.
    maxWorkers: 2,
    globalSetup: ['support/chromium.setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 90_000,
    // Pages update when the server's events arrive; CI shares two cores with other suites.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
