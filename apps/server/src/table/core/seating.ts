import type { CommandPayload, PlayerInfo } from '@banco/protocol';
import { eveningBalance, eveningSitRefusal, seatFreedForEvening } from './evening/seats.js';
import { handOverIfHostGone, roomRefusal } from './host-presence.js';
import { seatAt, seatKey, seatOf } from './seats.js';
import { startNextRound } from './shoe-flow.js';
import type { SeatState } from './state.js';
import type { Step } from './step.js';

/** T1.1–T1.3: one seat per player, within the table's seat count, on any free seat. */
export function takeSeat(
  step: Step,
  playerId: string,
  payload: CommandPayload<'seat.take'>,
  seating: { player: PlayerInfo; balance: number } | undefined,
): void {
  const { state } = step;
  const refusal = roomRefusal(state, playerId);
  if (refusal) return step.refuse(refusal.code, refusal.message);
  // T11.3: a seat the host's next settings no longer have is not given out meanwhile.
  const seatCount = Math.min(state.settings.seats, state.room?.nextSettings?.seats ?? Infinity);
  if (payload.seat > seatCount) {
    return step.refuse('SEAT_OUT_OF_RANGE', `this table has seats 1–${seatCount}`);
  }
  const mine = seatOf(state, playerId);
  if (mine) return step.refuse('ALREADY_SEATED', `you already sit in seat ${mine.seat}`);
  if (seatAt(state, payload.seat))
    return step.refuse('SEAT_TAKEN', `seat ${payload.seat} is taken`);
  // T11.12, T11.13: a host-approves room seats by the host's word, an offered seat is held.
  const evening = eveningSitRefusal(state, playerId, payload.seat);
  if (evening) return step.refuse(evening.code, evening.message);
  if (!seating) throw new Error('seat.take needs the player and balance from the ledger');
  const balance = sitDown(step, payload.seat, seating, 'room');
  step.succeed({ seat: payload.seat, balance });
}

/**
 * A player sits in a free seat (T1.1), by their own seat.take or by the host's approval
 * (T11.12, T11.13): the seat is theirs, the table is told and the seat history records it.
 * `approvedBy` names who granted a first room stack (T11.15). Returns the seat's balance.
 */
export function sitDown(
  step: Step,
  seat: number,
  seating: { player: PlayerInfo; balance: number },
  approvedBy: string,
  stack?: number,
): number {
  const playerId = seating.player.id;
  const balance = eveningBalance(step, seating, approvedBy, stack);
  const seats = [...step.state.seats, { seat, player: seating.player, balance, since: step.now }];
  step.update({ seats: seats.sort((a, b) => a.seat - b.seat) });
  step.emit({ type: 'seat.taken', seat, player: seating.player, balance });
  step.effect({ type: 'record-seat', seat, playerId, kind: 'SIT', key: seatKey(step) });
  // T11.6: a host who vanished while nobody else sat passes the room to the first to sit.
  handOverIfHostGone(step);
  if (step.state.phase.kind === 'waiting') startNextRound(step);
  else step.game.seatTaken(step, seatOf(step.state, playerId)!);
  return balance;
}

/**
 * T1.4: a player may leave at any time. Confirmed bets stay on the layout and settle as
 * usual; what the game waited on them for moves on.
 */
export function leaveSeat(
  step: Step,
  playerId: string,
  payload: CommandPayload<'seat.leave'>,
): void {
  const mine = seatOf(step.state, playerId);
  if (!mine) return step.refuse('NOT_SEATED', 'you are not seated at this table');
  if (mine.seat !== payload.seat) {
    return step.refuse('NOT_YOUR_SEAT', `seat ${payload.seat} is not yours`);
  }
  vacateSeat(step, mine, 'left');
  step.succeed();
}

/** Frees a seat, whether its player stood up (T1.4) or their hold ran out (T1.6). */
export function vacateSeat(
  step: Step,
  mine: SeatState,
  reason: 'left' | 'hold-expired' | 'kicked',
): void {
  const playerId = mine.player.id;
  step.update({ seats: step.state.seats.filter((s) => s.seat !== mine.seat) });
  step.game.seatFreed(step, mine);
  step.emit({ type: 'seat.left', seat: mine.seat, playerId, reason });
  step.effect({
    type: 'record-seat',
    seat: mine.seat,
    playerId,
    kind: 'LEAVE',
    key: seatKey(step),
  });
  step.game.seatLeft(step, mine);
  seatFreedForEvening(step, mine);
}
