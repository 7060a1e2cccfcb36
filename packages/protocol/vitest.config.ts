import { setPriority } from 'node:os';
import { defineConfig } from 'vitest/config';

// CPU-bound and untimed, this suite yields the cores to the ones `pnpm test` runs beside it that
// time what they see (the server's leases and windows, the browser's); its workers keep it.
setPriority(10);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One module graph per worker, not one per file: each file imported the same packages again
    // (the server's whole graph, React and happy-dom), which cost more CPU than the tests did.
    // Files clean up what they start; nothing here keeps state between files on purpose.
    isolate: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 60_000,
  },
});
