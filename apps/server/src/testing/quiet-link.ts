import type { ClusterLink } from '../cluster/cluster.js';
import { LocalPresence } from '../cluster/local-presence.js';
import type { LiveTables } from '../cluster/registry.js';

/** A node's link to its cluster that runs `live` and says nothing: no sockets, no log, no claims. */
export function quietLink(live: LiveTables): ClusterLink {
  return {
    live,
    outboxFor: () => ({ broadcast() {}, sendPrivate() {}, eject() {} }),
    claimable: () =>
      Promise.resolve({ total: 0, free: [], stranded: new Set<string>(), orphans: [] }),
    log: { error() {}, warn() {}, info() {} } as unknown as ClusterLink['log'],
    presence: new LocalPresence(),
    publicTables: new Set(),
  };
}
