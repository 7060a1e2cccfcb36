import { CARDS_PER_DECK } from './cards.js';
import { validateDecks } from './fairness.js';
import { err, ok, type Result } from './result.js';

/** R10.5 / R10.6 */
export type LastHandRule = 'plus-one' | 'finish-current';

export const LAST_HAND_RULES: readonly LastHandRule[] = ['plus-one', 'finish-current'];

/** Where the cut card sits and what happens when it comes out; holds for any card list. */
export interface CutCardRule {
  /** Cards behind the cut card (R10.4). */
  readonly cut: number;
  readonly lastHand: LastHandRule;
}

/** A table's shoe settings. */
export interface ShoeConfig extends CutCardRule {
  readonly decks: number;
}

export const DEFAULT_SHOE_CONFIG: ShoeConfig = { decks: 8, cut: 16, lastHand: 'plus-one' };

/**
 * R10.7: the fewest cards that must lie behind the cut card. With plus-one the round that
 * brings it out may use five more cards after it and the extra round six; with
 * finish-current only the five of the round in progress.
 */
export const MIN_CUT: Readonly<Record<LastHandRule, number>> = {
  'plus-one': 11,
  'finish-current': 5,
};

/** The shown card plus at most ten burned (R10.3). */
export const MAX_BURN_CARDS = 11;

/**
 * R10.7: at most half the shoe. The second bound only matters for hand-made lists shorter
 * than a deck: the burn must never reach the cut card, so the cut card can only come out
 * during a round or in front of one.
 */
export function maxCut(cardCount: number): number {
  return Math.min(Math.floor(cardCount / 2), cardCount - MAX_BURN_CARDS);
}

function isLastHandRule(value: unknown): value is LastHandRule {
  return LAST_HAND_RULES.includes(value as LastHandRule);
}

/** R10.4–R10.7 for a shoe of `cardCount` cards. */
export function validateCutCardRule(
  rule: Partial<CutCardRule>,
  cardCount: number,
): Result<CutCardRule> {
  const lastHand = rule.lastHand ?? DEFAULT_SHOE_CONFIG.lastHand;
  if (!isLastHandRule(lastHand)) {
    return err(
      'INVALID_LAST_HAND',
      `the last-hand rule must be ${LAST_HAND_RULES.join(' or ')}, got ${String(lastHand)}`,
    );
  }
  const cut = rule.cut ?? DEFAULT_SHOE_CONFIG.cut;
  const low = MIN_CUT[lastHand];
  const high = maxCut(cardCount);
  if (!Number.isInteger(cut) || cut < low || cut > high) {
    const range = high < low ? 'no cut is possible' : `the cut must be ${low} to ${high}`;
    return err(
      'INVALID_CUT',
      `with ${cardCount} cards and ${lastHand}, ${range} (got ${String(cut)})`,
    );
  }
  return ok({ cut, lastHand });
}

/** R10.1, R10.4–R10.7: fills in the defaults (8 decks, cut 16, plus-one) and checks. */
export function validateShoeConfig(partial: Partial<ShoeConfig> = {}): Result<ShoeConfig> {
  const decks = validateDecks(partial.decks ?? DEFAULT_SHOE_CONFIG.decks);
  if (!decks.ok) return decks;
  const rule = validateCutCardRule(partial, decks.value * CARDS_PER_DECK);
  if (!rule.ok) return rule;
  return ok({ decks: decks.value, ...rule.value });
}
