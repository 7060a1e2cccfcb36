import { defineConfig } from 'vitest/config';
import { LOAD_TESTS } from './vitest.shared.js';

/**
 * Load tests (`*.load.test.ts`) measure latency, so they run on their own after every package's
 * tests (`pnpm test` runs `test:load` last), one file at a time, with no other test running.
 */
export default defineConfig({
  test: {
    include: [LOAD_TESTS],
    globalSetup: ['src/testing/template-database.setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest-load.json' },
    testTimeout: 120_000,
    fileParallelism: false,
  },
});
