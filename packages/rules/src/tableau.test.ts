import { describe, expect, it } from 'vitest';
import { BANKER_DRAWS, bankerDecision, isNatural, playerDecision } from './tableau.js';

/**
 * The Banker drawing chart as printed for players, written out by hand (not derived from the
 * code under test): row = Banker's two-card total, column = value of Player's third card 0..9.
 * D = draws, S = stands.
 */
const CHART: Record<number, string> = {
  0: 'DDDDDDDDDD',
  1: 'DDDDDDDDDD',
  2: 'DDDDDDDDDD',
  3: 'DDDDDDDDSD',
  4: 'SSDDDDDDSS',
  5: 'SSSSDDDDSS',
  6: 'SSSSSSDDSS',
  7: 'SSSSSSSSSS',
};
const RULE_BY_TOTAL: Record<number, string> = {
  0: 'R7.2',
  1: 'R7.2',
  2: 'R7.2',
  3: 'R7.3',
  4: 'R7.4',
  5: 'R7.5',
  6: 'R7.6',
  7: 'R7.7',
};

describe('R4–R7 the tableau', () => {
  it('R4.1 only two-card 8 and 9 are naturals', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter(isNatural)).toEqual([8, 9]);
  });

  it('R5.1 R5.2 Player draws on 0–5 and stands on 6–7', () => {
    for (let total = 0; total <= 7; total++) {
      const decision = playerDecision(total);
      expect(decision.draws).toBe(total <= 5);
      expect(decision.rule).toBe(total <= 5 ? 'R5.1' : 'R5.2');
    }
  });

  it('R6.1 R6.2 when Player stood, Banker draws on 0–5 and stands on 6–7', () => {
    for (let total = 0; total <= 7; total++) {
      const decision = bankerDecision(total, null);
      expect(decision.draws).toBe(total <= 5);
      expect(decision.rule).toBe(total <= 5 ? 'R6.1' : 'R6.2');
    }
  });

  for (let total = 0; total <= 7; total++) {
    it(`${RULE_BY_TOTAL[total]} Banker on ${total} follows the printed chart for every third card`, () => {
      for (let third = 0; third <= 9; third++) {
        const decision = bankerDecision(total, third);
        expect({ third, draws: decision.draws }).toEqual({
          third,
          draws: CHART[total]![third] === 'D',
        });
        expect(decision.rule).toBe(RULE_BY_TOTAL[total]);
      }
    });
  }

  it('R7.1 the flat table agrees with the decisions, stood column included', () => {
    for (let total = 0; total < 10; total++) {
      for (let third = 0; third <= 10; third++) {
        const expected = bankerDecision(total, third === 10 ? null : third).draws ? 1 : 0;
        expect(BANKER_DRAWS[total * 11 + third]).toBe(expected);
      }
    }
  });
});
