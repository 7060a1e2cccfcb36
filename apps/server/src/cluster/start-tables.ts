import { renewLeases } from './lease-renewal.js';
import { LocalTables } from './local-tables.js';
import { sweepOrphans } from './orphans.js';
import type { LiveTables, StartTablesDeps } from './registry.js';
import { SoloTables } from './solo-tables.js';
import { TableStarts } from './table-start.js';
import { giveUpOne, handOverAll, stopAll } from './table-stop.js';
import type { TablePort } from '../table/runtime/table-port.js';

// This node's tables: local-tables.ts (what runs here, fenced off when its lease goes),
// table-start.ts (claim and resume), lease-renewal.ts, solo-tables.ts (one node alone claims
// its own back), table-stop.ts (stops, drains and hand-overs), orphans.ts (T13.18).

/** Stores each table's definition and starts one actor per table in this process. */
export async function startTables(deps: StartTablesDeps): Promise<LiveTables> {
  const { leases } = deps;
  const tables = new LocalTables(leases, deps);
  const solo = deps.solo
    ? new SoloTables(deps, (tableId) => tables.live.get(tableId)?.actor)
    : undefined;
  const starts = new TableStarts(deps, tables, solo);
  for (const table of deps.tables) await starts.start(table);
  /** Set once the tables stop: a room asked for then would outlive its server's shutdown. */
  let stopping = false;
  const stopRenewing = renewLeases(
    leases,
    (lost) => {
      for (const tableId of lost) {
        tables.fenceOff(tableId, 'its lease could not be renewed in time');
      }
    },
    deps.log,
  );
  solo?.resumeEvery(Math.max(100, leases.leaseMs), (table) => starts.start(table), deps.log);
  const stopEverything = (stop: Parameters<typeof stopAll>[2]): Promise<void> => {
    stopping = true;
    stopRenewing();
    solo?.stop();
    return stopAll(deps, tables, stop);
  };
  return {
    fenced: () => tables.fenced(),
    adopt: async (definition) => !stopping && (await starts.start(definition)) !== null,
    get: (tableId: string): TablePort | undefined =>
      solo?.wants(tableId) ? solo.port(tableId) : tables.live.get(tableId)?.actor,
    list: () => tables.actors(),
    listPublic: () =>
      [...tables.live.values()]
        .filter((table) => table.definition.isPublic)
        .map((table) => table.actor),
    definition: (tableId) => tables.live.get(tableId)?.definition,
    open: async (definition) => {
      if (stopping) throw new Error(`table ${definition.id} asked for while the tables stop`);
      if (tables.live.has(definition.id)) {
        throw new Error(`table ${definition.id} is already open`);
      }
      const actor = await starts.start(definition);
      if (!actor) throw new Error(`table ${definition.id} is held by another node`);
      return solo?.port(definition.id) ?? actor;
    },
    closed: async (tableId) => {
      solo?.forget(tableId);
      const table = tables.live.get(tableId);
      if (!table) return;
      tables.live.delete(tableId);
      await table.actor.close();
      await leases.release([tableId]);
      deps.onChange?.();
    },
    shutdown: () => stopEverything((actor) => actor.shutdown()),
    handOver: async (deadlineMs) => {
      stopping = true;
      solo?.stop();
      await handOverAll(deps, tables, deadlineMs);
      stopRenewing();
    },
    giveUp: async (tableId) => {
      const actor = tables.live.get(tableId)?.actor;
      if (!actor || stopping) return false;
      return giveUpOne(deps, tables, actor);
    },
    sweep: (tableIds) =>
      sweepOrphans(
        { leases, ledger: deps.ledger, log: deps.log },
        tableIds.filter((id) => !tables.live.has(id)),
      ),
    close: () => stopEverything((actor) => actor.close()),
  };
}
