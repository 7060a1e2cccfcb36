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
export async function startTables(deps: StartTablesDeps): Promise<TableRegistry> {
  const actors = new Map<string, TableActor>();
  for (const table of deps.tables) {
    await deps.ledger.ensureTable(table);
    const actor = await TableActor.start({
      table,
      ledger: deps.ledger,
      outbox: deps.outboxFor(table.id),
      observer: deps.observer,
      log: deps.log,
      clock: deps.clock,
      testHoldSettlementMs: deps.testHoldSettlementMs,
      roomIdleMs: deps.roomIdleMs,
    });
    actors.set(table.id, actor);
  }
  await closeAbandoned(deps, [...actors.values()]);
  return {
    get: (tableId: string): TablePort | undefined => actors.get(tableId),
    list: () => [...actors.values()],
    shutdown: async () => {
      await Promise.all([...actors.values()].map((actor) => actor.shutdown()));
    },
    close: async () => {
      await Promise.all([...actors.values()].map((actor) => actor.close()));
    },
  };
}
