import { roundStatus } from '@banco/rules';
import { updateRoom } from '../room-life.js';
import type { Step } from '../step.js';
import { hostRoom } from '../host-room.js';
import { eveningOf, eveningSettings, setEvening } from './evening-state.js';

/**
 * T11.16: between rounds, whether the night has reached its finish line (N rounds played, N
 * shoes ended, or the time come). If so the room closes now, as a host's close would (P9.6).
 */
export function nightIsOver(step: Step): boolean {
  const { state } = step;
  const evening = eveningOf(state);
  const finish = eveningSettings(state)?.finish;
  if (!evening || !finish || evening.ended || state.room?.closing) return false;
  const rounds = state.roundSeq - evening.startRound;
  const shoeOver = state.shoe === null || roundStatus(state.shoe.state) === 'finished';
  const shoes = state.lastShoeNumber - evening.startShoe - (shoeOver ? 0 : 1);
  const reached =
    (finish.kind === 'rounds' && rounds >= finish.count) ||
    (finish.kind === 'shoes' && shoes >= finish.count) ||
    (finish.kind === 'time' && step.now >= finish.at);
  if (!reached) return false;
  setEvening(step, { ended: { reason: finish.kind, podium: [] } });
  updateRoom(step, { closing: 'host', paused: false });
  return true;
}

/** T11.16: the host ends the night: the round in play finishes, then the room closes. */
export function endNight(step: Step, hostId: string, close: (step: Step) => void): void {
  if (!hostRoom(step, hostId)) return;
  if (!eveningOf(step.state)) {
    return step.refuse('NOT_NEEDED', 'this room has no night to end: close it (room.close)');
  }
  step.succeed();
  setEvening(step, { ended: { reason: 'host', podium: [] } });
  close(step);
}
