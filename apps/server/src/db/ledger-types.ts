/** The ledger's inputs and outputs: amounts are integers in minor units (1 chip = 100). */
import type { RoomKind } from '@banco/protocol';

export type Outcome = 'player' | 'banker' | 'tie';
export type BetResult = 'lose' | 'push' | 'win';
export type SeatEventKind = 'SIT' | 'LEAVE';

export interface GuestCreated {
  player: { id: string; name: string };
  /** Shown once: only its sha256 is stored. */
  token: string;
  balance: number;
}

export interface TableRow {
  id: string;
  name: string;
  isPublic: boolean;
  settings: unknown;
}

/**
 * T13.3: the lease a table's write is made under. Postgres refuses the write (SQLSTATE
 * BAN09, LedgerError FENCED) once a later claim has raised the table's epoch.
 */
export interface Fence {
  tableId: string;
  epoch: number;
}

export interface EscrowBetsInput {
  tableId: string;
  /** The table's lease epoch (T13.3); absent only for writes made for no table's lease. */
  epoch?: number;
  roundId: string;
  playerId: string;
  /** Null for a watcher's stake (the game's own rule lets them cover): stored as NO_SEAT. */
  seat: number | null;
  confirmId: string;
  bets: Array<{ spot: string; amount: number }>;
}

export interface EscrowedBets {
  bets: Array<{ id: string; spot: string; amount: number }>;
  /** The wallet balance after the stakes left it. */
  balance: number;
}

export interface SettledBet {
  betId: string;
  playerId: string;
  result: BetResult;
  stake: number;
  /** Total paid back to the wallet: 0 for a loss, the stake for a push, stake + winnings for a win. */
  returned: number;
}

export interface SettleRoundInput {
  tableId: string;
  roundId: string;
  round: {
    cards: string[];
    outcome: Outcome;
    playerTotal: number;
    bankerTotal: number;
    trace: unknown;
  };
  settled: SettledBet[];
  fence?: Fence;
}

export interface RecentRound {
  id: string;
  seq: number;
  shoeId: string;
  shoeNumber: number;
  number: number;
  cards: string[];
  outcome: Outcome;
  playerTotal: number;
  bankerTotal: number;
  trace: unknown;
  holderSeat: number | null;
  openedAt: string;
  settledAt: string;
  bets: Array<{
    playerId: string;
    /** Null for a watcher's stake (stored as NO_SEAT). */
    seat: number | null;
    spot: string;
    amount: number;
    result: BetResult;
    returned: number;
  }>;
}

export interface ShoeRecord {
  id: string;
  tableId: string;
  /** T10.6: a private room's shoe is shown only to a caller who names the room. */
  tablePublic: boolean;
  number: number;
  commitment: string;
  /** Null until the shoe is shuffled from the players' contributions (R11.7). */
  clientSeed: string | null;
  settings: unknown;
  /** T15.10 */
  game: RoomKind;
  burnShown: string | null;
  startedAt: string;
  endedAt: string | null;
  /** Null until the shoe has ended and its seed was revealed. */
  serverSeed: string | null;
  /**
   * T9.6: settled and voided rounds in deal order. A round voided before its deal has no cards
   * and no outcome (the next round has its number); one voided later keeps its cards.
   */
  rounds: Array<{
    number: number;
    cards: string[];
    outcome: Outcome | null;
    voided: boolean;
    /** The game's account of the round as stored (P5.1); the route shows it once revealed. */
    trace?: unknown;
  }>;
}

/** T11.15: what a room-chips ledger entry is: its kind, whom it moves, who said yes and why. */
export interface RoomChipsEntry {
  readonly key: string;
  readonly playerId: string;
  readonly kind: 'GRANT' | 'TOP_UP' | 'ADJUST';
  /** Signed: an adjustment may take chips back to the issuer. */
  readonly amount: number;
  /** The host's player id, or `rule` / `room` for the room's own rules. */
  readonly approvedBy: string;
  readonly reason: string | null;
}
