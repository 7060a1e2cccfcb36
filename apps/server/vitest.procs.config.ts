import { defineConfig } from 'vitest/config';
import { PROCESS_TESTS } from './vitest.shared.js';

/**
 * The process-starting files (vitest.shared.ts): one at a time, since each times takeovers and
 * restarts that a second file's processes on the same two cores would stretch.
 */
export default defineConfig({
  test: {
    include: PROCESS_TESTS,
    fileParallelism: false,
    globalSetup: ['src/testing/template-database.setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest-procs.json' },
    testTimeout: 60_000,
    // Setup starts servers and databases: a limit for a hung hook, not a speed goal.
    hookTimeout: 60_000,
  },
});
