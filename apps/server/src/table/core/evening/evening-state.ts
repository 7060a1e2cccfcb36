import type { EveningSettings } from '@banco/protocol';
import type { RoomControl, TableState } from '../state.js';
import type { EveningState } from './evening-types.js';

export type * from './evening-types.js';
import type { Step } from '../step.js';

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
    unrecorded: [],
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
