/**
 * What the banker of Baccara Banque can know when he chooses (R29.1): his own total, each
 * tableau's face (stood with two hidden cards, drew a face-up third card, or a natural already
 * paid), the stakes, and the cards he has not seen. Checked here so the engine only counts.
 */
import { RANKS } from '../cards.js';
import { isNatural, puntoDecision } from '../chemin-de-fer/draw-table.js';
import { valueCounts } from '../odds/composition.js';
import { err, ok, type Result, type RuleError } from '../result.js';

/** A tableau as the banker sees it at his choice. */
export type TableauView =
  /** Stood on its two face-down cards: 6 or 7, or 5 when its holder stood there. */
  | { readonly state: 'stood' }
  /** Drew: two face-down cards making 0–4, or 5 when its holder drew there; `third` face up. */
  | { readonly state: 'drew'; readonly third: number }
  /** Turned a natural and was paid before the banker's turn (its cards are seen). */
  | { readonly state: 'natural' };

/**
 * What a holder does on 5, as the banker must assume it (R29.2): always draw (the rule, R16.4),
 * always stand, or draw `draw` times in `outOf`.
 */
export type FivePolicy = 'draw' | 'stand' | { readonly draw: number; readonly outOf: number };

export type ShoeView =
  /**
   * Every card the banker has not seen: the shoe's, the tableaux's face-down cards and any burnt
   * face down (R13.5), as 13 rank counts or 10 value counts.
   */
  | { readonly kind: 'finite'; readonly unseen: readonly number[] }
  /** Each card a fresh draw: value 0 with chance 4/13, each other value 1/13. */
  | { readonly kind: 'infinite' };

/** Minor units, whole and ≥ 0. `cheval` is staked across the line on both tableaux. */
export interface BankerStakes {
  readonly right: number;
  readonly left: number;
  readonly cheval?: number;
}

export interface BankerPosition {
  readonly shoe: ShoeView;
  /** 0–7: with a natural the coup would be over. */
  readonly bankerTotal: number;
  readonly right: TableauView;
  readonly left: TableauView;
  readonly stakes: BankerStakes;
  /** Defaults to the rule: draw (R16.4). */
  readonly puntoOnFive?: FivePolicy;
  /**
   * The house's share of the banker's net win for the coup (minor units in, minor units out),
   * called only with a net > 0; none when absent. `cagnotteOf` below is the formula.
   */
  readonly cagnotte?: (bankerNet: number) => number;
}

export type BankerPositionErrorCode =
  | 'SHOE_COUNTS_LENGTH'
  | 'SHOE_COUNT_INVALID'
  | 'SHOE_TOO_SMALL'
  | 'SHOE_TOO_LARGE'
  | 'INVALID_TOTAL'
  | 'INVALID_TABLEAU'
  | 'INVALID_STAKE'
  | 'INVALID_FIVE_POLICY'
  | 'NO_BANKER_CHOICE'
  | 'IMPOSSIBLE_POSITION';

export interface BankerPositionError extends RuleError {
  readonly code: BankerPositionErrorCode;
}

/** A tableau still in play, as the engine counts it. */
export interface LiveTableau {
  /** Weight of each two-card total 0..9 its hidden cards may make, over a common `outOf`. */
  readonly weights: readonly number[];
  /** Third card's value, or null when it stood. */
  readonly third: number | null;
}

export interface CheckedPosition {
  /** 10 value counts, or null for the infinite deck. */
  readonly values: number[] | null;
  readonly bankerTotal: number;
  readonly right: LiveTableau | null;
  readonly left: LiveTableau | null;
  /** The common scale of the weights: 1 for a pure policy on 5. */
  readonly outOf: number;
  readonly stakes: { readonly right: number; readonly left: number; readonly cheval: number };
  readonly cagnotte: ((bankerNet: number) => number) | null;
}

/** Eight decks (R10.1): keeps every count the engine forms below 2^53. */
const MAX_UNSEEN = 416;

const fail = (code: BankerPositionErrorCode, message: string) => err(code, message);

function fiveWeights(
  policy: FivePolicy,
): Result<{ draw: number; outOf: number }, BankerPositionError> {
  if (policy === 'draw') return ok({ draw: 1, outOf: 1 });
  if (policy === 'stand') return ok({ draw: 0, outOf: 1 });
  const { draw, outOf } = policy;
  if (
    !Number.isSafeInteger(draw) ||
    !Number.isSafeInteger(outOf) ||
    outOf < 1 ||
    outOf > 1_000_000 ||
    draw < 0 ||
    draw > outOf
  ) {
    return fail(
      'INVALID_FIVE_POLICY',
      'a mixed policy on 5 needs whole numbers 0 ≤ draw ≤ outOf ≤ 1000000, outOf ≥ 1',
    );
  }
  return ok({ draw, outOf });
}

function liveTableau(
  name: string,
  view: TableauView,
  five: { draw: number; outOf: number },
): Result<LiveTableau | null, BankerPositionError> {
  if (view.state === 'natural') return ok(null);
  if (view.state !== 'stood' && (view.state !== 'drew' || !isCardValue(view.third))) {
    return fail(
      'INVALID_TABLEAU',
      `the ${name} tableau must have stood, drawn a third card of value 0–9, or shown a natural`,
    );
  }
  // The Chemin de Fer punto rule (R16.1) says which two-card totals each face can hide.
  const stood = view.state === 'stood';
  const weights = Array.from({ length: 10 }, (_, total) => {
    if (isNatural(total)) return 0;
    const decision = puntoDecision(total);
    if (decision.kind === 'choice') return stood ? five.outOf - five.draw : five.draw;
    return (decision.kind === 'stand') === stood ? five.outOf : 0;
  });
  return ok({ weights, third: stood ? null : view.third });
}

const isCardValue = (v: number) => Number.isInteger(v) && v >= 0 && v <= 9;

/** R29.1: checks a position; the errors name what is wrong. */
export function checkPosition(
  position: BankerPosition,
): Result<CheckedPosition, BankerPositionError> {
  const { bankerTotal, stakes } = position;
  if (!Number.isInteger(bankerTotal) || bankerTotal < 0 || bankerTotal > 7) {
    return fail(
      'INVALID_TOTAL',
      `the banker's total must be 0–7 (8 or 9 ends the coup), got ${String(bankerTotal)}`,
    );
  }
  const five = fiveWeights(position.puntoOnFive ?? 'draw');
  if (!five.ok) return five;
  const right = liveTableau('right', position.right, five.value);
  if (!right.ok) return right;
  const left = liveTableau('left', position.left, five.value);
  if (!left.ok) return left;
  if (right.value === null && left.value === null) {
    return fail('NO_BANKER_CHOICE', 'both tableaux turned naturals: the coup is over');
  }
  const cheval = stakes.cheval ?? 0;
  for (const [name, stake] of [
    ['right', stakes.right],
    ['left', stakes.left],
    ['cheval', cheval],
  ] as const) {
    if (!Number.isSafeInteger(stake) || stake < 0) {
      return fail('INVALID_STAKE', `the ${name} stake must be a whole number of minor units ≥ 0`);
    }
  }
  let values: number[] | null = null;
  if (position.shoe.kind === 'finite') {
    const counts = position.shoe.unseen;
    if (counts.length !== RANKS.length && counts.length !== 10) {
      return fail(
        'SHOE_COUNTS_LENGTH',
        `expected 13 rank counts or 10 value counts, got ${counts.length}`,
      );
    }
    const bad = counts.findIndex((c) => !Number.isSafeInteger(c) || c < 0);
    if (bad !== -1)
      return fail('SHOE_COUNT_INVALID', `count at index ${bad} must be a whole number ≥ 0`);
    values = counts.length === 10 ? [...counts] : valueCounts(counts);
    const cards = values.reduce((a, b) => a + b, 0);
    const needed = (right.value ? 2 : 0) + (left.value ? 2 : 0) + 1;
    if (cards < needed) {
      return fail(
        'SHOE_TOO_SMALL',
        `the banker's choice needs ${needed} unseen cards, got ${cards}`,
      );
    }
    if (cards > MAX_UNSEEN)
      return fail('SHOE_TOO_LARGE', `at most ${MAX_UNSEEN} unseen cards, got ${cards}`);
  }
  return ok({
    values,
    bankerTotal,
    right: right.value,
    left: left.value,
    outOf: five.value.outOf,
    stakes: { right: stakes.right, left: stakes.left, cheval },
    cagnotte: position.cagnotte ?? null,
  });
}

/**
 * The cagnotte as issue 44 states art. 62: `basisPoints` (125 = 1.25 %) of the banker's net win
 * for the coup, rounded down to 10 minor units.
 */
export function cagnotteOf(basisPoints: number): (bankerNet: number) => number {
  return (net) => (net <= 0 ? 0 : Math.floor((net * basisPoints) / 100_000) * 10);
}
