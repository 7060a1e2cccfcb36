import type { Stake, TableSettings } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import type { TableLedger } from './table-ledger.js';
import type { TableOutbox } from './table-port.js';

export interface TableObserver {
  roundSettled?(tableId: string, seconds: number): void;
  betsPlaced?(tableId: string, bets: readonly Stake[]): void;
  /** T9.12: a save of the table's state failed (true), or worked again after failing (false). */
  stateSaves?(tableId: string, failing: boolean): void;
}

export interface TableActorDeps {
  table: {
    id: string;
    name: string;
    settings: TableSettings;
    /** TEST ONLY (config TEST_SCRIPTED_SHOE): every shoe is this card order, not a shuffle. */
    scriptedShoe?: readonly CardCode[];
    /** Who opened a private room (T10.1, T11); null or absent for a public table. */
    hostPlayerId?: string | null;
  };
  ledger: TableLedger;
  outbox: TableOutbox;
  clock?: () => number;
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
  observer?: TableObserver;
  /**
   * How long to wait before the first retry of a database effect, or of a state save, that
   * failed (ms); unset, each has its own (RETRY_DEFAULTS, SAVE_BACKOFF).
   */
  retryMs?: number;
  /** The longest wait between two retries (ms); each wait doubles up to it. */
  retryMaxMs?: number;
  /** Tries in all before the table gives up on an effect (T9.8). */
  retryAttempts?: number;
  /**
   * Test-only (the crash suite's mid-settlement kill): every settlement waits this long first,
   * after logging that it does. Never set in production.
   */
  testHoldSettlementMs?: number;
  /**
   * Test-only (a coup's crash with chips in escrow and no card out): an escrow-all's answer
   * waits this long after the ledger stored it, after logging that it does. Never in production.
   */
  testHoldEscrowMs?: number;
  /** Test-only (T11.17's kill before a room-chips entry): each entry waits this long first. */
  testHoldRoomChipsMs?: number;
  /** T11.7: called once a closing room has settled its round, ended its shoe and said so. */
  onClosed?: (tableId: string) => void;
  /** T11.8: a room with no connection at all for this long closes (ROOM_IDLE_MINUTES). */
  roomIdleMs?: number;
}
