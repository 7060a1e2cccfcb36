import type { TableLeases } from './leases.js';
import type { StartTablesDeps } from './registry.js';

/**
 * T13.2: every lease of this node renewed in one statement, three times a lease. The local
 * deadlines are judged on their own, far more often, not when a renewal answers: with Postgres
 * cut off by a partition no answer comes until the client's query timeout (T13.15). Returns the
 * stop.
 */
export function renewLeases(
  leases: TableLeases,
  lost: (tableIds: readonly string[]) => void,
  log: StartTablesDeps['log'],
): () => void {
  /** A renewal still waiting for Postgres: the next beat sends none of its own. */
  let renewing = false;
  // A lease is trusted for 90 % of its length so that this node stops its tables before another
  // may claim them: judged only at each renewal's beat (a third of a lease) the stop came up to
  // 0.33 of a lease late, past that tenth, and a claimer's first words (the round voided) went
  // out before this node listened for them on the bus. A twentieth keeps it inside.
  const deadlines = setInterval(
    () => lost(leases.expire()),
    Math.max(20, Math.floor(leases.leaseMs / 20)),
  );
  deadlines.unref();
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
  return () => {
    clearInterval(deadlines);
    clearInterval(renewal);
  };
}
