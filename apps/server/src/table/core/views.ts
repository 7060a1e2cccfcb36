import type { RoadsView, ShoeView } from '@banco/protocol';
import { allRoads, cardsLeft } from '@banco/rules';
import type { ShoeSession } from './state.js';

/**
 * `onTable` is how many cards of the round in play are on the layout: the shoe's own state only
 * moves on when the round settles, so nothing here hints at whether a third card is coming.
 */
export function shoeView(shoe: ShoeSession, decks: number, onTable = 0): ShoeView {
  const { state } = shoe;
  return {
    shoeId: shoe.id,
    number: shoe.number,
    commitment: shoe.commitment,
    clientSeed: shoe.clientSeed,
    decks,
    cut: state.cut,
    lastHand: state.lastHand,
    burnShown: state.burn?.shown ?? null,
    burned: state.burn?.burned ?? 0,
    cardsLeft: cardsLeft(state) - onTable,
    roundsDealt: state.roundsDealt,
    cutCardOut: state.cutCard !== null,
  };
}

export function roadsView(shoe: ShoeSession | null): RoadsView {
  return allRoads(shoe?.results ?? []) as unknown as RoadsView;
}
