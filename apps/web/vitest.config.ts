import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['src/test-setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 30_000,
  },
});
