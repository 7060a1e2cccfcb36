import { messageOf } from './effect-retry.js';
import type { TableGame } from '../core/game.js';
import type { TableState } from '../core/state.js';
import { durableKey, toStored } from '../core/stored-state.js';
import type { TableLedger } from './table-ledger.js';

/**
 * T9.1: the state is stored before anyone hears of a new phase, a new seat or a version past
 * the stored floor, so a restarted table resumes at least where every client thinks it is.
 * A failed save is reported (degraded) and tried again with the next input.
 */
export class StateSaver {
  /** The version floor stored with the last save. */
  private savedFloor: number;
  private savedKey = '';

  constructor(
    private readonly deps: {
      tableId: string;
      ledger: Pick<TableLedger, 'saveTableState'>;
      game: TableGame;
      failing: Map<string, string>;
      log?: { error(obj: unknown, msg?: string): void };
    },
    /** The floor of the state the table was restored from (0 for a fresh table). */
    restoredFloor = 0,
  ) {
    this.savedFloor = restoredFloor;
  }

  async saveIfDue(state: TableState, remembered: () => readonly string[]): Promise<void> {
    const { game } = this.deps;
    const key = durableKey(state, game);
    if (key === this.savedKey && state.version < this.savedFloor) return;
    const row = toStored(state, remembered(), game);
    const { ledger, tableId, failing, log } = this.deps;
    try {
      await ledger.saveTableState(tableId, row);
      this.savedFloor = row.version;
      this.savedKey = key;
      failing.delete('save-state');
    } catch (error) {
      failing.set('save-state', `the table state could not be stored: ${messageOf(error)}`);
      log?.error({ err: error, table: tableId }, 'table state not stored');
    }
  }
}
