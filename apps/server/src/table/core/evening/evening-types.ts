import type { LeaderboardLine, PlayerInfo } from '@banco/protocol';
import type { RoomChipsEntry } from '../../../db/ledger-types.js';

// The evening's types alone, so the table's state and inputs can name them without importing
// the code that runs the evening.

/** Someone the host's evening keeps a line for: a request, a place on the waitlist. */
export interface EveningMember {
  readonly playerId: string;
  readonly name: string;
  /** An account's player (a username), or a guest. */
  readonly account: boolean;
  readonly at: number;
}

export interface EveningRequest extends EveningMember {
  readonly seat: number | null;
}

/** The host's answer when it was no, with the reason in words. */
export interface EveningAnswer {
  readonly reason: string;
  readonly at: number;
}

/** T11.15: a player's chips for the night: their room stack, or their wallet's figures. */
export interface EveningStack {
  readonly playerId: string;
  readonly name: string;
  /** Room chips: the stack while the player does not sit (a seat's balance is the live one). */
  readonly stack: number;
  /** Everything granted: the starting stack, top-ups, adjustments (wallets: the first balance). */
  readonly granted: number;
}

/**
 * T11.12–T11.17: the host's evening, kept in the room's control (so it is stored with the room
 * and comes back after a restart, T11.17). Absent at a room that has no evening settings.
 */
export interface EveningState {
  readonly requests: readonly EveningRequest[];
  readonly waitlist: readonly EveningMember[];
  /** T11.13: the freed seat offered to the first in line, until `until`. */
  readonly offer: {
    readonly playerId: string;
    readonly seat: number;
    readonly until: number;
  } | null;
  /** T11.14: who sits out, and when their seat is freed if they do not come back. */
  readonly sittingOut: readonly {
    readonly playerId: string;
    readonly freedAt: number;
    readonly by: 'player' | 'auto';
  }[];
  /** T11.14: rounds in a row each seated player let pass without a bet. */
  readonly idleRounds: Readonly<Record<string, number>>;
  readonly declined: Readonly<Record<string, EveningAnswer>>;
  /** T11.15: top-ups waiting for the host. */
  readonly topUps: readonly {
    readonly playerId: string;
    readonly name: string;
    readonly amount: number;
    readonly at: number;
  }[];
  readonly topUpsTaken: Readonly<Record<string, number>>;
  readonly topUpDeclined: Readonly<Record<string, EveningAnswer>>;
  readonly stacks: readonly EveningStack[];
  /** T11.16: the table's round counter and shoe number when the night began. */
  readonly startRound: number;
  readonly startShoe: number;
  readonly ended: {
    readonly reason: 'rounds' | 'shoes' | 'time' | 'host' | 'idle';
    readonly podium: readonly LeaderboardLine[];
  } | null;
  /** Numbers the ledger entries of the night (their idempotency keys). */
  readonly entries: number;
  /**
   * T11.17: the entries a stack already counts that the ledger has not confirmed. The state is
   * stored before its effects run, so a crash between the two leaves them here: a restarted
   * table writes them again by their keys (a replay moves nothing) before it reads its stacks.
   * Absent in a state stored before it existed.
   */
  readonly unrecorded?: readonly RoomChipsEntry[];
}

/** What the actor read for a request: who asks (name, account), and how an invite stands. */
export interface EveningReads {
  readonly member?: { readonly player: PlayerInfo; readonly account: boolean };
  /** The player to seat and their wallet, for an approval, an auto-approval or an offer. */
  readonly seating?: { readonly player: PlayerInfo; readonly balance: number };
  /** T11.12: the invite the request came by was made with `autoApprove`. */
  readonly autoApprove?: boolean;
}
