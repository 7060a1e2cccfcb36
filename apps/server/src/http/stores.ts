/**
 * What the HTTP and socket layers need from the chip ledger, and nothing more. The real ledger
 * (src/db/ledger.ts) satisfies these structurally; main wires it in.
 */
import type { PlayerInfo } from '@banco/protocol';
import type { RecentRound, ShoeRecord } from '../db/ledger-types.js';

export interface GuestStore {
  /** A new guest with a welcome balance; the token is shown once. */
  createGuest(name: string): Promise<{ player: PlayerInfo; token: string; balance: number }>;
  /**
   * The player a session token belongs to, or null; with `issuedAfter`, null too for a token
   * issued before then (tokens expire: GUEST_TOKEN_TTL_HOURS).
   */
  playerByToken(token: string, issuedAfter?: Date): Promise<PlayerInfo | null>;
}

/** A settled round as history shows it: the ledger's own record. */
export type HistoryRound = RecentRound;

/** A shoe as history shows it; the server seed is null until the shoe has ended. */
export type HistoryShoe = ShoeRecord;

export interface HistoryStore {
  /** Any table the database knows by this exact id (public or private, open or closed). */
  tableExists(tableId: string): Promise<boolean>;
  /** Settled rounds of a table, newest first. */
  recentRounds(tableId: string, limit: number): Promise<readonly HistoryRound[]>;
  shoeRecord(shoeId: string): Promise<HistoryShoe | null>;
}
