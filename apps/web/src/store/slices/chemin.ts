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

/**
 * R17.3: who passed the bank the offer now moves round from. A pass leaves its banker first of
 * the seats that refused the fresh bank; a snapshot tells it by the coup before (the banker
 * won, so the bank rode, and it is on offer again from his seat on).
 */
export function passedOnSnapshot(view: CheminDeFerView | null): number | null {
  const first = view?.offer.kind === 'fresh' ? view.offer.declined[0] : undefined;
  const last = view?.last;
  return first !== undefined && last?.banker === first && last.settlement?.outcome === 'banker'
    ? first
    : null;
}

function passedAfter(state: TableState, event: CheminEvent): number | null {
  const { offer } = event.view;
  if (offer.kind !== 'fresh') return null;
  if (event.what === 'passed') return offer.declined[0] ?? null;
  return offer.declined[0] === state.cheminPassed ? state.cheminPassed : null;
}

export type CheminEvent = EventOf<'chemin.updated'>;

export function reduceChemin(state: TableState, event: CheminEvent): TableState {
  const balances = new Map(event.balances.map((b) => [b.seat, b.balance]));
  return {
    ...state,
    chemin: event.view,
    cheminCards: cardsOfCoup(state.cheminCards, event.view),
    cheminPassed: passedAfter(state, event),
    // The shoe is shuffled once the bank is offered or played again: the table is the bank's.
    phase:
      state.phase.kind === 'seeding' && (event.view.coup !== null || event.view.offerUntil !== null)
        ? { kind: 'waiting' }
        : state.phase,
    seats: state.seats.map((s) => {
      const balance = balances.get(s.seat);
      return balance === undefined ? s : { ...s, balance };
    }),
  };
}

/** Between shoes: no coup, no offer open, and the old shoe over or the new one being seeded. */
export function cheminShuffling(state: TableState): boolean {
  const view = state.chemin;
  return (
    view !== null &&
    view.coup === null &&
    view.offerUntil === null &&
    (state.notices.shoeEnded !== null || state.phase.kind === 'seeding')
  );
}
