import type { EveningSettings, LeaderboardLine } from '@banco/protocol';
import type { RoomControl, TableState } from '../state.js';
import type { Step } from '../step.js';

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
}

export function freshEvening(state: Pick<TableState, 'roundSeq' | 'lastShoeNumber'>): EveningState {
  return {
    requests: [],
    waitlist: [],
    offer: null,
    sittingOut: [],
    idleRounds: {},
    declined: {},
    topUps: [],
    topUpsTaken: {},
    topUpDeclined: {},
    stacks: [],
    startRound: state.roundSeq,
    startShoe: state.lastShoeNumber,
    ended: null,
    entries: 0,
  };
}

/** The room's evening settings, or null at a table without them (every public table). */
export function eveningSettings(state: TableState): EveningSettings | null {
  return state.room ? (state.settings.evening ?? null) : null;
}

/** The evening of a room that has one (made fresh the first time it is asked for). */
export function eveningOf(state: TableState): EveningState | null {
  if (!eveningSettings(state)) return null;
  return state.room?.evening ?? freshEvening(state);
}

export function setEvening(step: Step, patch: Partial<EveningState>): EveningState {
  const room = step.state.room as RoomControl;
  const evening = { ...(eveningOf(step.state) ?? freshEvening(step.state)), ...patch };
  step.update({ room: { ...room, evening } });
  return evening;
}

export const roomChips = (state: TableState) => {
  const settings = eveningSettings(state);
  return settings?.chips === 'room' ? (settings.roomChips ?? null) : null;
};

export const hostApproves = (state: TableState): boolean =>
  eveningSettings(state)?.seating === 'host-approves';
