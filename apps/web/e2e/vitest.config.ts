import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'output/**'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    // Each file runs a real server and its people in the suite's one Chromium: one file at a
    // time, since two at once beside the server's suites stretched the pages' timed waits.
    fileParallelism: false,
    // One worker and module graph for every file, not a fresh one each: playwright-core and the
    // server's testing helpers were imported 19 times over (8 files: 87.9 → 81.8 s, 102.8 → 94.3
    // CPU-s). Each file starts and stops its own server, database and browser contexts; the
    // Chromium stays (support/browser.ts).
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 90_000,
    // Pages update when the server's events arrive; CI shares two cores with other suites.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
