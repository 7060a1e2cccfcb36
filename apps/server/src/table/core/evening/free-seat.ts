import type { TableState } from '../state.js';
import { seatAt } from '../seats.js';
import { eveningOf } from './evening-state.js';

/** T11.3: a seat the host's next settings no longer have is not given out meanwhile. */
export const seatCount = (state: TableState): number =>
  Math.min(state.settings.seats, state.room?.nextSettings?.seats ?? Infinity);

/**
 * A seat a player may be given now: the one wished for when it is free, else the lowest free
 * one; never a seat offered to someone on the waitlist (T11.13). Null when the table is full.
 */
export function freeSeat(state: TableState, wished: number | null): number | null {
  const offered = eveningOf(state)?.offer?.seat ?? null;
  const free = (seat: number) => seat !== offered && !seatAt(state, seat);
  if (wished !== null && wished <= seatCount(state) && free(wished)) return wished;
  for (let seat = 1; seat <= seatCount(state); seat++) if (free(seat)) return seat;
  return null;
}
