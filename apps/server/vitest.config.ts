import { defineConfig } from 'vitest/config';
import { LOAD_TESTS, PROCESS_TESTS } from './vitest.shared.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: [LOAD_TESTS, ...PROCESS_TESTS, '**/node_modules/**'],
    // Each file has its own database and ephemeral port, so files share nothing but the machine.
    maxWorkers: 2,
    globalSetup: ['src/testing/template-database.setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 60_000,
    // Setup starts servers and databases: a limit for a hung hook, not a speed goal.
    hookTimeout: 60_000,
  },
});
