import { CHIP, type CommandPayload } from '@banco/protocol';
import type { EveningReads } from './evening-types.js';

export type { EveningReads } from './evening-types.js';
import { hostRoom } from '../host-room.js';
import { roomRefusal } from '../host-presence.js';
import { seatAt, seatOf } from '../seats.js';
import { sitDown } from '../seating.js';
import type { Step } from '../step.js';
import { eveningOf, hostApproves, roomChips, setEvening } from './evening-state.js';
import { tellEvening } from './tell.js';
import { joinWaitlistAsApproved } from './offers.js';
import { freeSeat, seatCount } from './free-seat.js';

/** T11.12: "Ask to sit", optionally naming a seat; an autoApprove invite seats at once. */
export function requestSeat(
  step: Step,
  playerId: string,
  payload: CommandPayload<'seat.request'>,
  reads: EveningReads | undefined,
): void {
  const { state } = step;
  const evening = eveningOf(state);
  if (!evening || !hostApproves(state)) {
    return step.refuse('NOT_NEEDED', 'anyone may sit at this table: take a seat');
  }
  const refusal = roomRefusal(state, playerId);
  if (refusal) return step.refuse(refusal.code, refusal.message);
  if (evening.ended) return step.refuse('ROOM_CLOSED', 'the night is over');
  const mine = seatOf(state, playerId);
  if (mine) return step.refuse('ALREADY_SEATED', `you already sit in seat ${mine.seat}`);
  const count = seatCount(state);
  if (payload.seat !== undefined && payload.seat > count) {
    return step.refuse('SEAT_OUT_OF_RANGE', `this table has seats 1–${count}`);
  }
  const pending =
    evening.requests.some((r) => r.playerId === playerId) ||
    evening.waitlist.some((w) => w.playerId === playerId);
  if (pending) {
    return step.refuse('REQUEST_PENDING', 'you already asked; the host has not answered yet');
  }
  if (!reads?.member) throw new Error('seat.request needs the player read from the ledger');
  const { member } = reads;
  const declined = Object.fromEntries(
    Object.entries(evening.declined).filter(([id]) => id !== playerId),
  );
  if (reads.autoApprove && reads.seating) {
    const seat = freeSeat(state, payload.seat ?? null);
    if (seat !== null) {
      step.succeed();
      setEvening(step, { declined });
      step.emit({
        type: 'evening.seat-request',
        change: 'auto-approved',
        requests: evening.requests.length,
      });
      sitDown(step, seat, reads.seating, 'invite');
      tellEvening(step, [playerId]);
      return;
    }
  }
  step.succeed();
  const request = {
    playerId,
    name: member.player.name,
    account: member.account,
    at: step.now,
    seat: payload.seat ?? null,
  };
  const requests = [...evening.requests, request];
  setEvening(step, { requests, declined });
  step.emit({ type: 'evening.seat-request', change: 'asked', requests: requests.length });
  tellEvening(step, [playerId]);
}

export function cancelRequest(step: Step, playerId: string): void {
  const evening = eveningOf(step.state);
  if (!evening?.requests.some((r) => r.playerId === playerId)) {
    return step.refuse('NO_REQUEST', 'you have not asked to sit');
  }
  step.succeed();
  const requests = evening.requests.filter((r) => r.playerId !== playerId);
  setEvening(step, { requests });
  step.emit({ type: 'evening.seat-request', change: 'cancelled', requests: requests.length });
  tellEvening(step, [playerId]);
}

/**
 * T11.12: the host seats a player who asked: in the seat named (the host's, then the player's)
 * or the first free one, with a room stack when the room has room chips. A full table puts
 * them first on the waitlist (T11.13).
 */
export function approveRequest(
  step: Step,
  hostId: string,
  payload: CommandPayload<'room.seat.approve'>,
  reads: EveningReads | undefined,
): void {
  if (!hostRoom(step, hostId)) return;
  const evening = eveningOf(step.state);
  const request = evening?.requests.find((r) => r.playerId === payload.playerId);
  if (!evening || !request) return step.refuse('NO_REQUEST', 'that player has not asked to sit');
  const chips = roomChips(step.state);
  if (payload.stack !== undefined) {
    if (!chips) return step.refuse('NOT_ROOM_CHIPS', 'this room plays with wallets: no stack');
    if (payload.stack % CHIP !== 0) {
      return step.refuse('FRACTIONAL_CHIPS', 'a room stack is whole chips');
    }
  }
  const count = seatCount(step.state);
  if (payload.seat !== undefined && payload.seat > count) {
    return step.refuse('SEAT_OUT_OF_RANGE', `this table has seats 1–${count}`);
  }
  if (payload.seat !== undefined && seatAt(step.state, payload.seat)) {
    return step.refuse('SEAT_TAKEN', `seat ${payload.seat} is taken`);
  }
  const seat = freeSeat(step.state, payload.seat ?? request.seat);
  const requests = evening.requests.filter((r) => r.playerId !== payload.playerId);
  if (seat === null) {
    if (evening.waitlist.length >= waitlistMax(step)) {
      return step.refuse('WAITLIST_FULL', 'the table is full and so is its waitlist');
    }
    step.succeed();
    setEvening(step, { requests });
    step.emit({ type: 'evening.seat-request', change: 'approved', requests: requests.length });
    joinWaitlistAsApproved(step, request);
    return;
  }
  if (!reads?.seating) throw new Error('room.seat.approve needs the player from the ledger');
  step.succeed();
  setEvening(step, { requests });
  step.emit({ type: 'evening.seat-request', change: 'approved', requests: requests.length });
  sitDown(step, seat, reads.seating, hostId, payload.stack);
  tellEvening(step, [payload.playerId]);
}

const waitlistMax = (step: Step): number => step.state.settings.evening?.waitlistMax ?? 0;

/** T11.12: the host says no, with a reason the player reads. */
export function declineRequest(
  step: Step,
  hostId: string,
  payload: CommandPayload<'room.seat.decline'>,
): void {
  if (!hostRoom(step, hostId)) return;
  const evening = eveningOf(step.state);
  if (!evening?.requests.some((r) => r.playerId === payload.playerId)) {
    return step.refuse('NO_REQUEST', 'that player has not asked to sit');
  }
  step.succeed();
  const requests = evening.requests.filter((r) => r.playerId !== payload.playerId);
  setEvening(step, {
    requests,
    declined: { ...evening.declined, [payload.playerId]: { reason: payload.reason, at: step.now } },
  });
  step.emit({ type: 'evening.seat-request', change: 'declined', requests: requests.length });
  tellEvening(step, [payload.playerId]);
}
