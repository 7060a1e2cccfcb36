import { handTotal, type CardCode } from '@banco/rules';
import { cardShort } from './format';

/** A hand as a shoe's rows show it: its cards and their total. */
export interface HandShown {
  readonly cards: readonly string[];
  readonly total: number;
}

/** Cards as stored (the record's codes) read as a hand. */
export const handShown = (cards: readonly string[]): HandShown => ({
  cards,
  total: handTotal(cards as CardCode[]),
});

/** "2♥ 3♦ (5)": a hand in a row's cell. */
export const handShort = (hand: HandShown): string =>
  `${hand.cards.map(cardShort).join(' ')} (${hand.total})`;
