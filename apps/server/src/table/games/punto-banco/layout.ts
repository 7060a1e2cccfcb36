import type { Layout } from '@banco/protocol';
import type { CardCode, RuleSet } from '@banco/rules';
import type { TableState } from '../../core/state.js';
import { oddsOfState } from './odds.js';
import type { RoundState } from './state.js';

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
