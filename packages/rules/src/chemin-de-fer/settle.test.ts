import { describe, expect, it } from 'vitest';
import { cagnotteOf, checkCagnottePercent, settleCoup } from './settle.js';

const covers = [
  { seat: 3, amount: 400 },
  { seat: 5, amount: 655 },
];

describe('R17 settling a coup', () => {
  it('R17.1 a punto win pays each accepted stake 1 to 1 out of the bank', () => {
    const s = settleCoup('player', covers, 5);
    expect(s.punters).toEqual([
      { seat: 3, amount: 800 },
      { seat: 5, amount: 1310 },
    ]);
    expect([s.banker, s.cagnotte, s.bankerNet]).toEqual([0, 0, -1055]);
  });

  it('R17.1 a tie is a push: every stake and the bank come back whole', () => {
    const s = settleCoup('tie', covers, 5);
    expect(s.punters).toEqual(covers);
    expect([s.banker, s.cagnotte, s.bankerNet]).toEqual([1055, 0, 0]);
  });

  it('R17.1 R17.2 a banker win takes the covered stakes, less the cagnotte on his winnings', () => {
    const s = settleCoup('banker', covers, 5);
    // 5 % of 1055 is 52.75 units; down to the 10-unit step: 50.
    expect(s.cagnotte).toBe(50);
    expect([s.banker, s.bankerNet]).toEqual([2 * 1055 - 50, 1005]);
    expect(s.punters.map((p) => p.amount)).toEqual([0, 0]);
  });

  it('R17.2 the cagnotte is rounded down to a multiple of 10 minor units', () => {
    expect([1000, 1199, 1200, 199, 0].map((w) => cagnotteOf(w, 5))).toEqual([50, 50, 60, 0, 0]);
    expect(cagnotteOf(123_456, 3)).toBe(3700);
    expect(cagnotteOf(123_456, 0)).toBe(0);
  });

  it('R17.2 the cagnotte is a whole percent from 0 to 5', () => {
    expect([0, 5].map((p) => checkCagnottePercent(p).ok)).toEqual([true, true]);
    for (const bad of [-1, 6, 2.5, Number.NaN]) {
      const r = checkCagnottePercent(bad);
      expect(r.ok ? 'ok' : r.error.code).toBe('INVALID_CAGNOTTE');
    }
  });

  it('R17.7 no chip is made or lost: what is paid out plus the cagnotte is what was held', () => {
    for (const outcome of ['player', 'banker', 'tie'] as const) {
      for (const pct of [0, 1, 5]) {
        const s = settleCoup(outcome, covers, pct);
        const out = s.banker + s.punters.reduce((sum, p) => sum + p.amount, 0) + s.cagnotte;
        expect(out).toBe(2 * 1055);
      }
    }
  });
});
