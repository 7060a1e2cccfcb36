import { setPriority } from 'node:os';
import { defineConfig } from 'vitest/config';

// CPU-bound and untimed, this suite yields the cores to the ones `pnpm test` runs beside it that
// time what they see (the server's leases and windows, the browser's); its workers keep it.
setPriority(10);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    // The property tests are CPU-bound (10^6 card sequences, seeded shoes by the thousand) and
    // share two cores with the server and browser suites in `pnpm test`: a limit for a hung test,
    // not a speed goal (speed is benchmarked, `pnpm bench`).
    testTimeout: 120_000,
  },
});
