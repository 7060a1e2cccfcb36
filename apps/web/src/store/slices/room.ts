/** A private room's state, its end, and the table's chat. */
import type { EventOf } from '@banco/protocol';
// A constant alone, not the protocol's index: that would bring every schema into the first load.
import { CHAT_HISTORY } from '@banco/protocol/chat-limits';
import type { TableState } from '../state';

export type RoomEvent = EventOf<'room.updated' | 'room.closed' | 'chat.message' | 'table.closing'>;

export function reduceRoom(state: TableState, event: RoomEvent): TableState {
  switch (event.type) {
    case 'room.updated': {
      return {
        ...state,
        room: event.room,
        settings: event.settings ?? state.settings,
      };
    }
    case 'room.closed':
      return {
        ...state,
        gone: 'closed',
      };
    case 'chat.message':
      return { ...state, chat: [...state.chat, event.message].slice(-CHAT_HISTORY) };
    case 'table.closing':
      return state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
