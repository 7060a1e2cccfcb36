import { defineConfig } from 'vitest/config';
import { LOAD_TESTS, PROCESS_TESTS } from './vitest.shared.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: [LOAD_TESTS, ...PROCESS_TESTS, '**/node_modules/**'],
    // Two files at a time: these mostly wait on timers and Postgres (58 files took 60 % of one
    // core alone), and each test waits for what it checks rather than for a fixed time.
    maxWorkers: 2,
    globalSetup: ['src/testing/template-database.setup.ts'],
    // One module graph per worker, not one per file: each file imported the same packages again
    // (the server's whole graph, React and happy-dom), which cost more CPU than the tests did.
    // Files clean up what they start; nothing here keeps state between files on purpose.
    isolate: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 60_000,
    // Setup starts servers and databases: a limit for a hung hook, not a speed goal.
    hookTimeout: 60_000,
  },
});
