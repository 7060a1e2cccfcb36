/**
 * The lease the cluster tests run with: docs/scaling.md's floor for a loaded machine (a lease
 * survives a stall of about 0.57 × LEASE_MS; 1.5 s leases were seen fenced off under load ~5).
 * TEST_LEASE_MS=1500 measures the fastest takeover (docs/scaling.md's takeover figures).
 */
export const TEST_LEASE_MS = Number(process.env.TEST_LEASE_MS ?? 3_000);
