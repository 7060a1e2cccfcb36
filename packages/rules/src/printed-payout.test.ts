import { describe, expect, it } from 'vitest';
import { payoutFor, printedPayout, stakeProblem, type RuleSet, type Spot } from './index.js';

const rules = (commission: RuleSet['commission'], tiePays: 8 | 9 = 8): RuleSet => ({
  commission,
  tiePays,
  sideBets: ['playerPair', 'bankerPair', 'dragonPlayer', 'dragonBanker', 'super6'],
});
// Player 2 + 2 (a pair) to Banker 6 drawn out: Banker wins on 6.
const bankerSix = {
  playerTotal: 4,
  bankerTotal: 6,
  playerNatural: false,
  bankerNatural: false,
  playerPair: true,
  bankerPair: true,
};

describe('the payout a layout prints is the one settlement pays (R9.3–R9.12)', () => {
  it('matches payoutFor for every fixed-odds spot', () => {
    const fixedWins: [Spot, RuleSet][] = [
      ['banker', rules('standard')],
      ['banker', rules('even-money')],
      ['playerPair', rules('standard')],
      ['bankerPair', rules('standard')],
      ['super6', rules('no-commission')],
    ];
    for (const [spot, set] of fixedWins) {
      const printed = printedPayout(spot, set);
      const paid = payoutFor(spot, bankerSix, set);
      expect(printed.numerator / printed.denominator).toBe(paid.numerator / paid.denominator);
      expect(printed.rule).toBe(paid.rule);
    }
    const tie = { ...bankerSix, playerTotal: 6 };
    expect(printedPayout('tie', rules('standard', 9)).numerator).toBe(
      payoutFor('tie', tie, rules('standard', 9)).numerator,
    );
  });

  it('prints the top line of the Dragon Bonus and the no-commission six', () => {
    expect(printedPayout('dragonBanker', rules('standard'))).toMatchObject({
      numerator: 30,
      kind: 'up-to',
    });
    const nine = { ...bankerSix, playerTotal: 0, bankerTotal: 9 };
    expect(payoutFor('dragonBanker', nine, rules('standard')).numerator).toBe(30);
    expect(printedPayout('banker', rules('no-commission')).kind).toBe('six-pays-half');
  });
});

describe('T3.3, T3.4 a stake against a spot limit', () => {
  it('names the first problem in the order the server checks', () => {
    const limit = { min: 1_000, max: 50_000 };
    expect(stakeProblem(1_050, limit)).toBe('FRACTIONAL_CHIPS');
    expect(stakeProblem(50, limit)).toBe('FRACTIONAL_CHIPS');
    expect(stakeProblem(900, limit)).toBe('UNDER_MIN');
    expect(stakeProblem(50_100, limit)).toBe('OVER_MAX');
    expect(stakeProblem(1_000, limit)).toBeNull();
    expect(stakeProblem(50_000, limit)).toBeNull();
  });
});
