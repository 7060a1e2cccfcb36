/** C4, C5: a Chemin de Fer table's bank and coup, and this player's own cards. */
import type { CheminCards, CheminDeFerView, EventOf } from '@banco/protocol';
import type { TableState } from '../state';

/** Own cards belong to the coup they were dealt in; a later coup's view drops them. */
export function cardsOfCoup(
  cards: CheminCards | null,
  view: CheminDeFerView | null,
): CheminCards | null {
  return cards !== null && view?.coup?.coup === cards.coup ? cards : null;
}

export function applyCheminCards(state: TableState, cards: CheminCards): TableState {
  if (cards.tableId !== state.tableId) return state;
  return { ...state, cheminCards: cards };
}

export type CheminEvent = EventOf<'chemin.updated'>;

export function reduceChemin(state: TableState, event: CheminEvent): TableState {
  const balances = new Map(event.balances.map((b) => [b.seat, b.balance]));
  return {
    ...state,
    chemin: event.view,
    cheminCards: cardsOfCoup(state.cheminCards, event.view),
    seats: state.seats.map((s) => {
      const balance = balances.get(s.seat);
      return balance === undefined ? s : { ...s, balance };
    }),
  };
}
