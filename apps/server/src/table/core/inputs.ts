import type {
  Ack,
  AckOk,
  CommandName,
  CommandPayload,
  ErrorCode,
  PlayerInfo,
  Stake,
} from '@banco/protocol';
import type { EveningReads } from './evening/evening-types.js';
import type { PendingShoe } from './state.js';

/** The commands a table's reducer runs (joining and snapshots are the actor's business). */
export type TableCommandName = Exclude<
  CommandName,
  'table.join' | 'table.leave' | 'table.snapshot' | 'table.resync'
>;

/** A command with its payload, one type per name, so a switch on the name narrows the payload. */
export type Command = {
  [N in CommandName]: { readonly name: N; readonly payload: CommandPayload<N> };
}[CommandName];

export type TableCommand = Extract<Command, { readonly name: TableCommandName }>;

/** Everything that can happen to a table, one at a time; `now` is the actor's clock. */
export type TableInput =
  | {
      readonly type: 'command';
      readonly now: number;
      readonly playerId: string;
      readonly command: TableCommand;
      /** Read from the ledger by the actor for seat.take. */
      readonly seating?: { readonly player: PlayerInfo; readonly balance: number };
      /**
       * A watcher's own name and wallet, read by the actor for a command the game takes from a
       * player without a seat (`TableGame.watcherPlays`), as `seating` is for seat.take.
       */
      readonly watcher?: { readonly player: PlayerInfo; readonly balance: number };
      /** P11.1: a chat writer without a seat, read from the ledger by the actor for their name. */
      readonly sender?: PlayerInfo;
      /** T11.12, T11.13: who asks, whom to seat, an autoApprove invite, read by the actor. */
      readonly evening?: EveningReads;
    }
  | { readonly type: 'timer'; readonly now: number; readonly token: number }
  /** T1.5–T1.7: a player's connections to the table all dropped, or the first came back. */
  | { readonly type: 'player-away'; readonly now: number; readonly playerId: string }
  | { readonly type: 'player-back'; readonly now: number; readonly playerId: string }
  /** The wake-up of a `hold` effect: stale when the player came back meanwhile. */
  | { readonly type: 'hold-expired'; readonly now: number; readonly playerId: string }
  | {
      readonly type: 'shoe-ready';
      readonly now: number;
      readonly shoe: PendingShoe;
    }
  | {
      readonly type: 'round-opened';
      readonly now: number;
      readonly seq: number;
      readonly roundId: string;
      readonly refills: readonly {
        readonly seat: number;
        readonly playerId: string;
        readonly amount: number;
        readonly balance: number;
      }[];
    }
  | {
      readonly type: 'escrowed';
      readonly now: number;
      readonly seat: number | null;
      readonly playerId: string;
      readonly confirmId: string;
      readonly bets: readonly (Stake & { readonly id: string })[];
      readonly balance: number;
    }
  | {
      readonly type: 'escrow-refused';
      readonly now: number;
      readonly code: ErrorCode;
      readonly message: string;
    }
  /** The ledger's answers to a grouped escrow, in the order of its stakes. */
  | {
      readonly type: 'escrow-answers';
      readonly now: number;
      readonly answers: readonly EscrowAnswer[];
    }
  | {
      readonly type: 'settled';
      readonly now: number;
      readonly balances: ReadonlyMap<string, number>;
    }
  /** T11.17: a room-chips entry is in the ledger (its key). */
  | { readonly type: 'room-chips-recorded'; readonly now: number; readonly key: string }
  /** T11.8: the room has had no connection for the idle time. */
  | { readonly type: 'room-idle'; readonly now: number }
  /** T1.8: the count of watchers without a seat changed (the actor counts connections). */
  | { readonly type: 'watchers'; readonly now: number; readonly spectators: number }
  // ── T9: recovery, shutdown, failed effects ──
  /** T9.1: the table was restored from its stored state; finish what it was doing. */
  | { readonly type: 'resume'; readonly now: number }
  /** T9.7: the server is stopping. */
  | { readonly type: 'shutdown'; readonly now: number }
  /** T9.8: a database effect failed every retry. */
  | { readonly type: 'effect-failed'; readonly now: number; readonly effect: string }
  | {
      readonly type: 'round-voided';
      readonly now: number;
      readonly seq: number;
      readonly reason: 'restart' | 'shutdown' | 'failure' | 'empty';
      readonly balances: ReadonlyMap<string, number>;
    };

export type EscrowAnswer = Extract<TableInput, { type: 'escrowed' | 'escrow-refused' }>;

/** What a table answers a command: that command's ack, as the protocol defines it. */
export type Reply = Ack<CommandName>;

/** What a command's success carries besides `ok` and the table's version (Step stamps both). */
export type SuccessFields = TableCommandName extends infer N
  ? N extends TableCommandName
    ? Omit<AckOk<N>, 'ok' | 'version'>
    : never
  : never;
