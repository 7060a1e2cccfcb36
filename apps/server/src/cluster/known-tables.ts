import type { BeatTable, OwnedTable, TableDetails } from './messages.js';

/**
 * What the beats told of every table so far, even of one whose node is gone or handed it
 * over (T13.10), and the highest epoch heard of each: a lower one is a fenced node's.
 */
export class KnownTables {
  /** Every table announced so far, at its highest epoch. */
  private readonly known = new Map<string, OwnedTable>();
  /** The latest details heard of each table (a beat carries them only when they changed). */
  private readonly details = new Map<string, TableDetails>();
  /** Highest epoch heard of per table: a message under a lower one is a fenced node's (T13.10). */
  private readonly floors = new Map<string, number>();

  /**
   * Takes one table of a beat; true when it names a higher epoch than any announced before
   * (the table has a new owner).
   */
  learn(entry: BeatTable): boolean {
    const id = entry.id;
    // A fenced owner's details (a lower epoch) never stand over the current owner's.
    if (entry.details && entry.epoch >= (this.known.get(id)?.epoch ?? 0)) {
      this.details.set(id, entry.details);
    }
    const details = this.details.get(id);
    // Counts of a table whose details never came yet (a lost beat): known at the next whole one.
    if (!details) return false;
    const table: OwnedTable = {
      epoch: entry.epoch,
      definition: details.definition,
      seated: entry.seated,
      spectators: entry.spectators,
      ...(details.seats ? { seats: details.seats } : {}),
    };
    const was = this.known.get(id);
    if (!was || table.epoch >= was.epoch) this.known.set(id, table);
    return !was || table.epoch > was.epoch;
  }

  get(tableId: string): OwnedTable | undefined {
    return this.known.get(tableId);
  }

  isPublic(tableId: string): boolean {
    return this.details.get(tableId)?.definition.isPublic ?? false;
  }

  raiseFloor(tableId: string, epoch: number): void {
    if (epoch > (this.floors.get(tableId) ?? 0)) this.floors.set(tableId, epoch);
  }

  /** T13.10: said under an epoch lower than one heard already: a fenced (zombie) owner's word. */
  stale(tableId: string, epoch: number): boolean {
    return epoch < (this.floors.get(tableId) ?? 0);
  }
}
