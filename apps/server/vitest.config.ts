import { defineConfig } from 'vitest/config';
import { LOAD_TESTS, PROCESS_TESTS } from './vitest.shared.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: [LOAD_TESTS, ...PROCESS_TESTS, '**/node_modules/**'],
    // One file at a time: presence and timer tests here still time what they see (a 300 ms seat
    // hold), and two of these beside the process and browser lanes stretched them past it.
    fileParallelism: false,
    globalSetup: ['src/testing/template-database.setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 60_000,
    // Setup starts servers and databases: a limit for a hung hook, not a speed goal.
    hookTimeout: 60_000,
  },
});
