import type { TableLeases } from './leases.js';
import type { StartTablesDeps } from './registry.js';

/**
 * T13.2: every lease of this node renewed in one statement, three times a lease. The local
 * deadlines are judged every beat, not when a renewal answers: with Postgres cut off by a
 * partition no answer comes until the client's query timeout (T13.15). Returns the stop.
 */
export function renewLeases(
  leases: TableLeases,
  lost: (tableIds: readonly string[]) => void,
  log: StartTablesDeps['log'],
): () => void {
  /** A renewal still waiting for Postgres: the next beat sends none of its own. */
  let renewing = false;
  const renewal = setInterval(
    () => {
      lost(leases.expire());
      if (renewing) return;
      renewing = true;
      void leases
        .renew()
        .then(lost, (error: unknown) => log?.error({ err: error }, 'lease renewal failed'))
        .finally(() => {
          renewing = false;
        });
    },
    Math.max(50, Math.floor(leases.leaseMs / 3)),
  );
  renewal.unref();
  return () => clearInterval(renewal);
}
