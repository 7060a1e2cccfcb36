import type { TableSettings } from '@banco/protocol';
import type { ChatState, TableState } from './state.js';
import type { TableGame } from './game.js';

export const EMPTY_CHAT: ChatState = { messages: [], lastId: 0, allowance: {} };

export function initialTableState(
  table: {
    id: string;
    name: string;
    settings: TableSettings;
    /** T11: a private room's host; null or absent for a public table. */
    hostPlayerId?: string | null;
    hostName?: string;
  },
  game: TableGame,
): TableState {
  return {
    tableId: table.id,
    name: table.name,
    settings: table.settings,
    version: 0,
    seats: [],
    shoe: null,
    roundSeq: 0,
    phase: { kind: 'waiting' },
    timer: null,
    nextTimerToken: 1,
    lastShoeNumber: 0,
    closing: false,
    room: table.hostPlayerId
      ? {
          hostPlayerId: table.hostPlayerId,
          hostName: table.hostName ?? '',
          hostAwayUntil: null,
          locked: false,
          paused: false,
          kicked: [],
          nextSettings: null,
          closing: null,
          closed: false,
          watchersWrite: false,
          muted: [],
        }
      : null,
    chat: EMPTY_CHAT,
    game: game.initial,
  };
}
