import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Latency measurements run alone, after everything else (vitest.load.config.ts).
    exclude: ['src/**/*.load.test.ts', '**/node_modules/**'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 60_000,
  },
});
