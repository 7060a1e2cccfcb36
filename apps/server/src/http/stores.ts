/**
 * What the HTTP and socket layers need from the chip ledger, and nothing more. The real ledger
 * (src/db/ledger.ts) satisfies these structurally; main wires it in.
 */
import type { LedgerExport, PlayerInfo, Recap } from '@banco/protocol';
import type { RecentRound, ShoeRecord } from '../db/ledger-types.js';
import type { ShoeListing } from '../db/history.js';
import type { ClaimResult } from '../db/logins.js';
import type { IssuedSession, SessionLookup } from '../db/sessions.js';

export interface GuestStore {
  /** A new guest with a welcome balance and a guest session; the token is shown once. */
  createGuest(name: string): Promise<{ player: PlayerInfo; token: string; balance: number }>;
  /** The player's wallet balance in minor units. */
  balanceOf(playerId: string): Promise<number>;
}

/** Every bearer token is a session (P10): src/db/sessions.ts. */
export interface SessionStore {
  lookup(token: string): Promise<SessionLookup>;
  issueLogin(playerId: string): Promise<IssuedSession>;
  /** Ends one session; how many were still open (0 or 1). */
  revoke(sessionId: string): Promise<number>;
  /** Ends every session of the player; how many were still open. */
  revokeAll(playerId: string): Promise<number>;
  /** Notes the session as seen; false when it has ended. */
  touch(sessionId: string): Promise<boolean>;
}

/** Usernames and password hashes: src/db/logins.ts. */
export interface LoginStore {
  claim(playerId: string, username: string, passwordHash: string): Promise<ClaimResult>;
  credentials(username: string): Promise<{ player: PlayerInfo; passwordHash: string } | null>;
}

/** Which live sockets a session change reaches: one session's, or every one of a player's. */
export type SessionTarget = { sessionId: string } | { playerId: string };

/** What the HTTP side asks of the socket side when sessions end. */
export interface SessionSockets {
  /** Tells the target's live sockets why (`session.ended`, P10.5), then closes them. */
  endSessions(target: SessionTarget, reason: 'logout' | 'logout-all'): void;
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
  /** A table's shoes, newest first (the /shoes page). */
  tableShoes?(tableId: string, limit: number): Promise<readonly ShoeListing[]>;
  /** P8.10, P8.11: a room's ledger and recap for one of its members; null for anyone else. */
  roomLedger?(roomId: string, playerId: string): Promise<LedgerExport | null>;
  roomRecap?(roomId: string, playerId: string): Promise<Recap | null>;
}
