import { isAway } from '../../core/seats.js';
import type { TableState } from '../../core/state.js';

/** T16.2: the seats that play: seated and connected (T1.5: an away seat is skipped). */
export const playingSeats = (state: TableState): number[] =>
  state.seats.filter((s) => !isAway(s)).map((s) => s.seat);

/** T16.2, T16.4: the auction, an offer and the staking each last the room's betting window. */
export const windowMs = (state: TableState): number => state.settings.bettingMs;

/** T16.6, T16.7: a choice's window; null in a by-rule room (it never waits). */
export function choiceMs(state: TableState): number | null {
  const choices = state.settings.baccaraBanque?.choices;
  return choices?.mode === 'window' ? choices.seconds * 1000 : null;
}

export const bankLimits = (state: TableState) => state.settings.baccaraBanque!.bank;
