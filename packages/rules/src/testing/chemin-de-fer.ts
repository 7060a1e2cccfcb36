import type { CardCode } from '../cards.js';
import { openBank } from '../chemin-de-fer/bank.js';
import {
  stepCoup,
  postBank,
  type CoupEvent,
  type CoupRules,
  type CoupState,
} from '../chemin-de-fer/coup.js';
import { burnShoe, createShoe, type ShoeState } from '../shoe.js';
import { unwrap } from './unwrap.js';

export const FREE_ROOM: CoupRules = {
  cagnottePercent: 5,
  choices: 'free',
  limits: { min: 100, max: 100_000 },
};

/**
 * A burned shoe whose next cards are `coupCards`: AS shown, QS burned (R10.3), then the coup,
 * then at least ten kings, so the stop card (7 from the back, R14.2) lies behind the coup's cards.
 */
export function stackedShoe(coupCards: readonly CardCode[], filler = 10): ShoeState {
  // R10.7 wants 18 cards for a cut of 7: at least 11 in front of it.
  const pad = Math.max(filler, 16 - coupCards.length);
  const cards: CardCode[] = ['AS', 'QS', ...coupCards, ...Array<CardCode>(pad).fill('KH')];
  const shoe = unwrap(createShoe(cards, { cut: 7, lastHand: 'finish-current' }));
  return unwrap(burnShoe(shoe)).state;
}

export const step = (state: CoupState, event: CoupEvent): CoupState =>
  unwrap(stepCoup(state, event));

/** Seats 1–3, seat 1 banks 1000 fresh, seat 2 calls Banco!, the cover closes: the cards are out. */
export function bancoCoup(coupCards: readonly CardCode[], rules: CoupRules = FREE_ROOM): CoupState {
  const seats = [1, 2, 3];
  const posted = unwrap(
    postBank({
      rules,
      shoe: stackedShoe(coupCards),
      offer: openBank(seats),
      seats,
      banker: 1,
      bank: 1000,
      bancoSuivi: null,
    }),
  );
  const called = step(posted, { type: 'call', seat: 2, call: { kind: 'banco' } });
  return step(called, { type: 'close-cover' });
}
