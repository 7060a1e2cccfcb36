import type { ErrorCode, PlayerInfo } from '@banco/protocol';
import type { SeatState, TableState } from '../state.js';
import type { Step } from '../step.js';
import { grantStack } from './chips.js';
import { eveningOf, hostApproves, roomChips, setEvening } from './evening-state.js';
import { offerFreedSeat } from './offers.js';

/**
 * T11.12: in a host-approves room only the host sits by seat.take; everyone else asks.
 * T11.13: a seat offered to the first on the waitlist is theirs until the offer runs out.
 */
export function eveningSitRefusal(
  state: TableState,
  playerId: string,
  seat: number,
): { code: ErrorCode; message: string } | null {
  const evening = eveningOf(state);
  if (!evening) return null;
  if (evening.ended) return { code: 'ROOM_CLOSED', message: 'the night is over' };
  if (hostApproves(state) && state.room?.hostPlayerId !== playerId) {
    return {
      code: 'APPROVAL_REQUIRED',
      message: 'the host seats players here: ask to sit (seat.request)',
    };
  }
  const { offer } = evening;
  if (offer && offer.seat === seat && offer.playerId !== playerId) {
    return { code: 'SEAT_TAKEN', message: `seat ${seat} is offered to the first on the waitlist` };
  }
  return null;
}

/**
 * T11.15: the balance a player sits down with. With room chips, it is their room stack: the one
 * they left with, or the starting stack granted now (`approvedBy` recorded with the grant). With
 * wallets it is the wallet; the night remembers the first balance as what the player brought.
 */
export function eveningBalance(
  step: Step,
  seating: { player: PlayerInfo; balance: number },
  approvedBy: string,
  stack?: number,
): number {
  const evening = eveningOf(step.state);
  if (!evening) return seating.balance;
  const { player } = seating;
  const known = evening.stacks.find((s) => s.playerId === player.id);
  const chips = roomChips(step.state);
  if (!chips) {
    if (!known) {
      const line = { playerId: player.id, name: player.name, stack: 0, granted: seating.balance };
      setEvening(step, { stacks: [...evening.stacks, line] });
    }
    return seating.balance;
  }
  if (known) return known.stack;
  return grantStack(step, player, stack ?? chips.startingStack, approvedBy);
}

/**
 * A seat is free: a room-chips stack stays with the night (T11.15), the player no longer sits
 * out (T11.14), and the seat is offered to the first on the waitlist (T11.13).
 */
export function seatFreedForEvening(step: Step, seat: SeatState): void {
  const evening = eveningOf(step.state);
  if (!evening) return;
  const playerId = seat.player.id;
  setEvening(step, {
    stacks: evening.stacks.map((s) =>
      s.playerId === playerId ? { ...s, stack: seat.balance } : s,
    ),
    sittingOut: evening.sittingOut.filter((s) => s.playerId !== playerId),
    idleRounds: Object.fromEntries(
      Object.entries(evening.idleRounds).filter(([id]) => id !== playerId),
    ),
  });
  if (!step.state.room?.closing) offerFreedSeat(step, seat.seat);
}

/** T11.15: a closing room keeps every seated stack as the night's last word on it. */
export function keepStacks(step: Step): void {
  const evening = eveningOf(step.state);
  if (!evening) return;
  const balances = new Map(step.state.seats.map((s) => [s.player.id, s.balance]));
  setEvening(step, {
    stacks: evening.stacks.map((s) => ({ ...s, stack: balances.get(s.playerId) ?? s.stack })),
  });
}
