/**
 * R18.1 for a live coup: the odds of the choice it is waiting on, from the chooser's own view.
 * The unseen cards are those of R13.5 (the shoe and the burn's face-down cards) plus the other
 * hand's two face-down cards, which the chooser has not seen either.
 */
import { cardValue, type CardCode } from '../../cards.js';
import { valueCounts } from '../../odds/composition.js';
import { err, type Result } from '../../result.js';
import { ranksUnseen } from '../../shoe.js';
import type { CoupState } from '../coup.js';
import { bankerChoiceOdds, puntoChoiceOdds, type ChoiceOdds } from './choice-odds.js';

function unseenBy(state: CoupState, faceDown: readonly CardCode[]): number[] {
  const values = valueCounts(ranksUnseen(state.shoe));
  for (const card of faceDown) values[cardValue(card)]! += 1;
  return values;
}

const totalOf = (cards: readonly CardCode[]) =>
  cards.reduce((sum, c) => sum + cardValue(c), 0) % 10;

export function pendingChoiceOdds(state: CoupState): Result<ChoiceOdds> {
  if (state.phase === 'punto-choice') {
    return puntoChoiceOdds(unseenBy(state, state.bankerCards), totalOf(state.punto));
  }
  if (state.phase === 'banker-choice') {
    const third = state.punto[2];
    if (third === undefined)
      return err('NO_CHOICE_PENDING', 'the banker chooses only after a third card');
    return bankerChoiceOdds(
      unseenBy(state, state.punto.slice(0, 2)),
      totalOf(state.bankerCards),
      cardValue(third),
    );
  }
  return err('NO_CHOICE_PENDING', 'nobody has a choice to make now');
}
