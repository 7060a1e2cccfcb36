import type { TableActor } from '../table/runtime/actor.js';
import type { TableLease } from '../table/runtime/fenced-ledger.js';
import type { FencedTable } from '../table/runtime/table-port.js';
import type { TableLeases } from './leases.js';
import type { StartTablesDeps, TableDefinition } from './registry.js';

/** A table running in this process, under the epoch it was claimed with. */
export interface LocalTable {
  actor: TableActor;
  definition: TableDefinition;
  epoch: number;
  /** T13.3: the actor's outbox says nothing more. */
  silence: () => void;
}

/** The tables this process runs, and those it stopped because their lease was lost (T13.3). */
export class LocalTables {
  readonly live = new Map<string, LocalTable>();
  private readonly fencedTables = new Map<string, FencedTable>();

  constructor(
    private readonly leases: TableLeases,
    private readonly deps: Pick<StartTablesDeps, 'log' | 'onChange'>,
  ) {}

  actors(): TableActor[] {
    return [...this.live.values()].map((table) => table.actor);
  }

  fenced(): FencedTable[] {
    return [...this.fencedTables.values()];
  }

  /** Claimed again: no longer news for /health. */
  claimed(tableId: string): void {
    this.fencedTables.delete(tableId);
  }

  /** T13.3: the table's lease is gone: it stops at once, writing nothing more. */
  fenceOff(tableId: string, reason: string, epoch?: number): void {
    const table = this.live.get(tableId);
    if (!table || this.fencedTables.has(tableId)) return;
    // An actor stopped before reports its own lease, not the one its successor runs under.
    if (epoch !== undefined && table.epoch !== epoch) return;
    this.fencedTables.set(tableId, {
      id: tableId,
      isPublic: table.definition.isPublic,
      reason: `fenced off: ${reason}`,
    });
    this.leases.forget(tableId);
    this.live.delete(tableId);
    table.silence();
    this.deps.log?.error({ table: tableId, reason }, 'table fenced off: stopped at once');
    void table.actor.close();
    this.deps.onChange?.();
  }

  /**
   * The lease one actor runs under: its own epoch only. A table fenced off and claimed again
   * here runs a new actor under a new epoch while the old one may still be finishing a write
   * Postgres had not answered (T13.15); the old actor must not write under the new epoch.
   */
  leaseOf(tableId: string, claimed: number): TableLease {
    return {
      tableId,
      epoch: () => {
        const epoch = this.leases.epochOf(tableId);
        return epoch === claimed ? epoch : undefined;
      },
      lost: (reason) => this.fenceOff(tableId, reason, claimed),
    };
  }
}
