import type { Layout, LiveOdds, RoadsView, ShoeView } from '@banco/protocol';
import {
  allRoads,
  cardsLeft,
  houseEdges,
  probabilities,
  ranksUnseen,
  roundCounts,
  type CardCode,
  type RuleSet,
  type ShoeState,
} from '@banco/rules';
import type { RoundState, ShoeSession, TableState } from './state.js';

/**
 * `onTable` is how many cards of the round in play are on the layout: the shoe's own state only
 * moves on when the round settles, so nothing here hints at whether a third card is coming.
 */
export function shoeView(shoe: ShoeSession, decks: number, onTable = 0): ShoeView {
  const { state } = shoe;
  return {
    shoeId: shoe.id,
    number: shoe.number,
    commitment: shoe.commitment,
    clientSeed: shoe.clientSeed,
    decks,
    cut: state.cut,
    lastHand: state.lastHand,
    burnShown: state.burn?.shown ?? null,
    burned: state.burn?.burned ?? 0,
    cardsLeft: cardsLeft(state) - onTable,
    roundsDealt: state.roundsDealt,
    cutCardOut: state.cutCard !== null,
  };
}

export function roadsView(shoe: ShoeSession | null): RoadsView {
  return allRoads(shoe?.results ?? []) as unknown as RoadsView;
}

/**
 * The odds of a shoe state, worked out once: they take milliseconds, a shoe state lasts a whole
 * round, and every snapshot and result of that round shows the same odds.
 */
const oddsOf = new WeakMap<ShoeState, { rules: RuleSet; odds: LiveOdds | null }>();

/** R13 for every card no player has seen (R13.5), priced under this table's rules. */
export function liveOdds(shoe: ShoeSession, rules: RuleSet): LiveOdds | null {
  return oddsOfState(shoe.state, rules);
}

function oddsOfState(state: ShoeState, rules: RuleSet): LiveOdds | null {
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

/**
 * The odds the round in play will announce with its result, worked out ahead: the whole round
 * is drawn at the deal (R3), so the shoe it leaves is known while the cards are still being
 * turned, and the result need not wait for the odds.
 */
export function prepareOdds(state: TableState): void {
  const { phase } = state;
  if (phase.kind !== 'dealing' && phase.kind !== 'turning') return;
  const after = phase.round.shoeAfter;
  if (after) oddsOfState(after, state.settings.rules as RuleSet);
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

/** Positions of each hand's cards in the round's dealt order (R3.1). */
export function handPositions(round: RoundState): { player: number[]; banker: number[] } {
  const player = [0, 2];
  const banker = [1, 3];
  for (const step of round.steps) {
    if (step.stage === 'third') (step.hand === 'player' ? player : banker).push(...step.positions);
  }
  return { player, banker };
}

/**
 * P1.4: the layout everyone may see. Cards of steps already revealed show their faces; the
 * step being turned shows face-down cards; later steps are not on the table yet. Both hands'
 * first two cards are dealt together, so they lie on the table from the deal on.
 */
export function layoutOf(round: RoundState, inPlay: number = Math.max(round.revealed, 1)): Layout {
  const dealt = round.result?.dealt ?? [];
  const shown = new Map<number, CardCode | null>();
  for (const [index, step] of round.steps.entries()) {
    if (index > inPlay) break;
    for (const position of step.positions) {
      shown.set(position, index < round.revealed ? (dealt[position] ?? null) : null);
    }
  }
  if (round.result === null) return { player: [], banker: [] };
  const { player, banker } = handPositions(round);
  const pick = (positions: number[]) =>
    positions.filter((p) => shown.has(p)).map((p) => shown.get(p) ?? null);
  return { player: pick(player), banker: pick(banker) };
}
