import type { RoomControl } from './state.js';
import type { Step } from './step.js';

/**
 * T11: the host's controls. Anyone but the host is refused with NOT_HOST (a public table has
 * no host, so there everybody is); a room that is closing takes no more of them.
 */
export function hostRoom(step: Step, playerId: string): RoomControl | null {
  const { room } = step.state;
  if (!room || room.hostPlayerId !== playerId) {
    step.refuse('NOT_HOST', room ? 'only the host may do that' : 'this table has no host');
    return null;
  }
  if (room.closing) {
    step.refuse('ROOM_CLOSED', 'this room is closing');
    return null;
  }
  return room;
}
