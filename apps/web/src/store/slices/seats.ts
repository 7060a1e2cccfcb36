/** Who sits where, with what, and who watches. */
import type { EventOf, SeatView } from '@banco/protocol';
import type { TableState } from '../state';

export function updateSeat(state: TableState, seat: number, change: Partial<SeatView>): SeatView[] {
  return state.seats.map((s) => (s.seat === seat ? { ...s, ...change } : s));
}

export type SeatEvent = EventOf<
  | 'seat.taken'
  | 'seat.left'
  | 'seat.away'
  | 'seat.back'
  | 'balance.refilled'
  | 'table.watchers'
  | 'player.kicked'
>;

export function reduceSeats(state: TableState, event: SeatEvent): TableState {
  switch (event.type) {
    case 'seat.taken': {
      const seats = [
        ...state.seats.filter((s) => s.seat !== event.seat),
        {
          seat: event.seat,
          player: event.player,
          balance: event.balance,
          betting: 'open' as const,
          awayUntil: null,
        },
      ].sort((a, b) => a.seat - b.seat);
      const mine = event.player.id === state.you.playerId;
      return { ...state, seats, you: mine ? { ...state.you, seat: event.seat } : state.you };
    }
    case 'seat.left': {
      const mine = event.playerId === state.you.playerId;
      return {
        ...state,
        seats: state.seats.filter((s) => s.seat !== event.seat),
        you: mine ? { ...state.you, seat: null } : state.you,
      };
    }
    case 'seat.away':
      return {
        ...state,
        seats: updateSeat(state, event.seat, { awayUntil: event.until }),
      };
    case 'seat.back':
      return {
        ...state,
        seats: updateSeat(state, event.seat, { awayUntil: null }),
      };
    case 'balance.refilled': {
      const mine = event.playerId === state.you.playerId;
      return {
        ...state,
        seats: updateSeat(state, event.seat, { balance: event.balance }),
        notices: mine ? { ...state.notices, refill: event } : state.notices,
      };
    }
    case 'table.watchers':
      return { ...state, spectators: event.spectators };
    case 'player.kicked': {
      if (event.playerId === state.you.playerId) {
        return { ...state, gone: 'kicked', you: { ...state.you, seat: null } };
      }
      return {
        ...state,
        seats: state.seats.filter((s) => s.player.id !== event.playerId),
      };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
