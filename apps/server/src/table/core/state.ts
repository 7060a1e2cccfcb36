import type {
  TablePrivate,
  ChatMessage,
  PlayerInfo,
  Stake,
  TableEvent,
  TableSettings,
} from '@banco/protocol';
import type { CardCode, Outcome, RoadResult, ShoeState } from '@banco/rules';
import type { RoomChipsEntry } from '../../db/ledger-types.js';
import type { EveningState } from './evening/evening-types.js';

export interface SeatState {
  readonly seat: number;
  readonly player: PlayerInfo;
  readonly balance: number;
  /** T1.5: set while every connection of the player is gone; the seat is held until then. */
  readonly awayUntil?: number;
  /** When the player sat down: the longest-seated player inherits a vanished host (T11.6). */
  readonly since?: number;
  /** T11.14: the player sits out: keeps the seat, plays no round until they are back. */
  readonly sittingOut?: true;
}

/** T11: a private room's host controls. Public tables have none (`room: null`). */
export interface RoomControl {
  readonly hostPlayerId: string;
  readonly hostName: string;
  /** T11.6: every connection of the host dropped; the host passes on at this time. */
  readonly hostAwayUntil: number | null;
  readonly locked: boolean;
  readonly paused: boolean;
  /** Players the host removed: they may not join or sit while the room is open (T11.2). */
  readonly kicked: readonly string[];
  /** T11.3: settings taking effect when the next shoe starts. */
  readonly nextSettings: TableSettings | null;
  /** T11.7, T11.8: why the room is closing, once it is. */
  readonly closing: 'host' | 'idle' | null;
  /** The round settled, the shoe ended, `room.closed` sent. */
  readonly closed: boolean;
  /** P11.7: watchers may write in the chat too. */
  readonly watchersWrite: boolean;
  /** P11.7: players the host muted. */
  readonly muted: readonly string[];
  /** T11.12–T11.17: the host's evening (requests, waitlist, sit-outs, stacks), when it has one. */
  readonly evening?: EveningState;
}

/** P11: the table's chat. Nothing in the round machine reads it. */
export interface ChatState {
  /** The latest CHAT_HISTORY messages, oldest first. */
  readonly messages: readonly ChatMessage[];
  /** The id of the last message taken. */
  readonly lastId: number;
  /**
   * P11.4: each recent writer's allowance (tokens left, as of `at`). Not stored: after a
   * restart every allowance is full again.
   */
  readonly allowance: Readonly<Record<string, { readonly tokens: number; readonly at: number }>>;
}

/** A shoe in play. The server seed stays in here and is published only when the shoe ends. */
export interface ShoeSession {
  readonly id: string;
  readonly number: number;
  readonly serverSeed: string;
  readonly commitment: string;
  readonly clientSeed: string;
  readonly state: ShoeState;
  /** Results of this shoe's rounds, for its roads (R12.1). */
  readonly results: readonly RoadResult[];
  /**
   * The cards were a fixed order (PendingShoe.scripted), not the fair shuffle: a save must keep
   * them, since the seeds cannot give them back (T9.10).
   */
  readonly scripted?: true;
}

/** A shoe whose server seed is chosen and committed, waiting for its client seed. */
export interface PendingShoe {
  readonly id: string;
  readonly number: number;
  readonly serverSeed: string;
  readonly commitment: string;
  /**
   * A fixed card order instead of the fair shuffle, for tests and scripted lessons. Such a shoe
   * cannot be verified from its seeds; a table's real shoes never carry one.
   */
  readonly scripted?: readonly CardCode[];
}

/**
 * Each game declares its own state here, keyed by its kind, from its own folder (module
 * augmentation, as Fastify's decorators do): the core names no game, and `GameState` is the
 * union of the games the program holds.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GameStates {}

/** Each game's phases while one of its rounds is in play, declared as `GameStates` is. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GamePhases {}

export type GameState = GameStates[keyof GameStates];

/** The table's own phases around a shoe: no round in play, a shoe being made and seeded. */
export type ShoePhase =
  | { readonly kind: 'waiting' }
  /** Waiting for the actor to pick and store a new shoe's server seed. */
  | { readonly kind: 'shuffling' }
  /** R11.7: the commitment is out; players may send seed contributions until the deadline. */
  | {
      readonly kind: 'seeding';
      readonly shoe: PendingShoe;
      readonly deadline: number;
      readonly contributions: readonly { readonly playerId: string; readonly seed: string }[];
    };

export type Phase = ShoePhase | GamePhases[keyof GamePhases];

export type PhaseKind = Phase['kind'];

export interface TableState {
  readonly tableId: string;
  readonly name: string;
  readonly settings: TableSettings;
  /** Number of the last event broadcast (P1.2). */
  readonly version: number;
  /** Seats in seat order. */
  readonly seats: readonly SeatState[];
  readonly shoe: ShoeSession | null;
  /** The table's round counter: the last round (or coup) opened. */
  readonly roundSeq: number;
  readonly phase: Phase;
  /** The one pending wake-up; a timer input with another token is stale and ignored. */
  readonly timer: { readonly token: number; readonly at: number } | null;
  readonly nextTimerToken: number;
  // ── T9: recovery, shutdown ──
  /** Number of the table's last stored shoe, so a new shoe's number is fixed before it is. */
  readonly lastShoeNumber: number;
  /** T9.7: the server is stopping: no new round opens. */
  readonly closing: boolean;
  // ── T10, T11: rooms and their hosts ──
  readonly room: RoomControl | null;
  // ── P11: chat ──
  readonly chat: ChatState;
  /** The game the table plays (chosen once from its settings), with its own state. */
  readonly game: GameState;
}

/** One stake as the ledger settles it (T6.2, T15.6): what went in, what comes back. */
export interface StakeReturn {
  readonly betId: string;
  readonly playerId: string;
  readonly result: 'lose' | 'push' | 'win';
  readonly stake: number;
  readonly returned: number;
}

/** How a round (or coup) ended, as the ledger records it beside its settlement. */
export interface RoundRecord {
  readonly cards: readonly CardCode[];
  readonly outcome: Outcome;
  readonly playerTotal: number;
  readonly bankerTotal: number;
  /** The game's account of the draw (a trace, a story): kept as it is. */
  readonly trace: unknown;
}

/** One player's stakes for the ledger to hold in escrow until the round settles (T3, T15.4). */
export interface Escrow {
  readonly roundId: string;
  /** Null for a player without a seat, where the game lets watchers stake (`watcherPlays`). */
  readonly seat: number | null;
  readonly playerId: string;
  readonly confirmId: string;
  readonly bets: readonly Stake[];
}

/** Work the actor carries out for the reducer, in order; some answer with another input. */
export type Effect =
  | { readonly type: 'broadcast'; readonly event: TableEvent }
  | { readonly type: 'private'; readonly playerId: string; readonly message: TablePrivate }
  | { readonly type: 'schedule'; readonly token: number; readonly at: number }
  /** Keyed by table and number: a retry gets the shoe already stored (T9.8). */
  | { readonly type: 'new-shoe'; readonly number: number }
  | {
      readonly type: 'record-shuffle';
      readonly shoeId: string;
      readonly clientSeed: string;
      readonly shown: CardCode;
    }
  | { readonly type: 'end-shoe'; readonly shoeId: string }
  | {
      readonly type: 'open-round';
      readonly seq: number;
      readonly shoeId: string;
      readonly shoeRound: number;
      readonly holder: number | null;
      /** Seated players below the table minimum with no open bet: topped up (T8.2). */
      readonly refills: readonly { readonly seat: number; readonly playerId: string }[];
    }
  /** One player's stakes held in the ledger; answers `escrowed` or `escrow-refused`. */
  | ({ readonly type: 'escrow' } & Escrow)
  /**
   * Several players' stakes held in one ledger statement (T15.4: a coup's bank and covers, as
   * a batch of confirms is); answers `escrow-answers`, one answer each, in order.
   */
  | { readonly type: 'escrow-all'; readonly escrows: readonly Escrow[] }
  /** T6.2, T6.5, T15.6: every game's stakes paid out in one transaction; answers `settled`. */
  | {
      readonly type: 'settle';
      readonly roundId: string;
      readonly round: RoundRecord;
      readonly settled: readonly StakeReturn[];
    }
  /** T1.6: wake the table at `at` to free the seat if its player is still away. */
  | { readonly type: 'hold'; readonly playerId: string; readonly at: number }
  | {
      readonly type: 'record-seat';
      readonly seat: number;
      readonly playerId: string;
      readonly kind: 'SIT' | 'LEAVE';
      /** The table and the version of the seat event: unique, so a retry writes nothing. */
      readonly key: string;
    }
  /** T10.8, T11.15: a room stack's grant, top-up or adjustment, against the room's issuer. */
  | { readonly type: 'room-chips'; readonly entry: RoomChipsEntry }
  /** T11.2: every socket of the player leaves the table. */
  | { readonly type: 'eject'; readonly playerId: string }
  /** T11.7: the room is closed; whoever keeps rooms is told (`onClosed`). */
  | { readonly type: 'room-closed' }
  /** T9.2: refunds every open stake of round `seq`; answers with `round-voided`. */
  | {
      readonly type: 'void-round';
      readonly seq: number;
      readonly reason: 'restart' | 'shutdown' | 'failure' | 'empty';
      /** The cards the round took from the shoe, when it got that far. */
      readonly cards?: readonly CardCode[];
    };
