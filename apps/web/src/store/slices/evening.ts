/** The host's evening (P9.7–P9.12): requests, the waitlist, sit-outs, room stacks, the podium. */
import type { EventOf, EveningView, EveningYou, LeaderboardLine } from '@banco/protocol';
import type { TableState } from '../state';

export type EveningEvent = EventOf<
  | 'evening.seat-request'
  | 'evening.waitlist'
  | 'evening.sit-out'
  | 'evening.stack'
  | 'evening.ended'
>;

/**
 * The public events carry what everyone may know (counts, a seat sitting out, a stack that moved,
 * the podium); what is this viewer's own (the host's queue, a place in line, an answer) comes in
 * `evening.you`, which replaces the view whole.
 */
export function reduceEvening(state: TableState, event: EveningEvent): TableState {
  const evening = state.evening;
  if (evening === null) return state;
  const next = (view: EveningView): TableState => ({ ...state, evening: view });
  switch (event.type) {
    case 'evening.seat-request':
      return next({ ...evening, counts: { ...evening.counts, requests: event.requests } });
    case 'evening.waitlist':
      return next({ ...evening, counts: { ...evening.counts, waiting: event.waiting } });
    case 'evening.sit-out': {
      const others = evening.sittingOut.filter((s) => s.seat !== event.seat);
      const sittingOut =
        event.out && event.freedAt !== null
          ? [...others, { seat: event.seat, freedAt: event.freedAt }].sort(
              (a, b) => a.seat - b.seat,
            )
          : others;
      return next({ ...evening, sittingOut });
    }
    case 'evening.stack': {
      const moved = event.kind !== 'top-up-asked' && event.kind !== 'top-up-declined';
      // A grant, a top-up or an adjustment moves a seated stack outside play: the seat shows it.
      const seats =
        moved && event.seat !== null
          ? state.seats.map((s) =>
              s.seat === event.seat && s.player.id === event.playerId
                ? { ...s, balance: event.stack }
                : s,
            )
          : state.seats;
      return {
        ...state,
        seats,
        evening: { ...evening, leaderboard: withStack(state, evening.leaderboard, event) },
      };
    }
    case 'evening.ended':
      return next({ ...evening, podium: event.podium });
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** A grant, a top-up or an adjustment moves a stack and what was granted; asking moves nothing. */
function withStack(
  state: TableState,
  board: LeaderboardLine[],
  event: EventOf<'evening.stack'>,
): LeaderboardLine[] {
  if (event.kind === 'top-up-asked' || event.kind === 'top-up-declined') return board;
  const line = board.find((l) => l.player.id === event.playerId);
  if (!line) {
    // A first grant opens a line; it comes just before the player's seat.taken, which names them
    // (the live board takes a seated player's name and stack from the seat).
    if (event.kind !== 'grant') return board;
    const player = state.seats.find((s) => s.player.id === event.playerId)?.player ?? {
      id: event.playerId,
      name: 'A new player',
    };
    const fresh = { player, stack: event.stack, granted: event.amount };
    return [...board, { ...fresh, net: event.stack - event.amount }];
  }
  const granted = line.granted + event.amount;
  return board.map((l) =>
    l === line ? { ...l, stack: event.stack, granted, net: event.stack - granted } : l,
  );
}

/** The viewer's own evening, newer than the one held: it is the whole view at its version. */
export function applyEveningYou(state: TableState, message: EveningYou): TableState {
  if (message.tableId !== state.tableId || message.version < state.eveningVersion) return state;
  return { ...state, evening: message.evening, eveningVersion: message.version };
}
