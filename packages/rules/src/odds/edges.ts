import {
  payoutFor,
  SPOTS,
  STANDARD_RULES,
  type Payout,
  type RuleSet,
  type Spot,
} from '../settlement.js';
import type { RoundCounts } from './enumerate.js';
import { STATE_COUNT, STATE_FACTS, tallyCounts } from './states.js';

/**
 * R13.2: expected loss per unit staked, as a fraction (0.0106 is 1.06 %); negative when the bet
 * favours the bettor. Every spot is priced, whether or not a table with these rules offers it
 * (R9.9 is the table's business, not the arithmetic's).
 */
export type HouseEdges = Readonly<Record<Spot, number>> & {
  /** R13.2: the Player edge per unit that is not pushed back by a tie. */
  readonly playerExcludingTies: number;
  readonly bankerExcludingTies: number;
};

/** What one unit staked nets: the winnings on a win, nothing on a push, the stake on a loss. */
function netPerUnit(payout: Payout): number {
  if (payout.result === 'win') return payout.numerator / payout.denominator;
  return payout.result === 'push' ? 0 : -1;
}

/**
 * What a unit on the spot nets in each end state, priced with the table's own payoutFor, so the
 * edge shown is the edge the table pays. It depends on the rules alone, not on the shoe, and a
 * live table prices every round with the same rules: kept per rule set, it is worked out once
 * instead of a payout object per state and spot every round.
 */
const netsByRules = new WeakMap<RuleSet, ReadonlyMap<Spot, Float64Array>>();

function netsFor(rules: RuleSet): ReadonlyMap<Spot, Float64Array> {
  let nets = netsByRules.get(rules);
  if (!nets) {
    nets = new Map(
      SPOTS.map((spot) => [
        spot,
        Float64Array.from(STATE_FACTS, (facts) => netPerUnit(payoutFor(spot, facts, rules))),
      ]),
    );
    netsByRules.set(rules, nets);
  }
  return nets;
}

function houseEdge(nets: Float64Array, counts: RoundCounts): number {
  let expectedNet = 0;
  for (let state = 0; state < STATE_COUNT; state++) {
    const sequences = counts.joint[state]!;
    if (sequences !== 0) expectedNet += sequences * nets[state]!;
  }
  return -expectedNet / counts.sequences;
}

export function houseEdges(counts: RoundCounts, rules: RuleSet): HouseEdges {
  const nets = netsFor(rules);
  const edges = Object.fromEntries(
    SPOTS.map((spot) => [spot, houseEdge(nets.get(spot)!, counts)]),
  ) as Record<Spot, number>;
  const notTie = 1 - tallyCounts(counts.joint).tie / counts.sequences;
  return {
    ...edges,
    playerExcludingTies: edges.player / notTie,
    bankerExcludingTies: edges.banker / notTie,
  };
}

/** The edges `banco odds` prints: the usual rule variants side by side (fractions, not %). */
export interface EdgeSummary {
  readonly player: number;
  readonly playerExcludingTies: number;
  /** Standard rules: Banker pays 0.95 to 1 (R9.4). */
  readonly banker: number;
  readonly bankerExcludingTies: number;
  /** No-commission rules: a Banker win on 6 pays 1 to 2 (R9.7). */
  readonly bankerNoCommission: number;
  readonly bankerNoCommissionExcludingTies: number;
  /** Tie paying 8 to 1 and 9 to 1 (R9.5). */
  readonly tie8: number;
  readonly tie9: number;
  readonly playerPair: number;
  readonly bankerPair: number;
  readonly dragonPlayer: number;
  readonly dragonBanker: number;
  /** Under no-commission rules, the only ones that offer it (R9.9). */
  readonly super6: number;
}

export function edgeSummary(counts: RoundCounts): EdgeSummary {
  const standard = houseEdges(counts, { ...STANDARD_RULES, tiePays: 8 });
  const tieNine = houseEdges(counts, { ...STANDARD_RULES, tiePays: 9 });
  const noCommission = houseEdges(counts, { ...STANDARD_RULES, commission: 'no-commission' });
  return {
    player: standard.player,
    playerExcludingTies: standard.playerExcludingTies,
    banker: standard.banker,
    bankerExcludingTies: standard.bankerExcludingTies,
    bankerNoCommission: noCommission.banker,
    bankerNoCommissionExcludingTies: noCommission.bankerExcludingTies,
    tie8: standard.tie,
    tie9: tieNine.tie,
    playerPair: standard.playerPair,
    bankerPair: standard.bankerPair,
    dragonPlayer: standard.dragonPlayer,
    dragonBanker: standard.dragonBanker,
    super6: noCommission.super6,
  };
}
