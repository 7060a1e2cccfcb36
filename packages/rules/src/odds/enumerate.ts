import { BANKER_DRAWS, isNatural, playerDecision } from '../tableau.js';
import type { ShoeComposition } from './composition.js';
import { STATE_COUNT, TOTALS_BLOCK } from './states.js';

/** R13.1 sequence counts for one shoe composition. */
export interface RoundCounts {
  /** Cards left in the shoe. */
  readonly cards: number;
  /** Every ordered way the next six cards can come out: N·(N−1)·…·(N−5). */
  readonly sequences: number;
  /** Sequences ending in each state, indexed like STATE_FACTS; sums to `sequences`. */
  readonly joint: Float64Array;
}

/** BANKER_DRAWS column used when Player stood (R6). */
const PLAYER_STOOD = 10;
// Lookup tables built from the tableau's own decisions, so the engine cannot drift from R4/R5.
const PLAYER_DRAWS = Uint8Array.from({ length: 10 }, (_, total) =>
  playerDecision(total).draws ? 1 : 0,
);
const NATURAL = Uint8Array.from({ length: 10 }, (_, total) => (isNatural(total) ? 1 : 0));
/** R2.1 for the sum of two values (at most 18) without a division in the inner loops. */
const LAST_DIGIT = Uint8Array.from({ length: 19 }, (_, sum) => sum % 10);

function fallingFactorial(n: number, k: number): number {
  if (n < k) return 0;
  let product = 1;
  for (let i = 0; i < k; i++) product *= n - i;
  return product;
}

/**
 * Values alone cannot tell a pair of value-0 cards (10-10 is a pair, 10-K is not: R8.3), so the
 * ways to deal the value-0 cards among the first four are split by pair flags here, from the
 * counts of 10, J, Q and K. Entry ((zeros * 2 + playerBothZero) * 2 + bankerBothZero) * 4 + pairs
 * holds the ordered ways to deal `zeros` value-0 cards with those pair flags
 * (pairs = 2·playerPair + bankerPair). Every other card's rank is its value, so needs no split.
 */
function zeroCardWays(ranks: readonly number[]): Float64Array {
  const tens = [ranks[9]!, ranks[10]!, ranks[11]!, ranks[12]!];
  const zeroCards = tens.reduce((sum, count) => sum + count, 0);
  const ordered2 = tens.map((count) => count * (count - 1));
  /** Ordered ways to deal two value-0 cards of one rank. */
  const samePair = ordered2.reduce((sum, ways) => sum + ways, 0);
  /** Ordered ways to deal two same-rank value-0 pairs from distinct cards. */
  const twoPairs = tens.reduce(
    (sum, count, rank) =>
      sum + ordered2[rank]! * (samePair - ordered2[rank]! + (count - 2) * (count - 3)),
    0,
  );
  const table = new Float64Array(5 * 2 * 2 * 4);
  for (let zeros = 0; zeros <= 4; zeros++) {
    const all = fallingFactorial(zeroCards, zeros);
    const row = (playerBoth: number, bankerBoth: number) =>
      ((zeros * 2 + playerBoth) * 2 + bankerBoth) * 4;
    table[row(0, 0)] = all;
    if (zeros >= 2) {
      const onePair = samePair * fallingFactorial(zeroCards - 2, zeros - 2);
      table.set([all - onePair, 0, onePair, 0], row(1, 0));
      table.set([all - onePair, onePair, 0, 0], row(0, 1));
    }
    if (zeros === 4) {
      const onePair = samePair * fallingFactorial(zeroCards - 2, 2);
      const both = twoPairs;
      table.set([all - 2 * onePair + both, onePair - both, onePair - both, both], row(1, 1));
    }
  }
  return table;
}

/**
 * Adds one start (the first four cards) to `joint`: its third cards, if any, are enumerated by
 * value, and positions the round leaves unused are multiplied in as R13.1 asks. `counts` holds
 * the value counts left after the first four cards; it is restored before returning.
 */
function addThirdCards(
  joint: Float64Array,
  counts: Float64Array,
  ways: number,
  block: number,
  playerTwo: number,
  bankerTwo: number,
  cardsAfterFour: number,
): void {
  const cardsAfterFive = cardsAfterFour - 1;
  if (PLAYER_DRAWS[playerTwo] === 0) {
    const row = block + playerTwo * 10;
    if (BANKER_DRAWS[bankerTwo * 11 + PLAYER_STOOD] === 1) {
      const perCard = ways * cardsAfterFive;
      for (let card = 0; card < 10; card++) {
        joint[row + LAST_DIGIT[bankerTwo + card]!]! += perCard * counts[card]!;
      }
    } else {
      joint[row + bankerTwo]! += ways * cardsAfterFour * cardsAfterFive;
    }
    return;
  }
  const bankerRow = bankerTwo * 11;
  for (let third = 0; third < 10; third++) {
    const withThird = ways * counts[third]!;
    if (withThird === 0) continue;
    const row = block + LAST_DIGIT[playerTwo + third]! * 10;
    if (BANKER_DRAWS[bankerRow + third] === 1) {
      counts[third]!--;
      for (let card = 0; card < 10; card++) {
        joint[row + LAST_DIGIT[bankerTwo + card]!]! += withThird * counts[card]!;
      }
      counts[third]!++;
    } else {
      joint[row + bankerTwo]! += withThird * cardsAfterFive;
    }
  }
}

/** Draw-case keys: pair flags (4) × Player's two-card total × Banker's (naturals are 0 there). */
const DRAW_KEYS = 4 * 10 * 10;
/**
 * countRounds' sums by draw key, made once and cleared each call (it runs to the end without
 * yielding, so no two calls share them). Made fresh, 350 kB of typed arrays a call (memory
 * outside the JS heap, which V8 pays for with full mark-compacts), once a round per table, gave
 * the load bench's server 10 mark-compacts in 30 s instead of 3 or 4.
 */
const SUM0 = new Float64Array(DRAW_KEYS);
const SUM1 = new Float64Array(DRAW_KEYS * 10);
const SUM2 = new Float64Array(DRAW_KEYS * 100);

/**
 * R13.1 counts for every final state, in double precision. The two Player cards and the two
 * Banker cards are enumerated as unordered value pairs (55 × 55 starts) with a multiplicity of 2
 * for unequal cards, since the depletion product does not depend on the order they came in.
 *
 * Starts where Player draws (most of them) are not enumerated card by card: what a start adds
 * through its third cards is a quadratic in the counts its four cards leave,
 * Σ ways·(v[t] − r[t])·(v[c] − r[c] − [c = t]) for base value counts v and the start's removed
 * counts r, so the starts are summed by key (pair flags, two-card totals) as Σ ways, Σ ways·r and
 * Σ ways·r·r (21 additions a start instead of up to 100), and each key's third cards are
 * enumerated once at the end: 2.3 times faster on 8-deck shoes (0.41 → 0.18 ms). The live odds
 * run this once a round per table; it was 4.4 % of the load bench's server busy time (150
 * tables, docs/performance-log.md).
 *
 * Exact: every product formed here counts a set of six-card sequences, or is such a count's
 * term in the quadratic (each below N^6 in size), and every sum is a partial sum of
 * `sequences`, so all stay whole numbers below 2^53 for N ≤ 416.
 */
export function countRounds(shoe: ShoeComposition): RoundCounts {
  const joint = new Float64Array(STATE_COUNT);
  const base = shoe.values;
  const counts = Float64Array.from(base);
  const zeroWays = zeroCardWays(shoe.ranks);
  const cardsAfterFour = shoe.cards - 4;
  /** Per draw key: Σ ways, Σ ways·r[t], Σ ways·r[t]·r[c] over its starts. */
  const sum0 = SUM0.fill(0);
  const sum1 = SUM1.fill(0);
  const sum2 = SUM2.fill(0);
  const removed = [0, 0, 0, 0];
  /**
   * Removes one card of `value` and returns the number of choices it had. Value 0 returns 1:
   * its choices come from zeroWays, which also knows the pair flags.
   */
  const take = (value: number): number => {
    const choices = value === 0 ? 1 : counts[value]!;
    counts[value]!--;
    return choices;
  };

  for (let p1 = 0; p1 < 10; p1++) {
    for (let p2 = p1; p2 < 10; p2++) {
      const playerWays = (p1 === p2 ? 1 : 2) * take(p1) * take(p2);
      if (playerWays !== 0) {
        const playerTwo = LAST_DIGIT[p1 + p2]!;
        const playerBothZero = p1 === 0 && p2 === 0 ? 1 : 0;
        const playerRankPair = p1 === p2 && p1 !== 0 ? 2 : 0;
        const playerZeros = (p1 === 0 ? 1 : 0) + (p2 === 0 ? 1 : 0);
        removed[0] = p1;
        removed[1] = p2;
        for (let b1 = 0; b1 < 10; b1++) {
          for (let b2 = b1; b2 < 10; b2++) {
            const ways = playerWays * (b1 === b2 ? 1 : 2) * take(b1) * take(b2);
            if (ways !== 0) {
              const bankerTwo = LAST_DIGIT[b1 + b2]!;
              const naturals = NATURAL[playerTwo]! * 2 + NATURAL[bankerTwo]!;
              const zeros = playerZeros + (b1 === 0 ? 1 : 0) + (b2 === 0 ? 1 : 0);
              const bankerBothZero = b1 === 0 && b2 === 0 ? 1 : 0;
              const zeroRow = ((zeros * 2 + playerBothZero) * 2 + bankerBothZero) * 4;
              const rankPairs = playerRankPair + (b1 === b2 && b1 !== 0 ? 1 : 0);
              const drawKey = naturals === 0 && PLAYER_DRAWS[playerTwo] === 1;
              removed[2] = b1;
              removed[3] = b2;
              for (let zeroPairs = 0; zeroPairs < 4; zeroPairs++) {
                const zeroCardChoices = zeroWays[zeroRow + zeroPairs]!;
                if (zeroCardChoices === 0) continue;
                const pairs = zeroPairs | rankPairs;
                const startWays = ways * zeroCardChoices;
                if (drawKey) {
                  // Summed by key; its third cards are counted once, after every start.
                  const key = (pairs * 10 + playerTwo) * 10 + bankerTwo;
                  sum0[key]! += startWays;
                  for (let i = 0; i < 4; i++) {
                    const t = removed[i]!;
                    sum1[key * 10 + t]! += startWays;
                    const at = key * 100 + t * 10;
                    for (let j = 0; j < 4; j++) sum2[at + removed[j]!]! += startWays;
                  }
                  continue;
                }
                const block = (pairs * 4 + naturals) * TOTALS_BLOCK;
                if (naturals !== 0) {
                  // R4.2: nobody draws; both remaining positions are unused.
                  joint[block + playerTwo * 10 + bankerTwo]! +=
                    startWays * cardsAfterFour * (cardsAfterFour - 1);
                } else {
                  addThirdCards(
                    joint,
                    counts,
                    startWays,
                    block,
                    playerTwo,
                    bankerTwo,
                    cardsAfterFour,
                  );
                }
              }
            }
            counts[b2]!++;
            counts[b1]!++;
          }
        }
      }
      counts[p2]!++;
      counts[p1]!++;
    }
  }
  addSummedThirdCards(joint, base, sum0, sum1, sum2, cardsAfterFour);
  return { cards: shoe.cards, sequences: fallingFactorial(shoe.cards, 6), joint };
}

/**
 * The third cards of every start where Player draws (R5), from its key's sums: what
 * addThirdCards adds for one start, expanded in the counts the start removed and summed.
 * Σ ways·(v[t] − r[t]) = S0·v[t] − S1[t] takes Player's third card t; with Banker's card c after
 * it, Σ ways·(v[t] − r[t])·(v[c] − r[c] − [c = t])
 *   = v[t]·(v[c] − [c = t])·S0 − v[t]·S1[c] − (v[c] − [c = t])·S1[t] + S2[t][c].
 */
function addSummedThirdCards(
  joint: Float64Array,
  base: ArrayLike<number>,
  sum0: Float64Array,
  sum1: Float64Array,
  sum2: Float64Array,
  cardsAfterFour: number,
): void {
  const cardsAfterFive = cardsAfterFour - 1;
  for (let key = 0; key < DRAW_KEYS; key++) {
    const s0 = sum0[key]!;
    if (s0 === 0) continue;
    const bankerTwo = key % 10;
    const playerTwo = Math.floor(key / 10) % 10;
    const pairs = Math.floor(key / 100);
    const block = pairs * 4 * TOTALS_BLOCK;
    const bankerRow = bankerTwo * 11;
    const s1 = key * 10;
    for (let third = 0; third < 10; third++) {
      const vt = base[third]!;
      const s1t = sum1[s1 + third]!;
      const withThird = s0 * vt - s1t;
      if (withThird === 0) continue;
      const row = block + LAST_DIGIT[playerTwo + third]! * 10;
      if (BANKER_DRAWS[bankerRow + third] === 1) {
        const s2 = key * 100 + third * 10;
        for (let card = 0; card < 10; card++) {
          const vc = base[card]! - (card === third ? 1 : 0);
          joint[row + LAST_DIGIT[bankerTwo + card]!]! +=
            vt * vc * s0 - vt * sum1[s1 + card]! - vc * s1t + sum2[s2 + card]!;
        }
      } else {
        joint[row + bankerTwo]! += withThird * cardsAfterFive;
      }
    }
  }
}
