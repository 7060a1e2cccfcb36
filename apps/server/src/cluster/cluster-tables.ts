import type pg from 'pg';
import type { RoomStore } from '../db/rooms.js';
import type { LiveTables, TableDefinition } from './registry.js';
import type { TablePort } from '../table/runtime/table-port.js';
import type { Claimable } from './claims.js';
import type { Cluster } from './cluster.js';
import { orphanedTables } from './orphans.js';

/**
 * T13.7: the OPEN tables this node could run (the operator's public tables and the open rooms)
 * and those of them with no live lease.
 */
export async function claimableTables(
  pool: pg.Pool,
  publicTables: readonly TableDefinition[],
  rooms: RoomStore,
  strandedMs: number,
): Promise<Claimable> {
  const { rows } = await pool.query<{
    id: string;
    is_public: boolean;
    free: boolean;
    stranded: boolean;
  }>({
    name: 'banco_claimable_tables',
    text: `SELECT t.id, t.is_public,
                  (l.table_id IS NULL OR l.owner IS NULL OR l.expires_at <= now()) AS free,
                  (l.expires_at <= now() - make_interval(secs => $1 / 1000.0)) AS stranded
             FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
            WHERE t.status = 'OPEN'`,
    values: [strandedMs],
  });
  const known = new Map(publicTables.map((t) => [t.id, t]));
  const counted = rows.filter((r) => !r.is_public || known.has(r.id));
  const free = new Set(counted.filter((r) => r.free).map((r) => r.id));
  const definitions = publicTables.filter((t) => free.has(t.id));
  if (counted.some((r) => !r.is_public && r.free)) {
    for (const room of (await rooms.openRooms()).rooms) {
      if (!free.has(room.id)) continue;
      definitions.push({
        id: room.id,
        name: room.name,
        isPublic: false,
        hostPlayerId: room.hostPlayerId,
        settings: room.settings,
      });
    }
  }
  const stranded = new Set(counted.filter((r) => r.free && r.stranded).map((r) => r.id));
  const orphans = await orphanedTables(
    pool,
    publicTables.map((t) => t.id),
  );
  return { total: counted.length, free: definitions, stranded, orphans };
}

/**
 * T12: the tables as every consumer on this node sees them: those it runs, and through the
 * cluster those other nodes run. The lobby lists both; /health only this node's own.
 */
export function clusterTables(live: LiveTables, cluster: Cluster, drainMs: number): LiveTables {
  const stop = async (how: () => Promise<void>) => {
    try {
      await how();
    } finally {
      await cluster.close();
    }
  };
  return {
    get: (tableId) => cluster.port(tableId),
    list: () => live.list(),
    listPublic: () => [
      ...live.listPublic().map((t): TablePort => cluster.port(t.id) ?? t),
      ...cluster.remotePublic(),
    ],
    definition: (tableId) => live.definition(tableId) ?? cluster.lastKnown(tableId)?.definition,
    // T13.3, P3.1: a table fenced off here is news only until another node is heard running it
    // (a woken zombie's /health no longer lists a table that plays on elsewhere).
    fenced: () => live.fenced().filter((table) => !cluster.runsElsewhere(table.id)),
    adopt: (definition) => live.adopt(definition),
    open: async (definition) => {
      await live.open(definition);
      return cluster.port(definition.id)!;
    },
    closed: (tableId) => live.closed(tableId),
    // T13.12: a node that stops hands its tables over between rounds; nothing is voided.
    shutdown: () =>
      stop(async () => {
        cluster.startDraining();
        await live.handOver(drainMs);
        await live.shutdown();
      }),
    draining: () => cluster.draining,
    handOver: (deadlineMs) => live.handOver(deadlineMs),
    giveUp: (tableId) => live.giveUp(tableId),
    sweep: (tableIds) => live.sweep(tableIds),
    close: () => stop(() => live.close()),
  };
}
