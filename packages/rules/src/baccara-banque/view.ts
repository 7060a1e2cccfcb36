/**
 * R20.5: who may see which card of a coup. A table sends each person their own view and never
 * the state itself: the state holds every card from the moment it leaves the shoe, and the
 * banker must not learn a tableau's total before he chooses, nor a holder the banker's.
 */
import type { CardCode } from '../cards.js';
import type { CoupState, Hand } from './coup.js';
import type { Seat } from './sides.js';

/** In dealing order; null is a card dealt face down that this viewer may not see. */
export type CoupCardsView = Readonly<Record<Hand, readonly (CardCode | null)[]>>;

/** `viewer` is a seat, or null for a watcher without one. */
export function visibleCards(state: CoupState, viewer: Seat | null): CoupCardsView {
  if (state.phase === 'staking' || state.phase === 'not-dealt') {
    return { right: [], left: [], banker: [] };
  }
  if (state.phase === 'settled') {
    return {
      right: [...state.cards.right],
      left: [...state.cards.left],
      banker: [...state.cards.banker],
    };
  }
  const show = (cards: readonly CardCode[], turned: boolean, owner: Seat | null) =>
    cards.map((card, i) =>
      turned || i >= 2 || (viewer !== null && viewer === owner) ? card : null,
    );
  return {
    right: show(state.cards.right, state.progress.right === 'natural', state.holders.right),
    left: show(state.cards.left, state.progress.left === 'natural', state.holders.left),
    banker: show(state.cards.banker, false, state.banker),
  };
}
