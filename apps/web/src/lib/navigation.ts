import { ROOM_KINDS, type RoomKind } from '@banco/protocol';

/**
 * Where to go once the visitor has a name: back to the room link that sent them here (only a
 * path inside this app, never another site), or the lobby.
 */
export function nextPlace(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && (/^\/table\/\?id=[A-Za-z0-9_-]+$/.test(next) || isRoomFormLink(next))
    ? next
    : '/lobby/';
}

/** The lobby with the room form open on a game ("open a room that plays it"). */
export const openRoomLink = (kind: RoomKind): string => `/lobby/?open=${kind}`;

const isRoomFormLink = (path: string): boolean =>
  ROOM_KINDS.some((kind) => path === openRoomLink(kind));

/** The lobby with the room form open on Chemin de Fer ("try it with friends"). */
export const OPEN_CHEMIN = openRoomLink('chemin-de-fer');

/** The game a lobby link asks the room form to open on, if any. */
export function roomFormKind(search: string): RoomKind | null {
  const asked = new URLSearchParams(search).get('open');
  return ROOM_KINDS.find((kind) => kind === asked) ?? null;
}
