import { describe, expect, it } from 'vitest';
import { RANKS } from '../cards.js';
import {
  MAX_SHOE_CARDS,
  MIN_SHOE_CARDS,
  fullShoeRanks,
  shoeComposition,
  valueCounts,
} from './composition.js';
import { exactCounts } from './odds.js';

const errorCode = (counts: readonly number[]) => {
  const result = shoeComposition(counts);
  return result.ok ? undefined : result.error.code;
};

describe('R10.1 / R13.4 shoe helpers', () => {
  it('R10.1 a full shoe holds four of every rank per deck', () => {
    const ranks = fullShoeRanks(8);
    expect(ranks).toHaveLength(RANKS.length);
    expect(new Set(ranks)).toEqual(new Set([32]));
    expect(ranks.reduce((sum, count) => sum + count, 0)).toBe(416);
  });

  it('R1.2 valueCounts folds 10, J, Q and K into value 0 and keeps A–9 as 1–9', () => {
    const ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40];
    expect(valueCounts(ranks)).toEqual([100, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('R13.4 shoe counts are checked', () => {
  it('R13.4 takes 13 rank counts as given', () => {
    const ranks = [3, 0, 1, 2, 0, 0, 4, 0, 0, 1, 0, 2, 1];
    const result = shoeComposition(ranks);
    expect(result.ok && result.value).toEqual({
      ranks,
      values: valueCounts(ranks),
      cards: 14,
    });
  });

  it('R13.4 refuses a list that is neither 13 rank counts nor 10 value counts', () => {
    expect(errorCode([])).toBe('SHOE_COUNTS_LENGTH');
    expect(errorCode(new Array(12).fill(4))).toBe('SHOE_COUNTS_LENGTH');
    expect(errorCode(new Array(14).fill(4))).toBe('SHOE_COUNTS_LENGTH');
  });

  it('R13.4 refuses negative, fractional and non-finite counts', () => {
    for (const bad of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const counts = fullShoeRanks(1);
      counts[4] = bad;
      expect(errorCode(counts), String(bad)).toBe('SHOE_COUNT_INVALID');
    }
  });

  it('R13.4 needs at least six cards and at most eight decks', () => {
    const five = [5, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(errorCode(five)).toBe('SHOE_TOO_SMALL');
    expect(errorCode([MIN_SHOE_CARDS, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBeUndefined();
    expect(MAX_SHOE_CARDS).toBe(416);
    const full = fullShoeRanks(8);
    expect(errorCode(full)).toBeUndefined();
    full[0]! += 1;
    expect(errorCode(full)).toBe('SHOE_TOO_LARGE');
  });

  it('R13.4 errors carry a message that names the problem', () => {
    const result = shoeComposition([1, 1]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/13 rank counts or 10 value counts/);
  });
});

describe('R13.3 value counts get ranks for the pair chances', () => {
  it('R13.3 splits value-0 cards evenly among 10, J, Q and K', () => {
    const result = shoeComposition(valueCounts(fullShoeRanks(6)));
    expect(result.ok && result.value.ranks).toEqual(fullShoeRanks(6));
  });

  it('R13.3 gives a remainder one card each to 10, then J, then Q', () => {
    const result = shoeComposition([7, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(result.ok && result.value.ranks).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 1]);
    expect(result.ok && result.value.values).toEqual([7, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('R13.3 where the remainder goes does not change any count', () => {
    const base = [2, 3, 1, 4, 2, 0, 3, 1, 2];
    const remainderOnTen = exactCounts([...base, 3, 2, 2, 2]);
    const remainderOnKing = exactCounts([...base, 2, 2, 2, 3]);
    expect(remainderOnTen.ok && remainderOnKing.ok).toBe(true);
    if (remainderOnTen.ok && remainderOnKing.ok) {
      expect(remainderOnKing.value.joint).toEqual(remainderOnTen.value.joint);
    }
  });

  it('R13.3 a full shoe given by values has the same counts as given by ranks', () => {
    const byRanks = exactCounts(fullShoeRanks(8));
    const byValues = exactCounts(valueCounts(fullShoeRanks(8)));
    expect(byRanks.ok && byValues.ok).toBe(true);
    if (byRanks.ok && byValues.ok) expect(byValues.value).toEqual(byRanks.value);
  });
});
