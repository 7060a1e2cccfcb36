import type { Outcome, Payout, Spot } from '@banco/rules';
import { chips } from '../../lib/format';

export const SPOT_NAMES: Record<Spot, string> = {
  player: 'Player',
  banker: 'Banker',
  tie: 'Tie',
  playerPair: 'Player Pair',
  bankerPair: 'Banker Pair',
  dragonPlayer: 'Dragon Bonus Player',
  dragonBanker: 'Dragon Bonus Banker',
  super6: 'Super 6',
};

export const OUTCOME_WORDS: Record<Outcome, string> = {
  player: 'Player wins',
  banker: 'Banker wins',
  tie: 'Tie',
};

/**
 * A payout's odds as a table writes them: 19/20 is "0.95:1", 8/1 is "8:1", 1/2 is "1:2".
 * Exact: the ratio is turned into hundredths with integers only.
 */
export function oddsWords(payout: Pick<Payout, 'numerator' | 'denominator'>): string {
  const { numerator, denominator } = payout;
  if (numerator % denominator === 0) return `${numerator / denominator}:1`;
  if (denominator % numerator === 0) return `1:${denominator / numerator}`;
  const hundredths = (numerator * 100) / denominator;
  return Number.isInteger(hundredths) ? `${chips(hundredths)}:1` : `${numerator}:${denominator}`;
}
