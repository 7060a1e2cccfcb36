import type {
  TablePrivate,
  ChatMessage,
  PlayerInfo,
  Stake,
  TableEvent,
  TableSettings,
} from '@banco/protocol';
import type { CardCode, RoadResult, RoundResult, ShoeState, Side } from '@banco/rules';
import type { CheminTable } from '../games/chemin-de-fer/chemin-state.js';

export interface SeatState {
  readonly seat: number;
  readonly player: PlayerInfo;
  readonly balance: number;
  /** T1.5: set while every connection of the player is gone; the seat is held until then. */
  readonly awayUntil?: number;
  /** When the player sat down: the longest-seated player inherits a vanished host (T11.6). */
  readonly since?: number;
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

export interface SeatBets {
  readonly seat: number;
  readonly playerId: string;
  readonly confirmId: string;
  /** As the ledger stored them: the id is the bet's settlement key. */
  readonly bets: readonly (Stake & { readonly id: string })[];
}

/** One reveal of the card-turning sequence: which hand, which of its cards. */
export interface RevealStep {
  readonly hand: Side;
  readonly stage: 'initial' | 'third';
  /** Positions in the round's dealt cards. */
  readonly positions: readonly number[];
}

export interface RoundState {
  readonly seq: number;
  /** The ledger's id for this round, used by every bet and transfer of it. */
  readonly roundId: string;
  readonly shoeRound: number;
  readonly bets: readonly SeatBets[];
  readonly noBet: readonly number[];
  /** Known from the deal on; the cards' faces only leave the server step by step. */
  readonly result: RoundResult | null;
  /** The shoe after this round, committed to the session when the round settles. */
  readonly shoeAfter: ShoeState | null;
  readonly steps: readonly RevealStep[];
  /** How many of `steps` the table has seen. */
  readonly revealed: number;
  /** Who dealt: a seat, or null for the house. */
  readonly dealer: number | null;
}

export type Phase =
  | { readonly kind: 'waiting' }
  /** Waiting for the actor to pick and store a new shoe's server seed. */
  | { readonly kind: 'shuffling' }
  /** R11.7: the commitment is out; players may send seed contributions until the deadline. */
  | {
      readonly kind: 'seeding';
      readonly shoe: PendingShoe;
      readonly deadline: number;
      readonly contributions: readonly { readonly playerId: string; readonly seed: string }[];
    }
  /** Waiting for the actor to store the round and top up low balances. */
  | { readonly kind: 'opening'; readonly seq: number }
  | {
      readonly kind: 'betting';
      readonly round: RoundState;
      /** Null for untimed betting (T11.9): it waits for every seat, or the host. */
      readonly closesAt: number | null;
      readonly lastBetsAt: number | null;
      readonly lastCallSent: boolean;
    }
  | { readonly kind: 'dealing'; readonly round: RoundState; readonly deadline: number }
  | {
      readonly kind: 'turning';
      readonly round: RoundState;
      readonly turner: number | null;
      readonly deadline: number;
    }
  | {
      readonly kind: 'settling';
      readonly round: RoundState;
      /** Losers first, as the ledger pays them (T6.2). */
      readonly settled: readonly SettledStake[];
    }
  /** nextAt is null while a self-paced table waits for `round.next` (T12.3). */
  | { readonly kind: 'result'; readonly round: RoundState; readonly nextAt: number | null }
  /** T15: a Chemin de Fer table plays its shoe; the bank and the coup are in `chemin`. */
  | { readonly kind: 'chemin' };

export type PhaseKind = Phase['kind'];

export interface ShoeOffer {
  readonly seat: number;
  /** Who passed it; null when it comes back after the house dealt. */
  readonly from: number | null;
  /** Seats that refused this time round; when it comes back to `from`, everyone has. */
  readonly refused: readonly number[];
}

export interface TableState {
  readonly tableId: string;
  readonly name: string;
  readonly settings: TableSettings;
  /** Number of the last event broadcast (P1.2). */
  readonly version: number;
  /** Seats in seat order. */
  readonly seats: readonly SeatState[];
  readonly shoe: ShoeSession | null;
  readonly holder: number | null;
  /** Every seated player refused the shoe: the house deals until Player wins (T4.4). */
  readonly houseDeals: boolean;
  readonly offer: ShoeOffer | null;
  /** The seat that held the shoe last, so an offer after the house dealt starts beside it. */
  readonly lastHolder: number | null;
  /** The table's round counter: the last round opened. */
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
  // ── T15: Chemin de Fer; absent at a Punto Banco table ──
  readonly chemin?: CheminTable;
}

/** A bet as the rules settle it, with whose it is. */
export interface SettledStake {
  readonly betId: string;
  readonly seat: number;
  readonly playerId: string;
  readonly spot: Stake['spot'];
  readonly stake: number;
  readonly result: 'lose' | 'push' | 'win';
  readonly returned: number;
  readonly rule: string;
}

/** One stake of a Chemin de Fer coup as the ledger settles it (T15.6). */
export interface ChipReturn {
  readonly betId: string;
  readonly playerId: string;
  readonly result: 'lose' | 'push' | 'win';
  readonly stake: number;
  readonly returned: number;
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
  | {
      readonly type: 'escrow';
      readonly roundId: string;
      readonly seat: number;
      readonly playerId: string;
      readonly confirmId: string;
      readonly bets: readonly Stake[];
    }
  | {
      readonly type: 'settle';
      readonly roundId: string;
      readonly result: RoundResult;
      readonly settled: readonly SettledStake[];
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
  /** T11.2: every socket of the player leaves the table. */
  | { readonly type: 'eject'; readonly playerId: string }
  /** T11.7: the room is closed; whoever keeps rooms is told (`onClosed`). */
  | { readonly type: 'room-closed' }
  /** T15.6: a Chemin de Fer coup's stakes paid out; answers with `settled`. */
  | {
      readonly type: 'chemin-settle';
      readonly roundId: string;
      readonly cards: readonly CardCode[];
      readonly outcome: 'player' | 'banker' | 'tie';
      readonly puntoTotal: number;
      readonly bankerTotal: number;
      readonly story: unknown;
      readonly settled: readonly ChipReturn[];
    }
  /** T9.2: refunds every open stake of round `seq`; answers with `round-voided`. */
  | {
      readonly type: 'void-round';
      readonly seq: number;
      readonly reason: 'restart' | 'shutdown' | 'failure' | 'empty';
      /** The cards the round took from the shoe, when it got that far. */
      readonly cards?: readonly CardCode[];
    };
