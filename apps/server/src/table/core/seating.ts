import type { CommandPayload, PlayerInfo } from '@banco/protocol';
import { handOverIfHostGone, roomRefusal } from './host-presence.js';
import { seatAt, seatKey, seatOf } from './seats.js';
import { shoeAfterLeaving } from '../games/punto-banco/shoe-passing.js';
import { closeBettingIfDecided, startNextRound } from '../games/punto-banco/round-flow.js';
import { revealStep } from '../games/punto-banco/turning.js';
import { offerVacantBank } from '../games/chemin-de-fer/offer.js';
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
  if (!seating) throw new Error('seat.take needs the player and balance from the ledger');
  const seats = [...state.seats, { seat: payload.seat, ...seating, since: step.now }].sort(
    (a, b) => a.seat - b.seat,
  );
  step.update({ seats });
  step.emit({
    type: 'seat.taken',
    seat: payload.seat,
    player: seating.player,
    balance: seating.balance,
  });
  step.effect({
    type: 'record-seat',
    seat: payload.seat,
    playerId,
    kind: 'SIT',
    key: seatKey(step),
  });
  step.succeed({ seat: payload.seat, balance: seating.balance });
  // T11.6: a host who vanished while nobody else sat passes the room to the first to sit.
  handOverIfHostGone(step);
  if (step.state.phase.kind === 'waiting') startNextRound(step);
  // C4.2: a vacant Chemin de Fer bank does not wait out its window for the newcomer. A stopgap
  // at this call site: it belongs on the game's "a seat was taken" hook once games have one.
  else offerVacantBank(step);
}

/**
 * T1.4: a player may leave at any time. Confirmed bets stay on the layout and settle as
 * usual; the shoe moves on (T4.8) and a turn they held goes to the house.
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
  const before = step.state.phase;
  if (before.kind === 'betting') {
    // A "no bet" belongs to the player, not the seat: whoever sits here next decides afresh.
    const noBet = before.round.noBet.filter((seat) => seat !== mine.seat);
    step.update({ phase: { ...before, round: { ...before.round, noBet } } });
  }
  step.emit({ type: 'seat.left', seat: mine.seat, playerId, reason });
  step.effect({
    type: 'record-seat',
    seat: mine.seat,
    playerId,
    kind: 'LEAVE',
    key: seatKey(step),
  });
  shoeAfterLeaving(step, mine.seat);
  // A turn the leaver held goes to the house at once; a holder's deal passes with the shoe.
  const { phase } = step.state;
  if (phase.kind === 'turning' && phase.turner === mine.seat) revealStep(step, phase.round, null);
  // T2.3: the leaver may have been the last one betting was waiting for.
  if (phase.kind === 'betting') closeBettingIfDecided(step);
}
