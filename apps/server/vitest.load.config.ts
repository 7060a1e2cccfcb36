import { defineConfig } from 'vitest/config';

/**
 * Load tests (`*.load.test.ts`) measure latency, so they run on their own after the rest of
 * the suite, one file at a time, with no other test competing for the machine's cores.
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
