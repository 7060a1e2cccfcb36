import type { PhaseView, Stake, TablePrivate, TableSettings, TableSnapshot } from '@banco/protocol';
import type { TableCommand, TableInput } from './inputs.js';
import type { GameState, Phase, SeatState, ShoeSession, TableState } from './state.js';

/** The ledger's answers to a game's own effects (its round, stakes, settlement, voiding). */
export type LedgerAnswer = Extract<
  TableInput,
  { type: 'round-opened' | 'escrowed' | 'escrow-refused' | 'settled' | 'round-voided' }
>;

/** A watcher's name and wallet, read ahead for a command the game takes from them. */
export type WatcherWallet = NonNullable<Extract<TableInput, { type: 'command' }>['watcher']>;

/** The snapshot's fields that belong to the core: the table, its seats, shoe, room and chat. */
type CoreView =
  | 'tableId'
  | 'name'
  | 'version'
  | 'serverTime'
  | 'settings'
  | 'seats'
  | 'spectators'
  | 'shoe'
  | 'roads'
  | 'you'
  | 'room'
  | 'chat'
  | 'lastRound';

/** P1.3: what a game adds to the table's snapshot: its round and what it shows of it. */
export type GameView = Omit<TableSnapshot, CoreView | 'phase'>;

/** What a game stores beside the core's fields, read back by its `restore` (T9.1). */
export type StoredGame = Readonly<Record<string, unknown>>;

/**
 * One game the table can play: everything the core asks of it, so the core (seats, presence,
 * host controls, chat, the shoe's life, recovery, storage) never asks which game it is. The
 * runtime picks the record once from the table's settings (games/registry.ts) and hands it to
 * the reducer (`Step.game`), the snapshot and the storage. `S` is the reducer's Step, which
 * carries its game: a parameter, so that this file needs nothing of step.ts.
 */
export interface TableGame<S = unknown> {
  readonly kind: GameState['kind'];
  /** Whether a table with these settings plays this game (C1.4: the kind is in the settings). */
  plays(settings: TableSettings): boolean;
  /** Its state at a fresh table. */
  readonly initial: GameState;

  // ── The round machine (T2) ──
  /** T2.1: a shoe is in play and somebody is present: the next round (or coup) starts. */
  start(step: S): void;
  /** Every command the core does not run itself (bets, the shoe, the bank, choices, …). */
  command(step: S, playerId: string, command: TableCommand, watcher?: WatcherWallet): void;
  /**
   * Whether the game may take this command from a player without a seat (a watcher staking where
   * the room allows it): the actor then reads their wallet ahead, as it does for seat.take, and
   * the command carries it (`watcher`). Unset: no command of the game is a watcher's.
   */
  watcherPlays?(state: TableState, command: TableCommand): boolean;
  /** The table's timer went off in one of the game's phases. */
  timer(step: S): void;
  /**
   * The ledger answered one of the game's effects. False for a voided round the game leaves to
   * the core (refunds told, the next round started: T9.2).
   */
  ledger(step: S, input: LedgerAnswer): boolean;
  /** T9.8: a database effect failed every retry; the core already handled its own phases. */
  effectFailed(step: S, effect: string): void;
  /** T9.1–T9.3, T9.7: finish or call off the round in play after a restart, or as the server stops. */
  recover(step: S, reason: 'restart' | 'shutdown'): void;
  /** T11.7: the room is closing; a round at stake plays out first, one with nothing at stake ends. */
  roomClosing(step: S): void;

  // ── Seats (T1) ──
  /** T1.1: a seat was just taken at a table in play (a waiting one starts its next round). */
  seatTaken(step: S, seat: SeatState): void;
  /** A seat's player is gone from it (T1.4, T1.6, T11.2), before the table hears it. */
  seatFreed(step: S, seat: SeatState): void;
  /** …and after: the shoe, a turn, a wait the player held moves on. */
  seatLeft(step: S, seat: SeatState): void;
  /** T1.5: every connection of a seated player dropped (the seat is held). */
  playerAway(step: S, seat: SeatState): void;
  /**
   * T1.7: a seated player is back, at a table not waiting for players (a waiting one starts its
   * next round): a game that waits for someone to play against may go on now. Unset: nothing.
   */
  playerBack?(step: S, seat: SeatState): void;

  // ── What players see (P1) ──
  /** P1.3: the game's part of the snapshot. */
  view(state: TableState): GameView;
  /** P1.3: the phase as players see it, while the phase is one of the game's own. */
  phaseView(state: TableState): PhaseView;
  /** P1.3: where a seat stands in the round in play. */
  seatBetting(state: TableState, seat: SeatState): TableSnapshot['seats'][number]['betting'];
  /** Cards of the round in play on the table, not yet counted out of the shoe (P1.3). */
  cardsOnTable(state: TableState): number;
  /** P1.5: the faces shown to this player alone right now, sent again on a join or resync. */
  ownFaces(state: TableState, playerId: string): TablePrivate[];
  /** P2.13: the player's own stakes in the round in play. */
  stakesOf(state: TableState, playerId: string): readonly Stake[];
  /** Work the table may do ahead while it waits, once per `key` (the next odds, say). */
  workAhead(state: TableState): { readonly key: object; run(): void } | null;

  // ── Storage and restarts (T9) ──
  /** T9.1: what of the game must be stored before the table goes on, as a short string. */
  durableKey(state: TableState): string;
  /**
   * T9.1: the phase as the stored-state key names it. A phase that a restart resumes exactly as
   * it resumes the stored phase it follows may give that phase's name, and then costs no save
   * of its own after one (a save is Postgres's largest row of a round). Unset: the phase's kind.
   */
  durablePhase?(state: TableState): string;
  /** The round (or coup) between its opening and its settlement, for the startup sweep (T9.5). */
  roundInPlay(state: TableState): number | null;
  /** The last round is settled and the next not opened (T9.1: the counters may move on). */
  roundOver(state: TableState): boolean;
  /** The game's fields as stored, beside the core's (the stored JSON keeps its shape). */
  store(state: TableState): StoredGame;
  /** The game's state (and phase, when one of its own) from a stored one; null if unreadable. */
  restore(
    stored: StoredGame,
    phase: Phase,
    shoe: ShoeSession | null,
  ): { readonly game: GameState; readonly phase: Phase } | null;
}
