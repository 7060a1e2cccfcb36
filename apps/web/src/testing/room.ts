import type { RoomState } from '@banco/protocol';

/** A private room as the server sends it: Ann hosts, nothing locked, paused or closing. */
export const hostedRoom: RoomState = {
  hostPlayerId: 'ann',
  hostName: 'Ann',
  locked: false,
  paused: false,
  closing: false,
  nextSettings: null,
  watchersWrite: false,
  muted: [],
};
