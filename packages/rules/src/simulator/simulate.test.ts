import { describe, expect, it } from 'vitest';
import { chiSquare } from '../stats.js';
import { PROGRESS_INTERVAL_SHOES, simulateShoes, type SimulationOptions } from './simulate.js';
import type { SimulationCounts } from './play-shoe.js';

const ALPHA = 1e-6;

function run(options: SimulationOptions): SimulationCounts {
  const result = simulateShoes(options);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function expectFits(observed: number[], probabilities: number[]): void {
  const total = observed.reduce((sum, count) => sum + count, 0);
  const test = chiSquare(
    observed,
    probabilities.map((p) => p * total),
  );
  if (!test.ok) throw new Error(test.error.message);
  expect(test.value.pValue).toBeGreaterThan(ALPHA);
}

describe('R10 R13.1 simulateShoes', () => {
  it('gives the same counts for the same seed and different counts for another seed', () => {
    const options = { shoes: 50, seed: 123456789 };
    expect(run(options)).toEqual(run(options));
    expect(run(options)).not.toEqual(run({ ...options, seed: 123456790 }));
  });

  it('R10.1 R10.4 defaults to 8 decks, cut 16 and plus-one', () => {
    const defaults = run({ shoes: 30, seed: 5 });
    expect(defaults).toEqual(run({ shoes: 30, seed: 5, decks: 8, cut: 16, lastHand: 'plus-one' }));
    expect(defaults.cardsBurned + defaults.cardsDealt + defaults.cardsLeft).toBe(30 * 416);
  });

  it.each([
    [1, 11, 'plus-one'],
    [6, 26, 'finish-current'],
    [8, 16, 'plus-one'],
    [8, 5, 'finish-current'],
  ] as const)(
    'R3.2 R10.7 keeps its counts consistent (%i decks, cut %i, %s)',
    (decks, cut, lastHand) => {
      const shoes = 300;
      const counts = run({ shoes, seed: decks * cut, decks, cut, lastHand });
      expect(counts.shoes).toBe(shoes);
      expect(counts.playerWins + counts.bankerWins + counts.ties).toBe(counts.rounds);
      expect(counts.cardsDealt).toBe(
        4 * counts.rounds + counts.playerThirdCards + counts.bankerThirdCards,
      );
      expect(counts.cardsBurned + counts.cardsDealt + counts.cardsLeft).toBe(shoes * decks * 52);
      // A shoe keeps at least the cards behind the last possible round (R10.5, R10.6).
      const margin = lastHand === 'plus-one' ? 11 : 5;
      expect(counts.cardsLeft).toBeGreaterThanOrEqual(shoes * (cut - margin));
    },
  );

  it('refuses bad options without playing', () => {
    const code = (options: SimulationOptions) => {
      const result = simulateShoes(options);
      return result.ok ? 'ok' : result.error.code;
    };
    expect(code({ shoes: -1, seed: 1 })).toBe('INVALID_SHOE_COUNT');
    expect(code({ shoes: 1.5, seed: 1 })).toBe('INVALID_SHOE_COUNT');
    expect(code({ shoes: 1, seed: 0.5 })).toBe('INVALID_SEED');
    expect(code({ shoes: 1, seed: 1, decks: 9 })).toBe('INVALID_DECKS');
    expect(code({ shoes: 1, seed: 1, cut: 10 })).toBe('INVALID_CUT');
    expect(code({ shoes: 1, seed: 1, cut: 209 })).toBe('INVALID_CUT');
    expect(code({ shoes: 0, seed: 1 })).toBe('ok');
  });

  it('reports progress every so often and once at the end', () => {
    const reports: number[] = [];
    const shoes = 2 * PROGRESS_INTERVAL_SHOES + 7;
    const counts = run({ shoes, seed: 8, decks: 1, onProgress: (done) => reports.push(done) });
    expect(reports).toEqual([PROGRESS_INTERVAL_SHOES, 2 * PROGRESS_INTERVAL_SHOES, shoes]);
    expect(counts.shoes).toBe(shoes);
  });

  it('R8.1 R13.1 matches the exact 8-deck odds over 2,000 shoes (chi-square, alpha 1e-6)', () => {
    // R13.1's exact counts for a full 8-deck shoe.
    const banker = 2_292_252_566_437_888;
    const player = 2_230_518_282_592_256;
    const tie = 475_627_426_473_216;
    const all = banker + player + tie;
    const counts = run({ shoes: 2000, seed: 20240601 });
    expect(counts.rounds).toBeGreaterThan(150_000);
    expectFits(
      [counts.bankerWins, counts.playerWins, counts.ties],
      [banker / all, player / all, tie / all],
    );
  });

  it('R8.3 R13.3 pairs come up at 31/415 per hand with 8 decks', () => {
    // The second card matches the first card's rank with 31 of the other 415 cards.
    const pair = 31 / 415;
    const counts = run({ shoes: 2000, seed: 77 });
    expectFits([counts.playerPairs, counts.rounds - counts.playerPairs], [pair, 1 - pair]);
    expectFits([counts.bankerPairs, counts.rounds - counts.bankerPairs], [pair, 1 - pair]);
  });
});
