import { defineConfig } from 'vitest/config';

/**
 * Load tests (`*.load.test.ts`) measure latency, so they run on their own after every package's
 * tests (`pnpm test` runs `test:load` last), one file at a time, with no other test running.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.load.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest-load.json' },
    testTimeout: 120_000,
    fileParallelism: false,
  },
});
