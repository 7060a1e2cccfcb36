import { forEachSequence } from '../testing/sequences.js';
import { unwrap } from '../testing/unwrap.js';
import { describe, expect, it } from 'vitest';
import { RANKS, rankOf, type CardCode } from '../cards.js';
import { resolveFromCards } from '../round.js';
import { factsOf } from '../settlement.js';
import { fullShoeRanks, shoeComposition, type ShoeComposition } from './composition.js';
import { countRounds } from './enumerate.js';
import { exactCounts } from './odds.js';
import { referenceCounts } from './reference.js';
import { STATE_COUNT, finalStateCounts, stateIndex, tallyExactCounts } from './states.js';

const composition = (counts: readonly number[]): ShoeComposition => {
  const result = shoeComposition(counts);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

const fallingFactorial = (n: bigint, k: number): bigint =>
  k === 0 ? 1n : n * fallingFactorial(n - 1n, k - 1);

/**
 * Takes `removed` cards out of a full shoe, each one picked uniformly from the cards still in
 * it by a fixed 32-bit LCG, so the "random" shoes are the same on every run.
 */
function depletedShoe(decks: number, removed: number, seed: number): number[] {
  const ranks = fullShoeRanks(decks);
  let cardsLeft = 52 * decks;
  let state = seed >>> 0;
  for (let n = 0; n < removed; n++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    let pick = state % cardsLeft;
    let rank = 0;
    while (pick >= ranks[rank]!) pick -= ranks[rank++]!;
    ranks[rank]! -= 1;
    cardsLeft -= 1;
  }
  return ranks;
}

const fastAsBigInt = (shoe: ShoeComposition): bigint[] =>
  Array.from(countRounds(shoe).joint, (count) => BigInt(count));

describe('R13.1 golden counts', () => {
  it('R13.1 a full 8-deck shoe gives the golden Banker, Player and Tie counts', () => {
    const counts = exactCounts(fullShoeRanks(8));
    expect(counts.ok).toBe(true);
    if (!counts.ok) return;
    expect(counts.value.banker).toBe(2_292_252_566_437_888n);
    expect(counts.value.player).toBe(2_230_518_282_592_256n);
    expect(counts.value.tie).toBe(475_627_426_473_216n);
    expect(counts.value.sequences).toBe(416n * 415n * 414n * 413n * 412n * 411n);
    expect(counts.value.banker + counts.value.player + counts.value.tie).toBe(
      counts.value.sequences,
    );
  });

  it('R13.1 the BigInt reference path gives the golden 8-deck counts too', () => {
    const counts = tallyExactCounts(referenceCounts(composition(fullShoeRanks(8))).joint);
    expect(counts.banker).toBe(2_292_252_566_437_888n);
    expect(counts.player).toBe(2_230_518_282_592_256n);
    expect(counts.tie).toBe(475_627_426_473_216n);
  });

  it('R13.1 a full 6-deck shoe gives the published 6-deck counts', () => {
    const counts = exactCounts(fullShoeRanks(6));
    expect(counts.ok && [counts.value.banker, counts.value.player, counts.value.tie]).toEqual([
      403_095_751_234_560n,
      392_220_492_728_832n,
      83_552_962_932_288n,
    ]);
  });
});

describe('R13.1 the fast double path is exact', () => {
  const shoes: [string, number[]][] = [
    ['full 1-deck shoe', fullShoeRanks(1)],
    ['full 6-deck shoe', fullShoeRanks(6)],
    ['full 8-deck shoe', fullShoeRanks(8)],
    ['8 decks, 300 cards dealt', depletedShoe(8, 300, 1)],
    ['8 decks, 390 cards dealt', depletedShoe(8, 390, 2)],
    ['6 decks, 150 cards dealt', depletedShoe(6, 150, 3)],
    ['1 deck, 30 cards dealt', depletedShoe(1, 30, 4)],
    ['1 deck, 44 cards dealt', depletedShoe(1, 44, 5)],
    ['no value-0 cards', [32, 32, 32, 32, 32, 32, 32, 32, 32, 0, 0, 0, 0]],
    ['lopsided value-0 ranks', [3, 0, 2, 0, 0, 1, 0, 0, 4, 9, 1, 0, 5]],
    ['value counts with an uneven value-0 split', [11, 4, 0, 7, 2, 2, 9, 1, 0, 5]],
    ['exactly six cards', [0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 2]],
  ];

  it.each(shoes)('R13.1 %s: every state count equals the BigInt reference', (_, counts) => {
    const shoe = composition(counts);
    const reference = referenceCounts(shoe);
    expect(fastAsBigInt(shoe)).toEqual(reference.joint);
    expect(reference.joint.reduce((sum, count) => sum + count, 0n)).toBe(reference.sequences);
  });

  it('R13.1 every count of a full 8-deck shoe is a whole number below 2^53', () => {
    const { joint, sequences } = countRounds(composition(fullShoeRanks(8)));
    expect(sequences).toBeLessThan(Number.MAX_SAFE_INTEGER);
    for (const count of joint) expect(Number.isSafeInteger(count)).toBe(true);
  });

  it('R13.4 the largest shoe accepted keeps all six-card sequences below 2^53', () => {
    expect(fallingFactorial(416n, 6)).toBeLessThan(BigInt(Number.MAX_SAFE_INTEGER));
  });
});

/** Every ordered choice of six distinct physical cards, played by the readable resolveRound. */
function bruteForceJoint(cards: readonly CardCode[]): bigint[] {
  const joint = new Array<bigint>(STATE_COUNT).fill(0n);
  forEachSequence(cards, 6, (sequence) => {
    joint[stateIndex(factsOf(unwrap(resolveFromCards(sequence))))]! += 1n;
  });
  return joint;
}

const rankCounts = (cards: readonly CardCode[]): number[] =>
  RANKS.map((rank) => cards.filter((card) => rankOf(card) === rank).length);

describe('R13.1 agrees with dealing every sequence through resolveRound', () => {
  const smallShoes: [string, CardCode[]][] = [
    ['value-0 pairs of several ranks', ['QS', 'QH', 'QD', '10S', '10H', 'KC', '5S', '3D', 'JC']],
    ['naturals and non-zero pairs', ['4S', '4H', '9D', '9C', 'KS', '5H', '8D', 'AS', '2C']],
    ['draws on both sides', ['AS', '2H', '3D', '2C', 'AH', '6S', '7H', 'JD']],
    ['six cards only', ['KS', 'KH', '3D', '4C', '6S', 'QD']],
  ];

  it.each(smallShoes)('R13.1 R8.3 %s', (_, cards) => {
    const fast = fastAsBigInt(composition(rankCounts(cards)));
    expect(fast).toEqual(bruteForceJoint(cards));
  });
});

describe('R13.1 counts land only where the tableau can end', () => {
  it('R4.1 R4.2 every count falls on one of the 136 reachable final states', () => {
    for (const counts of [fullShoeRanks(8), depletedShoe(1, 40, 9)]) {
      const { joint, sequences } = countRounds(composition(counts));
      expect(finalStateCounts(joint).reduce((sum, count) => sum + count, 0)).toBe(sequences);
    }
  });

  it('R8.3 R4.1 a pair that is a natural can only total 8 (4-4 or 9-9)', () => {
    const { joint } = countRounds(composition(fullShoeRanks(8)));
    const pairNine = stateIndex({
      playerTotal: 9,
      bankerTotal: 0,
      playerNatural: true,
      bankerNatural: false,
      playerPair: true,
      bankerPair: false,
    });
    const pairEight = stateIndex({
      playerTotal: 8,
      bankerTotal: 0,
      playerNatural: true,
      bankerNatural: false,
      playerPair: true,
      bankerPair: false,
    });
    expect(joint[pairNine]).toBe(0);
    expect(joint[pairEight]).toBeGreaterThan(0);
  });
});
