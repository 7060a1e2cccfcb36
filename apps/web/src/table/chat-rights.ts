import type { RoomState } from '@banco/protocol';

/** What the chat box offers this player (P11.7): the server decides; this only mirrors it. */
export type ChatRight = 'write' | 'watcher' | 'muted' | 'joining';

export function chatRightOf(
  you: { playerId: string; seat: number | null },
  room: RoomState | null,
): ChatRight {
  // Until the table's snapshot says who this is, and whether it is a room, any reason would be a guess.
  if (you.playerId === '') return 'joining';
  if (room?.muted.includes(you.playerId)) return 'muted';
  if (you.seat !== null || room?.hostPlayerId === you.playerId || room?.watchersWrite) {
    return 'write';
  }
  return 'watcher';
}

/** Why the box is closed, in words, for the one who cannot write. */
export function closedWords(right: Exclude<ChatRight, 'write'>, inRoom: boolean): string {
  if (right === 'joining') return 'Joining the table’s chat…';
  if (right === 'muted') return 'The host has muted you: you can read the chat, not write.';
  return inRoom
    ? 'Watchers read the chat here. Take a seat to write, or ask the host to let watchers in.'
    : 'Watchers read the chat. Take a seat to write.';
}
