/**
 * What the HTTP and socket layers need from the chip ledger, and nothing more. The real ledger
 * (src/db/ledger.ts) satisfies these structurally; main wires it in.
 */
import type { PlayerInfo } from '@banco/protocol';

export type RoundOutcome = 'player' | 'banker' | 'tie';

export interface GuestStore {
  /** A new guest with a welcome balance; the token is shown once. */
  createGuest(name: string): Promise<{ player: PlayerInfo; token: string; balance: number }>;
  /** The player a session token belongs to, or null. */
  playerByToken(token: string): Promise<PlayerInfo | null>;
}

/** A settled round as history shows it. */
export interface HistoryRound {
  id: string;
  /** The table's round counter. */
  seq: number;
  shoeId: string;
  shoeNumber: number;
  /** The round's number inside its shoe. */
  number: number;
  /** The round's cards in the order they left the shoe (RoundResult.dealt, R3.1). */
  cards: readonly string[];
  outcome: RoundOutcome;
  playerTotal: number;
  bankerTotal: number;
  holderSeat: number | null;
  /** ISO timestamps. */
  openedAt: string;
  settledAt: string;
  bets: ReadonlyArray<{
    playerId: string;
    seat: number;
    spot: string;
    amount: number;
    result: 'lose' | 'push' | 'win';
    returned: number;
  }>;
}

export interface HistoryShoe {
  id: string;
  tableId: string;
  number: number;
  commitment: string;
  clientSeed: string;
  /** The shoe's settings as stored: at least { decks, cut, lastHand }. */
  settings: unknown;
  burnShown: string | null;
  startedAt: string;
  endedAt: string | null;
  /** Null until the shoe has ended and its seed was revealed. */
  serverSeed: string | null;
  /** Settled rounds by number; `cards` in dealt order, as in HistoryRound. */
  rounds: ReadonlyArray<{ number: number; cards: readonly string[]; outcome: RoundOutcome }>;
}

export interface HistoryStore {
  /** Public tables known to the database (live or not). */
  listTables(): Promise<ReadonlyArray<{ id: string }>>;
  /** Settled rounds of a table, newest first. */
  recentRounds(tableId: string, limit: number): Promise<readonly HistoryRound[]>;
  shoeRecord(shoeId: string): Promise<HistoryShoe | null>;
}
