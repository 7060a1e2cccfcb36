/**
 * R14.5: who may see which card of a coup. A table sends each seat its own view and never the
 * state itself: the state holds every card dealt (its story too) from the moment they leave the
 * shoe, and in this game the banker must not learn the punto's total before he plays.
 */
import type { CardCode } from '../cards.js';
import type { CoupState } from './coup.js';
import type { Seat } from './cover.js';

export interface CoupCardsView {
  /** In dealing order; null is a card dealt face down that this viewer may not see. */
  readonly punto: readonly (CardCode | null)[];
  readonly banker: readonly (CardCode | null)[];
}

/** `viewer` is a seat, or null for a watcher without one. */
export function visibleCards(state: CoupState, viewer: Seat | null): CoupCardsView {
  if (state.phase === 'covering' || state.phase === 'not-dealt') return { punto: [], banker: [] };
  // Settled, or a natural turned over (which settles at once): everything is face up.
  if (state.phase === 'settled') return { punto: [...state.punto], banker: [...state.bankerCards] };
  const show = (cards: readonly CardCode[], owner: Seat | null) =>
    cards.map((card, i) => (i >= 2 || (viewer !== null && viewer === owner) ? card : null));
  return {
    punto: show(state.punto, state.cover.puntoSeat),
    banker: show(state.bankerCards, state.banker),
  };
}
