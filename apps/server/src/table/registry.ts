import type { TableSettings } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
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
  ledger: TableLedger & {
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
    });
    actors.set(table.id, actor);
  }
  return {
    get: (tableId: string): TablePort | undefined => actors.get(tableId),
    list: () => [...actors.values()],
    close: async () => {
      await Promise.all([...actors.values()].map((actor) => actor.close()));
    },
  };
}
