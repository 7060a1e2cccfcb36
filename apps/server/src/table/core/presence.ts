import { handOverIfHostGone, hostAway, hostBack } from './host-presence.js';
import { isAway, seatOf } from './seats.js';
import { vacateSeat } from './seating.js';
import { startNextRound } from './shoe-flow.js';
import type { SeatState, TableState } from './state.js';
import type { Step } from './step.js';

function present(seat: SeatState): SeatState {
  const { awayUntil: _gone, ...rest } = seat;
  return rest;
}

/**
 * T1.5: every connection of a seated player dropped. The seat is held for the table's hold
 * time; the game stops waiting for them (a card turn, a deal, betting).
 */
export function playerAway(step: Step, playerId: string): void {
  hostAway(step, playerId);
  const mine = seatOf(step.state, playerId);
  if (!mine || isAway(mine)) return;
  const until = step.now + step.state.settings.seatHoldMs;
  step.update({
    seats: step.state.seats.map((s) => (s.seat === mine.seat ? { ...s, awayUntil: until } : s)),
  });
  step.emit({ type: 'seat.away', seat: mine.seat, playerId, until });
  step.effect({ type: 'hold', playerId, at: until });
  step.game.playerAway(step, mine);
}

/** T1.7: back within the hold, in the same seat; a table idle for want of players resumes. */
export function playerBack(step: Step, playerId: string): void {
  hostBack(step, playerId);
  const mine = seatOf(step.state, playerId);
  if (!mine || !isAway(mine)) return;
  step.update({ seats: step.state.seats.map((s) => (s.seat === mine.seat ? present(s) : s)) });
  step.emit({ type: 'seat.back', seat: mine.seat, playerId });
  if (step.state.phase.kind === 'waiting') startNextRound(step);
  else step.game.playerBack?.(step, seatOf(step.state, playerId)!);
}

/** T1.6: the hold ran out with the player still away: the seat is freed, and the table told why. */
export function holdExpired(step: Step, playerId: string): void {
  if (step.state.room?.hostPlayerId === playerId) handOverIfHostGone(step);
  const mine = seatOf(step.state, playerId);
  if (!mine || mine.awayUntil === undefined || mine.awayUntil > step.now) return;
  vacateSeat(step, mine, 'hold-expired');
}

/**
 * For a table restored after a restart (nobody is connected yet): every seat is held as if its
 * player had just dropped, so players who never come back are released after the hold (T1.6).
 * The actor arms the hold of every away seat it starts with.
 */
export function restoreSeatsAway(state: TableState, now: number): TableState {
  const until = now + state.settings.seatHoldMs;
  return {
    ...state,
    seats: state.seats.map((s) => (isAway(s) ? s : { ...s, awayUntil: until })),
  };
}
