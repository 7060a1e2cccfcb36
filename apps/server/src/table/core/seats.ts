import type { SeatState, TableState } from './state.js';
import type { Step } from './step.js';

export const seatOf = (state: TableState, playerId: string): SeatState | undefined =>
  state.seats.find((seat) => seat.player.id === playerId);

export const seatAt = (state: TableState, seat: number): SeatState | undefined =>
  state.seats.find((s) => s.seat === seat);

/**
 * The same players in the same seats: a bet or a refill gives the table a new seats list (new
 * balances) with nobody moved, and what is worked out from who sits where need not be again.
 */
export function sameSeating(a: TableState['seats'], b: TableState['seats']): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.seat !== b[i]!.seat || a[i]!.player.id !== b[i]!.player.id) return false;
  }
  return true;
}

export const isSeated = (state: TableState, seat: number | null): seat is number =>
  seat !== null && seatAt(state, seat) !== undefined;

/**
 * T4.2: the next occupied seat after `from` in seat order, wrapping (…, 14 → 1), skipping the
 * seats in `skip`. `from` itself comes last, so a lone player gets their own seat back.
 */
export function nextOccupiedSeat(
  state: TableState,
  from: number,
  skip: readonly number[] = [],
): number | null {
  const occupied = state.seats
    .filter(playsThisRound)
    .map((s) => s.seat)
    .filter((seat) => !skip.includes(seat));
  const after = occupied.find((seat) => seat > from);
  return after ?? occupied[0] ?? null;
}

export function withBalance(state: TableState, playerId: string, balance: number): SeatState[] {
  return state.seats.map((seat) => (seat.player.id === playerId ? { ...seat, balance } : seat));
}

/** T1.5: the player's connections have all dropped; the seat is held for them. */
export const isAway = (seat: SeatState | undefined): boolean => seat?.awayUntil !== undefined;

/** T11.14: the player keeps the seat but sits this round (and the next ones) out. */
export const sitsOut = (seat: SeatState | undefined): boolean => seat?.sittingOut === true;

/**
 * T11.14: whether the seat plays the round: its player is connected and not sitting out. Every
 * game honours it: only such seats are offered the shoe or the bank, turn cards or keep betting
 * open.
 */
export const playsThisRound = (seat: SeatState | undefined): boolean =>
  seat !== undefined && !isAway(seat) && !sitsOut(seat);

/** A seat whose player is connected: the only kind that deals, turns or keeps betting open. */
export const isPresent = (state: TableState, seat: number | null): seat is number =>
  isSeated(state, seat) && playsThisRound(seatAt(state, seat));

/** Seats that do not play the round: away (T1.5) or sitting out (T11.14). */
export const awaySeats = (state: TableState): number[] =>
  state.seats.filter((s) => !playsThisRound(s)).map((s) => s.seat);

export const presentCount = (state: TableState): number =>
  state.seats.length - awaySeats(state).length;

/** T9.8: the seat event's version is unique at its table, across restarts too (T9.1). */
export const seatKey = (step: Step): string => `${step.state.tableId}:${step.state.version}`;
