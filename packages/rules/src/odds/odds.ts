import { ok, type Result } from '../result.js';
import { shoeComposition, type ShoeCountsError } from './composition.js';
import { edgeSummary, type EdgeSummary } from './edges.js';
import { countRounds, type RoundCounts } from './enumerate.js';
import {
  FINAL_STATES,
  finalStateCounts,
  tallyCounts,
  tallyExactCounts,
  type FinalState,
  type Tallies,
} from './states.js';

/**
 * Shoe counts are 13 rank counts (A, 2 … 10, J, Q, K) or 10 value counts (value 0 … 9) of the
 * cards still in the shoe; see R13.3 and R13.4.
 */
export type ShoeCounts = readonly number[];

/** R13.1 counts for what is left in the shoe: the starting point for probabilities and edges. */
export function roundCounts(shoe: ShoeCounts): Result<RoundCounts, ShoeCountsError> {
  const composition = shoeComposition(shoe);
  return composition.ok ? ok(countRounds(composition.value)) : composition;
}

export type OddsProbabilities = Tallies<number>;

export function probabilities(counts: RoundCounts): OddsProbabilities {
  const tallies = tallyCounts(counts.joint);
  return Object.fromEntries(
    Object.entries(tallies).map(([name, count]) => [name, count / counts.sequences]),
  ) as OddsProbabilities;
}

export interface FinalStateOdds extends FinalState {
  /** R13.1 sequences that end in this state (a whole number). */
  readonly count: number;
  readonly probability: number;
}

/** Plain numbers and booleans only, so it goes over the wire as JSON unchanged. */
export interface ShoeOdds {
  readonly cards: number;
  readonly sequences: number;
  readonly probabilities: OddsProbabilities;
  /** Every final state the tableau can reach, the same 136 in the same order every time. */
  readonly states: readonly FinalStateOdds[];
}

export function oddsFromCounts(counts: RoundCounts): ShoeOdds {
  const stateCounts = finalStateCounts(counts.joint);
  return {
    cards: counts.cards,
    sequences: counts.sequences,
    probabilities: probabilities(counts),
    // Spelled out rather than spread: object spread is slow in V8 when called this often.
    states: FINAL_STATES.map(({ playerTotal, bankerTotal, playerNatural, bankerNatural }, i) => ({
      playerTotal,
      bankerTotal,
      playerNatural,
      bankerNatural,
      count: stateCounts[i]!,
      probability: stateCounts[i]! / counts.sequences,
    })),
  };
}

/** Live odds for a table: what the server recomputes after every round. */
export function shoeOdds(shoe: ShoeCounts): Result<ShoeOdds, ShoeCountsError> {
  const counts = roundCounts(shoe);
  return counts.ok ? ok(oddsFromCounts(counts.value)) : counts;
}

/** The shape `banco odds --json` prints. */
export interface OddsSummary {
  readonly probabilities: OddsProbabilities;
  readonly edges: EdgeSummary;
}

export function oddsSummary(shoe: ShoeCounts): Result<OddsSummary, ShoeCountsError> {
  const counts = roundCounts(shoe);
  if (!counts.ok) return counts;
  return ok({ probabilities: probabilities(counts.value), edges: edgeSummary(counts.value) });
}

export interface ExactCounts extends Tallies<bigint> {
  readonly sequences: bigint;
  /** Indexed like STATE_FACTS. */
  readonly joint: readonly bigint[];
}

/**
 * R13.1 counts as BigInt. They come from the fast path, whose doubles hold whole numbers below
 * 2^53 for every shoe R13.4 accepts; tests hold it to the BigInt reference path.
 */
export function exactCounts(shoe: ShoeCounts): Result<ExactCounts, ShoeCountsError> {
  const counts = roundCounts(shoe);
  if (!counts.ok) return counts;
  const joint = Array.from(counts.value.joint, (count) => BigInt(count));
  return ok({
    ...tallyExactCounts(joint),
    sequences: BigInt(counts.value.sequences),
    joint,
  });
}
