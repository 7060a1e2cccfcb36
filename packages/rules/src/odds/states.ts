import { outcomeOf, type RoundFacts } from '../settlement.js';

/**
 * The odds engine counts rounds by their final facts: both totals, both natural flags and both
 * pair flags. Those six facts are all any payout looks at (RoundFacts), so a count per state is
 * enough to price every bet with `payoutFor`.
 *
 * Layout: index = ((pairs * 4 + naturals) * 10 + playerTotal) * 10 + bankerTotal, where
 * pairs = 2·playerPair + bankerPair and naturals = 2·playerNatural + bankerNatural.
 */
export const STATE_COUNT = 1600;

/** Size of one block of states sharing their pair and natural flags (10 × 10 totals). */
export const TOTALS_BLOCK = 100;

export function stateIndex(facts: RoundFacts): number {
  const pairs = (facts.playerPair ? 2 : 0) + (facts.bankerPair ? 1 : 0);
  const naturals = (facts.playerNatural ? 2 : 0) + (facts.bankerNatural ? 1 : 0);
  return ((pairs * 4 + naturals) * 10 + facts.playerTotal) * 10 + facts.bankerTotal;
}

/** STATE_FACTS[i] is the state whose index is i. */
export const STATE_FACTS: readonly RoundFacts[] = Array.from(
  { length: STATE_COUNT },
  (_, index): RoundFacts => {
    const block = Math.floor(index / TOTALS_BLOCK);
    const naturals = block % 4;
    const pairs = Math.floor(block / 4);
    return {
      playerTotal: Math.floor(index / 10) % 10,
      bankerTotal: index % 10,
      playerNatural: naturals >= 2,
      bankerNatural: naturals % 2 === 1,
      playerPair: pairs >= 2,
      bankerPair: pairs % 2 === 1,
    };
  },
);

export const TALLY_NAMES = [
  'player',
  'banker',
  'tie',
  'playerPair',
  'bankerPair',
  'eitherNatural',
  'playerNatural',
  'bankerNatural',
  'super6',
] as const;

/** Named event counts; `super6` is a Banker win with a final total of 6, what Super 6 pays on (R9.12). */
export type TallyName = (typeof TALLY_NAMES)[number];
export type Tallies<T> = { readonly [name in TallyName]: T };

const TALLY_TESTS: Record<TallyName, (facts: RoundFacts) => boolean> = {
  player: (facts) => outcomeOf(facts) === 'player',
  banker: (facts) => outcomeOf(facts) === 'banker',
  tie: (facts) => outcomeOf(facts) === 'tie',
  playerPair: (facts) => facts.playerPair,
  bankerPair: (facts) => facts.bankerPair,
  eitherNatural: (facts) => facts.playerNatural || facts.bankerNatural,
  playerNatural: (facts) => facts.playerNatural,
  bankerNatural: (facts) => facts.bankerNatural,
  super6: (facts) => outcomeOf(facts) === 'banker' && facts.bankerTotal === 6,
};

const statesWhere = (test: (facts: RoundFacts) => boolean): Uint16Array =>
  Uint16Array.from(STATE_FACTS.flatMap((facts, index) => (test(facts) ? [index] : [])));

/** For each tally, the states it adds up; worked out once so summing is a short loop. */
const TALLY_STATES = Object.fromEntries(
  TALLY_NAMES.map((name) => [name, statesWhere(TALLY_TESTS[name])]),
) as Record<TallyName, Uint16Array>;

const tallyBy = <T>(sum: (states: Uint16Array) => T): Tallies<T> =>
  Object.fromEntries(TALLY_NAMES.map((name) => [name, sum(TALLY_STATES[name])])) as Tallies<T>;

export function tallyCounts(joint: Float64Array): Tallies<number> {
  return tallyBy((states) => {
    let sum = 0;
    for (const index of states) sum += joint[index]!;
    return sum;
  });
}

export function tallyExactCounts(joint: readonly bigint[]): Tallies<bigint> {
  return tallyBy((states) => {
    let sum = 0n;
    for (const index of states) sum += joint[index]!;
    return sum;
  });
}

/** A final state without the pair flags, the grain the client draws its odds grid at. */
export interface FinalState {
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly playerNatural: boolean;
  readonly bankerNatural: boolean;
}

/**
 * Every final state the tableau can reach (R4, R5–R7): a natural hand ends on 8 or 9; when only
 * one hand has a natural the other stood on two cards, so it ends on 0–7. 136 states.
 */
// The first four blocks are the states with no pair flags, one block per pair of natural flags.
export const FINAL_STATES: readonly FinalState[] = STATE_FACTS.slice(0, 4 * TOTALS_BLOCK)
  .filter((facts) => {
    const { playerTotal, bankerTotal, playerNatural, bankerNatural } = facts;
    if (playerNatural && playerTotal < 8) return false;
    if (bankerNatural && bankerTotal < 8) return false;
    if (playerNatural && !bankerNatural && bankerTotal >= 8) return false;
    if (bankerNatural && !playerNatural && playerTotal >= 8) return false;
    return true;
  })
  .map(({ playerTotal, bankerTotal, playerNatural, bankerNatural }) => ({
    playerTotal,
    bankerTotal,
    playerNatural,
    bankerNatural,
  }));

const PAIR_VARIANTS = [
  [false, false],
  [false, true],
  [true, false],
  [true, true],
] as const;

/** For each final state, the joint states that differ from it only in their pair flags. */
const PAIR_VARIANT_STATES: readonly (readonly number[])[] = FINAL_STATES.map((state) =>
  PAIR_VARIANTS.map(([playerPair, bankerPair]) => stateIndex({ ...state, playerPair, bankerPair })),
);

/** Counts per final state (pair flags added together), in FINAL_STATES order. */
export function finalStateCounts(joint: Float64Array): number[] {
  return PAIR_VARIANT_STATES.map((variants) =>
    variants.reduce((sum, index) => sum + joint[index]!, 0),
  );
}
