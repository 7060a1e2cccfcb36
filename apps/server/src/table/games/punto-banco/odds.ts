import type { LiveOdds } from '@banco/protocol';
import {
  cardsLeft,
  houseEdges,
  probabilities,
  ranksUnseen,
  roundCounts,
  type RuleSet,
  type ShoeState,
} from '@banco/rules';
import type { ShoeSession } from '../../core/state.js';

/**
 * The odds of a shoe state, worked out once: they take milliseconds, a shoe state lasts a whole
 * round, and every snapshot and result of that round shows the same odds.
 */
const oddsOf = new WeakMap<ShoeState, { rules: RuleSet; odds: LiveOdds | null }>();

/** R13 for every card no player has seen (R13.5), priced under this table's rules. */
export function liveOdds(shoe: ShoeSession, rules: RuleSet): LiveOdds | null {
  return oddsOfState(shoe.state, rules);
}

export function oddsOfState(state: ShoeState, rules: RuleSet): LiveOdds | null {
  const known = oddsOf.get(state);
  if (known?.rules === rules) return known.odds;
  const odds = computeOdds(state, rules);
  oddsOf.set(state, { rules, odds });
  return odds;
}

/** True once the odds of this shoe state under these rules have been worked out. */
export function oddsReady(state: ShoeState, rules: RuleSet): boolean {
  return oddsOf.get(state)?.rules === rules;
}

function computeOdds(state: ShoeState, rules: RuleSet): LiveOdds | null {
  const unseen = ranksUnseen(state);
  const counts = roundCounts(unseen);
  if (!counts.ok) return null;
  const p = probabilities(counts.value);
  return {
    cardsLeft: cardsLeft(state),
    unseen,
    probabilities: {
      player: p.player,
      banker: p.banker,
      tie: p.tie,
      playerPair: p.playerPair,
      bankerPair: p.bankerPair,
    },
    edges: { ...houseEdges(counts.value, rules) },
  };
}
