import type { TableState } from '../store/table-state';
import { freeSeatsOf, type Permissions } from './permissions';

/** What a free seat's button says: where the host approves each player (P9.7) a click asks. */
export const sitWords = (asks: boolean) => (asks ? 'Ask to sit' : 'Sit here');

/**
 * What the table tells a watcher about sitting, the same words under every game's felt, right
 * for the room's seating: open, or the host approves each player (P9.7), with a waitlist when the
 * table is full (P9.8) or none, and a room the host has locked (P9.2).
 */
export function watchingWords(
  state: TableState,
  perms: Pick<Permissions, 'youHost' | 'asksToSit'>,
): { text: string; testId: string } {
  if (state.room?.locked && !perms.youHost) {
    return {
      text: 'The host has locked this room: you can watch, but nobody new can sit down.',
      testId: 'room-locked-watching',
    };
  }
  const full = freeSeatsOf(state).length === 0;
  const waitlist = (state.evening?.settings.waitlistMax ?? 0) > 0;
  if (perms.asksToSit) {
    return full
      ? {
          text: waitlist
            ? 'This table is full. The host approves each player here: ask to sit, and if they say yes you wait in line for the next seat.'
            : 'This table is full: you can watch until a seat frees up, then ask the host to sit.',
          testId: 'table-full',
        }
      : {
          text: `You are watching. The host approves each player here: pick “${sitWords(true)}” on a free seat, then wait for their answer.`,
          testId: 'watching',
        };
  }
  if (full) {
    return {
      text:
        state.evening && waitlist
          ? 'This table is full: join the waitlist, and the next seat that frees is offered to you.'
          : 'This table is full: you can watch until a seat frees up.',
      testId: 'table-full',
    };
  }
  return {
    text: `You are watching. Pick “${sitWords(false)}” on any free seat to play.`,
    testId: 'watching',
  };
}
