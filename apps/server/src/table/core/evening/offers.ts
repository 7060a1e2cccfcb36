import { seatOf } from '../seats.js';
import type { Step } from '../step.js';
import { eveningOf, eveningSettings, setEvening, type EveningMember } from './evening-state.js';
import { tellEvening } from './tell.js';
import { armEveningWake } from './wake.js';

/** T11.12, T11.13: an approved request at a full table waits for the next seat. */
export function joinWaitlistAsApproved(step: Step, member: EveningMember): void {
  addWaiter(step, { ...member, at: step.now });
}

export function addWaiter(step: Step, member: EveningMember): void {
  const evening = eveningOf(step.state)!;
  const waitlist = [...evening.waitlist, member];
  setEvening(step, { waitlist });
  step.emit({
    type: 'evening.waitlist',
    change: 'joined',
    seat: null,
    until: null,
    waiting: waitlist.length,
  });
  tellEvening(
    step,
    waitlist.map((w) => w.playerId),
  );
}

/** T11.13: a seat is free: the first in line is offered it for the room's offer window. */
export function offerFreedSeat(step: Step, seat: number): void {
  const evening = eveningOf(step.state);
  const settings = eveningSettings(step.state);
  if (!evening || !settings || evening.offer || evening.ended) return;
  const first = evening.waitlist[0];
  if (!first || seatOf(step.state, first.playerId)) return;
  const until = step.now + settings.offerSeconds * 1000;
  setEvening(step, { offer: { playerId: first.playerId, seat, until } });
  step.emit({
    type: 'evening.waitlist',
    change: 'offered',
    seat,
    until,
    waiting: evening.waitlist.length,
  });
  tellEvening(step, [first.playerId]);
  armEveningWake(step);
}
