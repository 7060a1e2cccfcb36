import { roomRefusal } from '../host-presence.js';
import { seatOf } from '../seats.js';
import { sitDown } from '../seating.js';
import type { Step } from '../step.js';
import { eveningOf, eveningSettings, hostApproves, setEvening } from './evening-state.js';
import { addWaiter, offerFreedSeat } from './offers.js';
import { freeSeat } from './free-seat.js';
import type { EveningReads } from './requests.js';
import { tellEvening } from './tell.js';
import { armEveningWake } from './wake.js';

/**
 * T11.13: a full table keeps a waitlist. In an open room anyone may join it; in a host-approves
 * room the host's approval of a request at a full table puts the player on it.
 */
export function joinWaitlist(step: Step, playerId: string, reads: EveningReads | undefined): void {
  const { state } = step;
  const evening = eveningOf(state);
  const settings = eveningSettings(state);
  if (!evening || !settings || settings.waitlistMax === 0) {
    return step.refuse('NOT_NEEDED', 'this table keeps no waitlist');
  }
  const refusal = roomRefusal(state, playerId);
  if (refusal) return step.refuse(refusal.code, refusal.message);
  if (evening.ended) return step.refuse('ROOM_CLOSED', 'the night is over');
  if (hostApproves(state)) {
    return step.refuse('APPROVAL_REQUIRED', 'ask the host to sit (seat.request)');
  }
  const mine = seatOf(state, playerId);
  if (mine) return step.refuse('ALREADY_SEATED', `you already sit in seat ${mine.seat}`);
  if (evening.waitlist.some((w) => w.playerId === playerId)) {
    return step.refuse('REQUEST_PENDING', 'you are already on the waitlist');
  }
  if (freeSeat(state, null) !== null) {
    return step.refuse('NOT_NEEDED', 'a seat is free: take it');
  }
  if (evening.waitlist.length >= settings.waitlistMax) {
    return step.refuse('WAITLIST_FULL', `the waitlist is full (${settings.waitlistMax})`);
  }
  if (!reads?.member) throw new Error('waitlist.join needs the player read from the ledger');
  step.succeed();
  addWaiter(step, {
    playerId,
    name: reads.member.player.name,
    account: reads.member.account,
    at: step.now,
  });
}

export function leaveWaitlist(step: Step, playerId: string): void {
  const evening = eveningOf(step.state);
  if (!evening?.waitlist.some((w) => w.playerId === playerId)) {
    return step.refuse('NOT_WAITING', 'you are not on the waitlist');
  }
  step.succeed();
  dropWaiter(step, playerId, 'left');
}

/** Takes a player off the list (and their offer with them); the next is offered the seat. */
export function dropWaiter(step: Step, playerId: string, change: 'left' | 'offer-expired'): void {
  const evening = eveningOf(step.state)!;
  const offered = evening.offer?.playerId === playerId ? evening.offer.seat : null;
  const waitlist = evening.waitlist.filter((w) => w.playerId !== playerId);
  setEvening(step, { waitlist, offer: offered === null ? evening.offer : null });
  step.emit({
    type: 'evening.waitlist',
    change,
    seat: offered,
    until: null,
    waiting: waitlist.length,
  });
  tellEvening(step, [playerId, ...waitlist.map((w) => w.playerId)]);
  if (offered !== null) offerFreedSeat(step, offered);
  armEveningWake(step);
}

/** T11.13: the one offered a seat takes it. */
export function acceptOffer(step: Step, playerId: string, reads: EveningReads | undefined): void {
  const evening = eveningOf(step.state);
  const offer = evening?.offer;
  if (!evening || offer?.playerId !== playerId) {
    return step.refuse('NOT_OFFERED', 'no seat is offered to you');
  }
  if (!reads?.seating) throw new Error('waitlist.accept needs the player from the ledger');
  step.succeed();
  const waitlist = evening.waitlist.filter((w) => w.playerId !== playerId);
  setEvening(step, { waitlist, offer: null });
  step.emit({
    type: 'evening.waitlist',
    change: 'seated',
    seat: offer.seat,
    until: null,
    waiting: waitlist.length,
  });
  sitDown(step, offer.seat, reads.seating, step.state.room?.hostPlayerId ?? 'room');
  tellEvening(step, [playerId, ...waitlist.map((w) => w.playerId)]);
  const next = freeSeat(step.state, null);
  if (next !== null) offerFreedSeat(step, next);
  armEveningWake(step);
}

/** T11.13: the offer ran out: that player leaves the list and the next is offered the seat. */
export function offerExpired(step: Step): void {
  const offer = eveningOf(step.state)?.offer;
  if (offer && offer.until <= step.now) dropWaiter(step, offer.playerId, 'offer-expired');
}
