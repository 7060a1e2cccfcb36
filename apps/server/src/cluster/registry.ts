import type { TableSettings } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import type { TableLeases } from './leases.js';
import type { Ledger } from '../db/ledger.js';
import type { TableActorDeps, TableObserver } from '../table/runtime/actor.js';
import type { TableLedger } from '../table/runtime/table-ledger.js';
import type {
  FencedTable,
  TableOutbox,
  TablePort,
  TableRegistry,
} from '../table/runtime/table-port.js';

// The tables this node runs, as the rest of the server sees them; started by start-tables.ts.

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
  /** T12: the leases this process runs its tables under. */
  leases: TableLeases;
  /**
   * T13.1: one node alone (no REDIS_URL) claims every table at once, whoever held it: a
   * predecessor that died is fenced off by the new epoch. Several nodes claim only free tables.
   */
  solo: boolean;
  outboxFor: (tableId: string) => TableOutbox;
  observer?: TableObserver;
  log?: TableActorDeps['log'];
  clock?: () => number;
  testHoldSettlementMs?: number;
  testHoldEscrowMs?: number;
  testHoldRoomChipsMs?: number;
  /** T11.8: how long a room with nobody connected stays open. */
  roomIdleMs?: number;
  /**
   * A room has settled its last round, ended its shoe and published the seed (T10.5): the
   * caller marks it closed and drops it from the registry.
   */
  onClosed?: (tableId: string) => void;
  /** T13.6: a table started or stopped here (the cluster announces it at once). */
  onChange?: () => void;
  /** Who has a socket at a table here (the gateway's count): told to an actor started again. */
  present?: (tableId: string) => Iterable<string>;
}

/** The live tables, which rooms join and leave while the server runs (T10.1, T10.5). */
export interface LiveTables extends TableRegistry {
  /** Stores a new table's definition and starts its actor now. */
  open(definition: TableDefinition): Promise<TablePort>;
  /** Drops a closed table: from now on its id is unknown to every route and socket. */
  closed(tableId: string): Promise<void>;
  definition(tableId: string): TableDefinition | undefined;
  /** T13.3: tables this process ran until another node claimed them, and why they stopped. */
  fenced(): readonly FencedTable[];
  /** T13.1: claims the table if it is free and starts it here; false when another node has it. */
  adopt(definition: TableDefinition): Promise<boolean>;
  /**
   * T13.12: a drain. Each table stops as soon as it is between rounds (its state is stored at
   * that boundary) and gives its lease up, so another node resumes it with no round voided; a
   * table still mid-round at the deadline shuts down as in T9.7.
   */
  handOver(deadlineMs: number): Promise<void>;
  /**
   * T13.14: gives one table up now if it is between rounds, for a node with fewer tables to
   * claim; false (and nothing changed) when it is mid-round or not here.
   */
  giveUp(tableId: string): Promise<boolean>;
  /** T13.18: closes what tables no node runs left open (orphans.ts). */
  sweep(tableIds: readonly string[]): Promise<void>;
}
