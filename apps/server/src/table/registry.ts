import type { TableSettings } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import type { Ledger } from '../db/ledger.js';
import { TableActor, type TableActorDeps, type TableObserver } from './actor.js';
import type { TableLedger } from './table-ledger.js';
import type { TableOutbox, TablePort, TableRegistry } from './table-port.js';

export interface TableDefinition {
  readonly id: string;
  readonly name: string;
  readonly isPublic: boolean;
  /** Who opened a private room (T10.1); null (or absent) for a public table. */
  readonly hostPlayerId?: string | null;
  readonly settings: TableSettings;
  /** TEST ONLY: see TableActorDeps' table.scriptedShoe. */
  readonly scriptedShoe?: readonly CardCode[];
}

export interface StartTablesDeps {
  ledger: TableLedger &
    Pick<Ledger, 'closeAbandoned'> & {
      ensureTable(table: {
        id: string;
        name: string;
        isPublic: boolean;
        settings: unknown;
      }): Promise<void>;
    };
  tables: readonly TableDefinition[];
  outboxFor: (tableId: string) => TableOutbox;
  observer?: TableObserver;
  log?: TableActorDeps['log'];
  clock?: () => number;
  testHoldSettlementMs?: number;
  /** T11.8: how long a room with nobody connected stays open. */
  roomIdleMs?: number;
  /**
   * A room has settled its last round, ended its shoe and published the seed (T10.5): the
   * caller marks it closed and drops it from the registry.
   */
  onClosed?: (tableId: string) => void;
}

/** The live tables, which rooms join and leave while the server runs (T10.1, T10.5). */
export interface LiveTables extends TableRegistry {
  /** Stores a new table's definition and starts its actor now. */
  open(definition: TableDefinition): Promise<TablePort>;
  /** Drops a closed table: from now on its id is unknown to every route and socket. */
  closed(tableId: string): Promise<void>;
  definition(tableId: string): TableDefinition | undefined;
}

/**
 * T9.5: once every table has resumed (its own round voided or finished), whatever no live table
 * plays is closed: OPEN rounds refunded, unfinished shoes ended and their seeds published.
 */
async function closeAbandoned(deps: StartTablesDeps, actors: readonly TableActor[]): Promise<void> {
  await Promise.all(actors.map((actor) => actor.idle()));
  const rounds = actors.flatMap((actor) => {
    const seq = actor.roundInPlay();
    return seq === null ? [] : [{ tableId: actor.id, seq }];
  });
  const shoeIds = actors.flatMap((actor) => actor.shoeInPlay() ?? []);
  const closed = await deps.ledger.closeAbandoned({ rounds, shoeIds });
  if (closed.voided.length > 0 || closed.endedShoes.length > 0) {
    deps.log?.error(closed, 'rounds and shoes no table will finish: refunded and revealed');
  }
}

/** Stores each table's definition and starts one actor per table in this process. */
export async function startTables(deps: StartTablesDeps): Promise<LiveTables> {
  const live = new Map<string, { actor: TableActor; definition: TableDefinition }>();

  const start = async (table: TableDefinition): Promise<TableActor> => {
    await deps.ledger.ensureTable(table);
    const actor = await TableActor.start({
      table,
      ledger: deps.ledger,
      outbox: deps.outboxFor(table.id),
      observer: deps.observer,
      log: deps.log,
      clock: deps.clock,
      testHoldSettlementMs: deps.testHoldSettlementMs,
      onClosed: deps.onClosed,
      roomIdleMs: deps.roomIdleMs,
    });
    live.set(table.id, { actor, definition: table });
    return actor;
  };

  const actors = () => [...live.values()].map((table) => table.actor);
  for (const table of deps.tables) await start(table);
  await closeAbandoned(deps, actors());
  /** Set once the tables stop: a room asked for then would outlive its server's shutdown. */
  let stopping = false;
  return {
    get: (tableId: string): TablePort | undefined => live.get(tableId)?.actor,
    list: actors,
    listPublic: () =>
      [...live.values()].filter((table) => table.definition.isPublic).map((table) => table.actor),
    definition: (tableId) => live.get(tableId)?.definition,
    open: async (definition) => {
      if (stopping) throw new Error(`table ${definition.id} asked for while the tables stop`);
      if (live.has(definition.id)) throw new Error(`table ${definition.id} is already open`);
      return start(definition);
    },
    closed: async (tableId) => {
      const table = live.get(tableId);
      if (!table) return;
      live.delete(tableId);
      await table.actor.close();
    },
    shutdown: async () => {
      stopping = true;
      await Promise.all(actors().map((actor) => actor.shutdown()));
    },
    close: async () => {
      stopping = true;
      await Promise.all(actors().map((actor) => actor.close()));
    },
  };
}
