/**
 * A game's own messages, kept for its screen without the store reading them: the last snapshot
 * whole (each game reads its own key of it), the newest event of each type the core does not
 * reduce, and the newest private message of each type. A new game adds no field and no case
 * here: its screen asks for its own by type (`gameEvent`, `gamePrivate`).
 */
import type { EventOf, TableEvent, TableSnapshot } from '@banco/protocol';
import type { TableState } from '../state';
import type { GameMessages, PrivateMessage } from '../game-messages';

export type { GameMessages, PrivateMessage } from '../game-messages';
export { NO_GAME_MESSAGES } from '../game-messages';

/** The newest event of this type since the last snapshot; null if none came after it. */
export function gameEvent<T extends TableEvent['type']>(
  state: TableState,
  type: T,
): EventOf<T> | null {
  return (state.game.events[type] as EventOf<T> | undefined) ?? null;
}

/** The newest private message of this type, as the server sent it. */
export function gamePrivate<M extends PrivateMessage>(
  state: TableState,
  type: M['type'],
): M | null {
  return (state.game.private[type] as M | undefined) ?? null;
}

/** A snapshot starts the game's messages over: it holds everything the events before it said. */
export function gameOnSnapshot(state: TableState, snapshot: TableSnapshot): GameMessages {
  return { snapshot, events: {}, private: state.game.private };
}

interface SeatBalance {
  seat: number;
  balance: number;
}

const balancesOf = (event: TableEvent): readonly SeatBalance[] | null => {
  const balances = (event as { balances?: unknown }).balances;
  return Array.isArray(balances) ? (balances as SeatBalance[]) : null;
};

/**
 * An event of a game's own: kept by type for its screen. The seats' balances it carries, if
 * any, are the ledger's after it, so every seat shows them whatever the game.
 */
export function reduceGameEvent(state: TableState, event: TableEvent): TableState {
  const balances = balancesOf(event);
  const by = new Map(balances?.map((b) => [b.seat, b.balance]));
  return {
    ...state,
    game: { ...state.game, events: { ...state.game.events, [event.type]: event } },
    seats: balances
      ? state.seats.map((s) => {
          const balance = by.get(s.seat);
          return balance === undefined ? s : { ...s, balance };
        })
      : state.seats,
  };
}

export function applyGamePrivate(state: TableState, message: PrivateMessage): TableState {
  if (message.tableId !== state.tableId) return state;
  return {
    ...state,
    game: { ...state.game, private: { ...state.game.private, [message.type]: message } },
  };
}
