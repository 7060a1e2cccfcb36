import type { TableCommand } from '../inputs.js';
import { beginClose } from '../host-controls.js';
import { seatOf, sitsOut } from '../seats.js';
import type { Step } from '../step.js';
import { adjustStack, approveTopUp, declineTopUp, requestTopUp } from './chips.js';
import { endNight } from './finish.js';
import {
  approveRequest,
  cancelRequest,
  declineRequest,
  requestSeat,
  type EveningReads,
} from './requests.js';
import { sitOut } from './sit-out.js';
import { acceptOffer, joinWaitlist, leaveWaitlist } from './waitlist.js';

/**
 * T11.12–T11.16: runs an evening command, or refuses a game command from a seat that sits out
 * (T11.14: SITTING_OUT). False for every other command: the game's.
 */
export function runEveningCommand(
  step: Step,
  playerId: string,
  command: TableCommand,
  reads: EveningReads | undefined,
): boolean {
  switch (command.name) {
    case 'seat.request':
      requestSeat(step, playerId, command.payload, reads);
      return true;
    case 'seat.request.cancel':
      cancelRequest(step, playerId);
      return true;
    case 'room.seat.approve':
      approveRequest(step, playerId, command.payload, reads);
      return true;
    case 'room.seat.decline':
      declineRequest(step, playerId, command.payload);
      return true;
    case 'waitlist.join':
      joinWaitlist(step, playerId, reads);
      return true;
    case 'waitlist.leave':
      leaveWaitlist(step, playerId);
      return true;
    case 'waitlist.accept':
      acceptOffer(step, playerId, reads);
      return true;
    case 'seat.sit-out':
      sitOut(step, playerId, command.payload.out);
      return true;
    case 'chips.top-up':
      requestTopUp(step, playerId, command.payload.amount);
      return true;
    case 'room.top-up.approve':
      approveTopUp(step, playerId, command.payload.playerId);
      return true;
    case 'room.top-up.decline':
      declineTopUp(step, playerId, command.payload.playerId, command.payload.reason);
      return true;
    case 'room.chips.adjust': {
      const { playerId: target, amount, reason } = command.payload;
      adjustStack(step, playerId, target, amount, reason);
      return true;
    }
    case 'room.night.end':
      endNight(step, playerId, (s) => beginClose(s, 'host'));
      return true;
    default:
      if (!sitsOut(seatOf(step.state, playerId))) return false;
      step.refuse('SITTING_OUT', 'you are sitting out: say you are back (seat.sit-out) to play');
      return true;
  }
}
