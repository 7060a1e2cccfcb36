import { messageOf, type RetryPolicy } from './effect-retry.js';
import type { TableGame } from '../core/game.js';
import type { TableState } from '../core/state.js';
import { DurableKeys, toStored } from '../core/stored-state.js';
import type { TableLedger } from './table-ledger.js';

/** What keeps failing under this key makes the table degraded (/health) until a save works. */
const FAILING_KEY = 'save-state';

/**
 * The waits between tries while saves fail. Shorter than an effect's (effect-retry.ts): once its
 * database is back a table stores its state within seconds, so a crash then loses little (T9.1
 * holds again from that save on).
 */
export const SAVE_BACKOFF = { firstMs: 250, maxMs: 5_000 } as const;

export interface StateSaverDeps {
  tableId: string;
  ledger: Pick<TableLedger, 'saveTableState'>;
  /** The game the table plays: what of its state is stored, and when (T9.1). */
  game: TableGame;
  failing: Map<string, string>;
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
  /** The waits between tries while saves fail: the first, doubled each time up to the most. */
  backoff: Pick<RetryPolicy, 'firstMs' | 'maxMs'>;
  /** Runs a save of the table's latest state in its queue (a retry nobody's input brings). */
  retry?: () => void;
  /** T9.7: a stopping table's shutdown saves at once; no retry of its own waits meanwhile. */
  stopping?: () => boolean;
  /** Each failed try (true) and the first save that works after them (false): the metric. */
  saves?: (tableId: string, failing: boolean) => void;
}

/**
 * T9.1: the state is stored before anyone hears of a new phase, a new seat or a version past
 * the stored floor, so a restarted table resumes at least where every client thinks it is.
 * T9.12: a failed save makes the table degraded (/health, the metric), is logged once for the
 * run of failures (again if the reason changes, and when saves work again), and is tried again
 * after a wait that doubles; meanwhile inputs do not each try, which would flood Postgres and the
 * log with the same failure. The try stores the latest state, so nothing waits on an older one.
 */
export class StateSaver {
  /** The version floor stored with the last save. */
  private savedFloor: number;
  private savedKey = '';
  private readonly keys = new DurableKeys();
  /** Failed tries in a row, and why the last failed. */
  private failures = 0;
  private lastReason = '';
  private retryAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deps: StateSaverDeps,
    /** The floor of the state the table was restored from (0 for a fresh table). */
    restoredFloor = 0,
  ) {
    this.savedFloor = restoredFloor;
  }

  async saveIfDue(state: TableState, remembered: () => readonly string[]): Promise<void> {
    const { game } = this.deps;
    const key = this.keys.of(state, game);
    if (key === this.savedKey && state.version < this.savedFloor) return;
    const { ledger, tableId, failing, log } = this.deps;
    // Real time, as the retry's timer keeps: a table's clock may be a test's, standing still.
    const now = performance.now();
    // While backing off, the timer's try stores whatever is latest then; a stopping table's
    // shutdown tries at once.
    if (this.failures > 0 && now < this.retryAt && !this.deps.stopping?.()) {
      // A timer may fire a little before the wait by this clock (Node times it from the loop's
      // cached time): a try that comes early waits out the rest, so the retry never stops.
      if (this.timer === undefined) this.arm(this.retryAt - now);
      return;
    }
    const row = toStored(state, remembered(), game);
    try {
      await ledger.saveTableState(tableId, row);
      this.savedFloor = row.version;
      this.savedKey = key;
      if (this.failures > 0) {
        log?.info?.({ table: tableId, failures: this.failures }, 'table state stored again');
        this.deps.saves?.(tableId, false);
      }
      this.failures = 0;
      this.lastReason = '';
      failing.delete(FAILING_KEY);
    } catch (error) {
      this.failed(messageOf(error), error, now);
    }
  }

  private failed(reason: string, error: unknown, now: number): void {
    const { tableId, failing, log, backoff } = this.deps;
    this.failures += 1;
    const waitMs = Math.min(backoff.maxMs, backoff.firstMs * 2 ** (this.failures - 1));
    this.retryAt = now + waitMs;
    failing.set(
      FAILING_KEY,
      `the table state could not be stored (tries: ${this.failures}): ${reason}`,
    );
    this.deps.saves?.(tableId, true);
    if (reason !== this.lastReason) {
      log?.error(
        { err: error, table: tableId, reason, failures: this.failures, retryInMs: waitMs },
        'table state not stored: trying again later',
      );
    }
    this.lastReason = reason;
    this.arm(waitMs);
  }

  /** One retry armed at a time; it does nothing once the table stops. */
  private arm(waitMs: number): void {
    const { retry, stopping } = this.deps;
    if (!retry) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!stopping?.()) retry();
    }, waitMs);
    this.timer.unref();
  }
}
