import { RANKS, RANK_VALUES } from '../cards.js';
import { err, ok, type Result, type RuleError } from '../result.js';

/** A round can use six cards (R3.2), and R13.1 counts six positions even when fewer are used. */
export const MIN_SHOE_CARDS = 6;
/**
 * Eight decks (R10.1). The limit also keeps every count the odds engine forms below 2^53, which is
 * what lets the fast double-precision path stay exact (R13.4).
 */
export const MAX_SHOE_CARDS = 416;

const VALUE_COUNT = 10;
/** Rank indices of 10, J, Q and K: the four ranks that share value 0 (R1.2). */
const ZERO_VALUE_RANKS = [9, 10, 11, 12] as const;

/** What is left in the shoe, by rank and by value; produced only by `shoeComposition`. */
export interface ShoeComposition {
  /** 13 counts, rank index A, 2 … 10, J, Q, K (R13.3 explains ranks made up from values). */
  readonly ranks: readonly number[];
  /** 10 counts, value 0 … 9. */
  readonly values: readonly number[];
  readonly cards: number;
}

export type ShoeCountsErrorCode =
  'SHOE_COUNTS_LENGTH' | 'SHOE_COUNT_INVALID' | 'SHOE_TOO_SMALL' | 'SHOE_TOO_LARGE';

export interface ShoeCountsError extends RuleError {
  readonly code: ShoeCountsErrorCode;
}

/** Rank counts of `decks` untouched decks: four suits of every rank. */
export function fullShoeRanks(decks: number): number[] {
  return RANKS.map(() => 4 * decks);
}

/** Folds 13 rank counts into 10 value counts (R1.2: 10, J, Q and K all count 0). */
export function valueCounts(ranks: readonly number[]): number[] {
  const values = new Array<number>(VALUE_COUNT).fill(0);
  ranks.forEach((count, rank) => {
    const value = RANK_VALUES[rank];
    if (value !== undefined) values[value]! += count;
  });
  return values;
}

/**
 * R13.3: value counts carry no ranks, so the value-0 cards are shared out evenly among 10, J, Q
 * and K; a remainder goes one card each to 10, then J, then Q. Any placement of the remainder
 * gives the same pair chances, because those depend only on the multiset of the four counts.
 */
function ranksFromValues(values: readonly number[]): number[] {
  const ranks = RANKS.map((_, rank) => (rank < 9 ? values[rank + 1]! : 0));
  const zeros = values[0]!;
  const share = Math.floor(zeros / ZERO_VALUE_RANKS.length);
  const remainder = zeros % ZERO_VALUE_RANKS.length;
  ZERO_VALUE_RANKS.forEach((rank, i) => {
    ranks[rank] = share + (i < remainder ? 1 : 0);
  });
  return ranks;
}

/**
 * R13.4: checks a remaining-shoe description and normalises it. `counts` is either 13 rank
 * counts (A, 2 … 10, J, Q, K) or 10 value counts (value 0 … 9); the length tells which.
 */
export function shoeComposition(
  counts: readonly number[],
): Result<ShoeComposition, ShoeCountsError> {
  if (counts.length !== RANKS.length && counts.length !== VALUE_COUNT) {
    return err(
      'SHOE_COUNTS_LENGTH',
      `expected 13 rank counts or 10 value counts, got ${counts.length} numbers`,
    );
  }
  const bad = counts.findIndex((count) => !Number.isSafeInteger(count) || count < 0);
  if (bad !== -1) {
    return err(
      'SHOE_COUNT_INVALID',
      `count at index ${bad} must be a non-negative whole number, got ${counts[bad]}`,
    );
  }
  const cards = counts.reduce((sum, count) => sum + count, 0);
  if (cards < MIN_SHOE_CARDS) {
    return err(
      'SHOE_TOO_SMALL',
      `a round needs at least ${MIN_SHOE_CARDS} cards in the shoe, got ${cards}`,
    );
  }
  if (cards > MAX_SHOE_CARDS) {
    return err(
      'SHOE_TOO_LARGE',
      `a shoe holds at most ${MAX_SHOE_CARDS} cards (8 decks), got ${cards}`,
    );
  }
  const ranks = counts.length === RANKS.length ? [...counts] : ranksFromValues(counts);
  return ok({ ranks, values: valueCounts(ranks), cards });
}
