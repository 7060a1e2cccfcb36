/**
 * R29.1: the banker's exact expected chips for drawing and for standing, against each tableau and
 * in total, from what he can know. Exact fractions (BigInt) inside; strings outside, so the
 * result crosses JSON as it is.
 */
import {
  rational,
  roundDecimal,
  formatRational,
  type Rational,
} from '../chemin-de-fer/odds/rational.js';
import { err, type Result } from '../result.js';
import { BANKER_LOSES, BANKER_WINS, CLASS_COUNT, classCounts, TIE } from './banker-counts.js';
import {
  checkPosition,
  type BankerPosition,
  type BankerPositionError,
  type CheckedPosition,
} from './banker-position.js';

export type BankerOption = 'draw' | 'stand';

/** An exact number: `fraction` in lowest terms ("-35/12", "0"), `decimal` rounded to 4 places. */
export interface ExactValue {
  readonly fraction: string;
  readonly decimal: string;
}

/** The banker's chances against one tableau. */
export interface TableauChances {
  readonly win: ExactValue;
  readonly lose: ExactValue;
  readonly tie: ExactValue;
}

export interface TableauValue {
  readonly chances: TableauChances;
  /** Expected chips won by the banker on this tableau's stake, in minor units. */
  readonly expected: ExactValue;
}

export interface OptionValue {
  /** Null for a tableau whose natural was already paid. */
  readonly right: TableauValue | null;
  readonly left: TableauValue | null;
  /** Expected chips on the à cheval stake (won when both tableaux lose, lost when both win). */
  readonly cheval: ExactValue;
  /** Expected cagnotte taken from the banker's net win for the coup ("0" without one). */
  readonly cagnotte: ExactValue;
  /**
   * The coup's expected net for the banker, minor units: both tableaux, à cheval, minus the
   * cagnotte, and minus any natural already paid (the same under either option).
   */
  readonly total: ExactValue;
}

export interface BankerChoiceValues {
  readonly draw: OptionValue;
  readonly stand: OptionValue;
  /** The option of greater total; draw when they are equal (R29.3, the room's rule). */
  readonly best: BankerOption;
  /** `total` of draw minus stand. */
  readonly drawGain: ExactValue;
}

const DECIMALS = 4;

export const exact = (value: Rational): ExactValue => ({
  fraction: formatRational(value),
  decimal: roundDecimal(value, DECIMALS),
});

const RESULT_NET = [1, -1, 0] as const;

/** What the money side of an outcome depends on. */
export type Money = Pick<CheckedPosition, 'stakes' | 'cagnotte'>;

/** The banker's net, in minor units, for one outcome class (before the cagnotte). */
export function classNet(position: Money, k: number): number {
  const r = Math.floor(k / 3);
  const l = k % 3;
  const { stakes } = position;
  const both = r === l && r !== TIE ? RESULT_NET[r]! : 0;
  return RESULT_NET[r]! * stakes.right + RESULT_NET[l]! * stakes.left + both * stakes.cheval;
}

export interface OptionTotals {
  /** Expected net before the cagnotte and expected cagnotte, over `classes`' sum. */
  readonly net: bigint;
  readonly cagnotte: bigint;
  readonly weight: bigint;
}

/** The option's expected net and cagnotte as numerators over the class weight. */
export function optionTotals(position: Money, classes: readonly bigint[]): OptionTotals {
  let net = 0n;
  let cagnotte = 0n;
  let weight = 0n;
  for (let k = 0; k < CLASS_COUNT; k++) {
    const w = classes[k]!;
    if (w === 0n) continue;
    weight += w;
    const chips = classNet(position, k);
    net += w * BigInt(chips);
    if (chips > 0 && position.cagnotte) cagnotte += w * BigInt(position.cagnotte(chips));
  }
  return { net, cagnotte, weight };
}

function tableauValue(
  classes: readonly bigint[],
  weight: bigint,
  side: 'right' | 'left',
  stake: number,
): TableauValue {
  const sums = [0n, 0n, 0n];
  for (let k = 0; k < CLASS_COUNT; k++) {
    const result = side === 'right' ? Math.floor(k / 3) : k % 3;
    sums[result]! += classes[k]!;
  }
  const win = sums[BANKER_WINS]!;
  const lose = sums[BANKER_LOSES]!;
  return {
    chances: {
      win: exact(rational(win, weight)),
      lose: exact(rational(lose, weight)),
      tie: exact(rational(sums[TIE]!, weight)),
    },
    expected: exact(rational((win - lose) * BigInt(stake), weight)),
  };
}

function chevalValue(classes: readonly bigint[], weight: bigint, stake: number): ExactValue {
  const bothWin = classes[BANKER_WINS * 3 + BANKER_WINS]!;
  const bothLose = classes[BANKER_LOSES * 3 + BANKER_LOSES]!;
  return exact(rational((bothWin - bothLose) * BigInt(stake), weight));
}

function optionValue(position: CheckedPosition, classes: readonly bigint[]): OptionValue {
  const totals = optionTotals(position, classes);
  const { weight } = totals;
  return {
    right: position.right ? tableauValue(classes, weight, 'right', position.stakes.right) : null,
    left: position.left ? tableauValue(classes, weight, 'left', position.stakes.left) : null,
    cheval: chevalValue(classes, weight, position.stakes.cheval),
    cagnotte: exact(rational(totals.cagnotte, weight)),
    total: exact(rational(totals.net - totals.cagnotte, weight)),
  };
}

/** Draw's total minus stand's, as an exact fraction: its sign is the best reply (R29.3). */
export function drawGain(d: OptionTotals, s: OptionTotals): Rational {
  return rational(
    (d.net - d.cagnotte) * s.weight - (s.net - s.cagnotte) * d.weight,
    d.weight * s.weight,
  );
}

/**
 * R29.1: the banker's exact expected chips for each option. Errors as values: a position that
 * cannot arise (a natural banker, both tableaux natural, too few unseen cards, bad counts).
 */
export function bankerChoiceValues(
  position: BankerPosition,
): Result<BankerChoiceValues, BankerPositionError> {
  const checked = checkPosition(position);
  if (!checked.ok) return checked;
  const p = checked.value;
  const counts = classCounts(p.values, p.bankerTotal, p.right, p.left, p.outOf);
  const dTotals = optionTotals(p, counts.draw);
  const sTotals = optionTotals(p, counts.stand);
  if (dTotals.weight === 0n) {
    return err(
      'IMPOSSIBLE_POSITION',
      'no way the unseen cards can make these tableaux: the position cannot arise',
    );
  }
  const gain = drawGain(dTotals, sTotals);
  return {
    ok: true,
    value: {
      draw: optionValue(p, counts.draw),
      stand: optionValue(p, counts.stand),
      best: gain.num >= 0n ? 'draw' : 'stand',
      drawGain: exact(gain),
    },
  };
}
