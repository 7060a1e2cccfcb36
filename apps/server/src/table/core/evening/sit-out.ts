import { seatOf, sitsOut } from '../seats.js';
import { startNextRound } from '../shoe-flow.js';
import type { SeatState } from '../state.js';
import { vacateSeat } from '../seating.js';
import type { Step } from '../step.js';
import { eveningOf, eveningSettings, setEvening } from './evening-state.js';
import { armEveningWake } from './wake.js';

/** T11.14: "sit out" keeps the seat and plays no round; "I'm back" plays again. */
export function sitOut(step: Step, playerId: string, out: boolean): void {
  if (!eveningOf(step.state)) {
    return step.refuse('NOT_NEEDED', 'this table has no sitting out: leave the seat instead');
  }
  const mine = seatOf(step.state, playerId);
  if (!mine) return step.refuse('NOT_SEATED', 'you are not seated at this table');
  step.succeed();
  if (sitsOut(mine) === out) return;
  setSitOut(step, mine, out, 'player');
}

function setSitOut(step: Step, mine: SeatState, out: boolean, by: 'player' | 'auto'): void {
  const evening = eveningOf(step.state)!;
  const playerId = mine.player.id;
  const freedAt = step.now + step.state.settings.seatHoldMs;
  step.update({
    seats: step.state.seats.map((s) => {
      if (s.seat !== mine.seat) return s;
      if (out) return { ...s, sittingOut: true as const };
      const { sittingOut: _dropped, ...back } = s;
      return back;
    }),
  });
  const others = evening.sittingOut.filter((s) => s.playerId !== playerId);
  setEvening(step, {
    sittingOut: out ? [...others, { playerId, freedAt, by }] : others,
    idleRounds: { ...evening.idleRounds, [playerId]: 0 },
  });
  step.emit({
    type: 'evening.sit-out',
    seat: mine.seat,
    playerId,
    out,
    by,
    freedAt: out ? freedAt : null,
  });
  armEveningWake(step);
  const seat = seatOf(step.state, playerId)!;
  // The game moves on as for an away seat: a shoe it holds, a turn, betting it held open.
  if (out) step.game.playerAway(step, seat);
  else if (step.state.phase.kind === 'waiting') startNextRound(step);
}

/**
 * T11.14: a round opens: each seat that plays counts one more round without a bet (a bet sets
 * it back to 0); one at the room's count sits out from this round on.
 */
export function countIdleRounds(step: Step): void {
  const evening = eveningOf(step.state);
  const limit = eveningSettings(step.state)?.autoSitOutRounds ?? null;
  if (!evening) return;
  const idleRounds = { ...evening.idleRounds };
  const tired: SeatState[] = [];
  for (const seat of step.state.seats) {
    if (sitsOut(seat)) continue;
    const idle = idleRounds[seat.player.id] ?? 0;
    if (limit !== null && idle >= limit) tired.push(seat);
    else idleRounds[seat.player.id] = idle + 1;
  }
  setEvening(step, { idleRounds });
  for (const seat of tired) setSitOut(step, seat, true, 'auto');
}

/** T11.14: a confirmed bet: the player is not idle. */
export function noteBet(step: Step, playerId: string): void {
  const evening = eveningOf(step.state);
  if (!evening || !evening.idleRounds[playerId]) return;
  setEvening(step, { idleRounds: { ...evening.idleRounds, [playerId]: 0 } });
}

/** T11.14: a seat that sat out for the whole seat hold is freed. */
export function freeLongSitOuts(step: Step): void {
  const evening = eveningOf(step.state);
  if (!evening) return;
  for (const out of evening.sittingOut) {
    const seat = seatOf(step.state, out.playerId);
    if (out.freedAt <= step.now && seat && sitsOut(seat)) vacateSeat(step, seat, 'hold-expired');
  }
}
