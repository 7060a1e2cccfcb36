import type { ErrorCode } from '@banco/protocol';
import { updateRoom } from './room-life.js';
import { isAway, seatOf } from './seats.js';
import type { SeatState, TableState } from './state.js';
import type { Step } from './step.js';

/**
 * T11.1, T11.2, T11.7: whether a room lets this player in (join) or sit (seat.take). A locked
 * room still lets in those it already had: `known` says whether this player is one of them.
 */
export function roomRefusal(
  state: TableState,
  playerId: string,
  known = false,
): { code: ErrorCode; message: string } | null {
  const { room } = state;
  if (!room) return null;
  if (room.closing) return { code: 'ROOM_CLOSED', message: 'this room is closing' };
  if (room.kicked.includes(playerId)) {
    return { code: 'KICKED', message: 'the host has removed you from this room' };
  }
  if (room.locked && !known && playerId !== room.hostPlayerId) {
    return { code: 'ROOM_LOCKED', message: 'the host has locked this room' };
  }
  return null;
}

/** T11.6: the longest-seated player other than the host, present ones first. */
function heir(state: TableState, hostPlayerId: string): SeatState | undefined {
  const since = (s: SeatState) => s.since ?? Number.MAX_SAFE_INTEGER;
  return state.seats
    .filter((s) => s.player.id !== hostPlayerId)
    .sort((a, b) => Number(isAway(a)) - Number(isAway(b)) || since(a) - since(b) || a.seat - b.seat)
    .at(0);
}

/** T11.5, T11.6: the room passes to a seated player; they are its host from now on. */
export function giveHost(step: Step, to: SeatState): void {
  updateRoom(step, {
    hostPlayerId: to.player.id,
    hostName: to.player.name,
    hostAwayUntil: to.awayUntil ?? null,
  });
}

/** T11.6: the host has been away for the hold time: the longest-seated player takes over. */
export function handOverIfHostGone(step: Step): void {
  const { room } = step.state;
  if (!room || room.closing || room.hostAwayUntil === null || room.hostAwayUntil > step.now) {
    return;
  }
  const next = heir(step.state, room.hostPlayerId);
  if (next) giveHost(step, next);
}

/** T11.6: every connection of the host dropped: the host's hold starts. */
export function hostAway(step: Step, playerId: string): void {
  const { room } = step.state;
  if (!room || room.hostPlayerId !== playerId || room.hostAwayUntil !== null) return;
  const at = step.now + step.state.settings.seatHoldMs;
  step.update({ room: { ...room, hostAwayUntil: at } });
  step.effect({ type: 'hold', playerId, at });
}

export function hostBack(step: Step, playerId: string): void {
  const { room } = step.state;
  if (!room || room.hostPlayerId !== playerId || room.hostAwayUntil === null) return;
  step.update({ room: { ...room, hostAwayUntil: null } });
}

/**
 * For a table that starts with nobody connected: its host is away from now, with the same
 * deadline as their seat if they sit (T11.6); a deadline stored before a restart is kept.
 */
export function hostAwayFromStart(state: TableState, now: number): TableState {
  const { room } = state;
  if (!room || room.hostAwayUntil !== null) return state;
  const until = seatOf(state, room.hostPlayerId)?.awayUntil ?? now + state.settings.seatHoldMs;
  return { ...state, room: { ...room, hostAwayUntil: until } };
}
