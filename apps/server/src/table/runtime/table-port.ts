import type {
  Ack,
  TablePrivate,
  CommandName,
  CommandPayload,
  RoomState,
  TableEvent,
  TableSettings,
  TableSnapshot,
} from '@banco/protocol';
import type { Admission } from './admission.js';

/** A seat and its player, as the lobby lists it (P10.6). */
export interface HeldSeat {
  playerId: string;
  seat: number;
  away: boolean;
}

/** Where a table's actor sends what it has to say; the socket layer implements it. */
export interface TableOutbox {
  /** To everyone at the table (seated and spectators). */
  broadcast(event: TableEvent): void;
  /** To every socket of one player at this table, and to nobody else. */
  sendPrivate(playerId: string, message: TablePrivate): void;
  /** T11.2: every socket of the player leaves the table (they were kicked). */
  eject(playerId: string): void;
  /** The table has stopped: what the transport still holds for it goes out, then it forgets it. */
  release?(): void;
  /** T13.16: the table runs on `node` now: the sockets here are told, to go there. */
  pointTo?(node: string): void;
}

/** One live table as the transport sees it: commands in, acknowledgements out. */
export interface TablePort {
  readonly id: string;
  readonly name: string;
  readonly settings: TableSettings;
  /**
   * Runs a validated command for a player; the promise settles with the command's ack. What may
   * change the table runs in its queue, one at a time with its timers, in arrival order (back-to-
   * back confirms as one group, still in that order), and so does a resync. A join, a snapshot
   * and a leave are answered at once from the state as it stands, ahead of what is still queued.
   */
  command<N extends CommandName>(
    playerId: string,
    name: N,
    payload: CommandPayload<N>,
  ): Promise<Ack<N>>;
  /**
   * P9: the room's host controls as they stand; null for a public table, or while no actor runs
   * it. A port that cannot answer yet (the cluster's: it needs a request of the owner) leaves it
   * out, and is asked for a snapshot instead.
   */
  roomState?(): Promise<RoomState | null>;
  /** A player's current view, seat included (never an unrevealed card or seed). */
  snapshot(playerId: string): Promise<TableSnapshot>;
  /**
   * A player's sockets at this table went from zero to some (connected) or back to zero: the
   * watcher count and seat holds (T1.5–T1.7) follow it.
   */
  presence(playerId: string, connected: boolean): void;
  seatedCount(): number;
  spectatorCount(): number;
  /** P10.6: the seat this player holds here, if any, and whether they are away from it. */
  seatOf(playerId: string): { seat: number; away: boolean } | null;
  /** Every seat held here, for other nodes' `seatOf` (T13.6's announcement). */
  seatsHeld?(): HeldSeat[];
  /**
   * T9.4, T11.1, T11.2, T11.7, T13.8: asked before anything else of a socket that has not
   * joined: null when the player may act here without joining (seated, or joined before a
   * restart); else NOT_AT_TABLE (join first) or why the room turns them away (locked, kicked,
   * closed). A table another node runs asks its owner; a table no actor runs says to try again.
   */
  admission(playerId: string): Promise<Admission>;
  /** T13.16: the live node running a table another node runs; undefined for a local table. */
  runsOn?(): string | undefined;
  /** T13.19: a table another node ran that no live node runs now: it resumes elsewhere. */
  resuming?(): boolean;
  /** T9.8: database effects that keep failing at this table; empty when healthy. */
  problems(): string[];
  /** T9.7: refuse commands, finish or void the round in flight, store the state, close. */
  shutdown(): Promise<void>;
  close(): Promise<void>;
}

export interface FencedTable {
  id: string;
  isPublic: boolean;
  reason: string;
}

/** The live tables of this process. */
export interface TableRegistry {
  get(tableId: string): TablePort | undefined;
  list(): readonly TablePort[];
  /** What the lobby lists: public tables only; a private room is reached by its id (T10.6). */
  listPublic(): readonly TablePort[];
  /** T13.12: true while this node hands its tables over (/health answers 503). */
  draining?(): boolean;
  /** T13.3: tables this process stopped because another node claimed them (for /health). */
  fenced?(): readonly FencedTable[];
  /** T9.7: every table shuts down (events out, rounds finished or voided, state stored). */
  shutdown(): Promise<void>;
  close(): Promise<void>;
}

export interface TableLog {
  error(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}
