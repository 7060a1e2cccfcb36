/**
 * R18.1: the exact chances of each option at a choice, for the one who has it, from the cards he
 * has not seen. Counted like R13.1: every ordered way those cards can come out, as integers, so
 * the shares are exact fractions over one denominator. The other side is taken to play by the
 * rule (R16.4) at its own choice cells, since nobody can know what it will choose.
 */
import { RANKS } from '../../cards.js';
import { valueCounts } from '../../odds/composition.js';
import { err, ok, type Result } from '../../result.js';
import { bankerDecision, draws, isNatural, type DrawOption } from '../draw-table.js';

/** From the chooser's side. */
export interface OptionCounts {
  readonly win: number;
  readonly lose: number;
  readonly tie: number;
}

export interface ChoiceOdds {
  readonly draw: OptionCounts;
  readonly stand: OptionCounts;
  /** Each option's three counts add up to this. */
  readonly denominator: number;
}

/** Large enough for the eight-deck limit of R10.1 with every product below 2^53. */
const MAX_UNSEEN = 416;

function checkUnseen(counts: readonly number[], needed: number): Result<number[]> {
  if (counts.length !== RANKS.length && counts.length !== 10) {
    return err(
      'SHOE_COUNTS_LENGTH',
      `expected 13 rank counts or 10 value counts, got ${counts.length}`,
    );
  }
  const bad = counts.findIndex((c) => !Number.isSafeInteger(c) || c < 0);
  if (bad !== -1)
    return err('SHOE_COUNT_INVALID', `count at index ${bad} must be a whole number ≥ 0`);
  const values = counts.length === 10 ? [...counts] : valueCounts(counts);
  const cards = values.reduce((a, b) => a + b, 0);
  if (cards < needed)
    return err('SHOE_TOO_SMALL', `the choice needs ${needed} unseen cards, got ${cards}`);
  if (cards > MAX_UNSEEN)
    return err('SHOE_TOO_LARGE', `at most ${MAX_UNSEEN} unseen cards, got ${cards}`);
  return ok(values);
}

function checkTotal(name: string, value: number, max: number): Result<number> {
  return Number.isInteger(value) && value >= 0 && value <= max
    ? ok(value)
    : err('INVALID_TOTAL', `${name} must be a whole number 0–${max}, got ${String(value)}`);
}

interface Tally {
  win: number;
  lose: number;
  tie: number;
}

const tally = (t: Tally, mine: number, theirs: number, ways: number) => {
  if (mine > theirs) t.win += ways;
  else if (mine < theirs) t.lose += ways;
  else t.tie += ways;
};

/** Ways to deal `k` more cards from `n`, to bring every sequence to the same length. */
const falling = (n: number, k: number) => {
  let ways = 1;
  for (let i = 0; i < k; i++) ways *= n - i;
  return ways;
};

/**
 * The punto on 5 (R16.1). `unseen` are the cards the punto has not seen, the banker's two
 * included (13 rank or 10 value counts). The banker has no natural, or it would be face up.
 */
export function puntoChoiceOdds(unseen: readonly number[], puntoTotal = 5): Result<ChoiceOdds> {
  const checked = checkUnseen(unseen, 4);
  if (!checked.ok) return checked;
  const pt = checkTotal('the punto total', puntoTotal, 7);
  if (!pt.ok) return pt;
  const left = checked.value;
  const n = left.reduce((a, b) => a + b, 0);
  const draw: Tally = { win: 0, lose: 0, tie: 0 };
  const stand: Tally = { win: 0, lose: 0, tie: 0 };
  const take = (v: number) => left[v]!--;
  const put = (v: number) => left[v]!++;
  for (let b1 = 0; b1 <= 9; b1++) {
    const w1 = left[b1]!;
    if (w1 === 0) continue;
    take(b1);
    for (let b2 = 0; b2 <= 9; b2++) {
      const w2 = left[b2]!;
      if (w2 === 0) continue;
      const bt = (b1 + b2) % 10;
      if (isNatural(bt)) continue;
      take(b2);
      const ways = w1 * w2;
      // Stand: the banker draws 0–5 (R16.2). Sequences of b1 b2 [z], brought to four cards.
      if (bt <= 5) {
        for (let z = 0; z <= 9; z++)
          tally(stand, pt.value, (bt + z) % 10, ways * left[z]! * (n - 3));
      } else tally(stand, pt.value, bt, ways * falling(n - 2, 2));
      // Draw: the punto's card t, then the banker by the table, the rule at his cells (R16.3).
      for (let t = 0; t <= 9; t++) {
        const w3 = left[t]!;
        if (w3 === 0) continue;
        take(t);
        const mine = (pt.value + t) % 10;
        if (draws(bankerDecision(bt, t))) {
          for (let z = 0; z <= 9; z++) tally(draw, mine, (bt + z) % 10, ways * w3 * left[z]!);
        } else tally(draw, mine, bt, ways * w3 * (n - 3));
        put(t);
      }
      put(b2);
    }
    put(b1);
  }
  const denominator = draw.win + draw.lose + draw.tie;
  return ok({ draw, stand, denominator });
}

/**
 * The banker at a choice cell (R16.3), or at any total against a third card. `unseen` are the
 * cards the banker has not seen, the punto's two face-down cards included. The punto drew, so
 * his two cards make 0–4, or 5 when `puntoOnFive` (the rule, R16.4) says he draws there; he had
 * no natural, or it would be face up.
 */
export function bankerChoiceOdds(
  unseen: readonly number[],
  bankerTotal: number,
  puntoThird: number,
  puntoOnFive: DrawOption = 'draw',
): Result<ChoiceOdds> {
  const checked = checkUnseen(unseen, 3);
  if (!checked.ok) return checked;
  const bt = checkTotal('the banker total', bankerTotal, 7);
  if (!bt.ok) return bt;
  const t = checkTotal("the punto's third card", puntoThird, 9);
  if (!t.ok) return t;
  const left = checked.value;
  const n = left.reduce((a, b) => a + b, 0);
  const draw: Tally = { win: 0, lose: 0, tie: 0 };
  const stand: Tally = { win: 0, lose: 0, tie: 0 };
  const highest = puntoOnFive === 'draw' ? 5 : 4;
  for (let x1 = 0; x1 <= 9; x1++) {
    const w1 = left[x1]!;
    if (w1 === 0) continue;
    left[x1]!--;
    for (let x2 = 0; x2 <= 9; x2++) {
      const w2 = left[x2]!;
      const two = (x1 + x2) % 10;
      if (w2 === 0 || two > highest) continue;
      left[x2]!--;
      const ways = w1 * w2;
      const punto = (two + t.value) % 10;
      tally(stand, bt.value, punto, ways * (n - 2));
      for (let z = 0; z <= 9; z++) tally(draw, (bt.value + z) % 10, punto, ways * left[z]!);
      left[x2]!++;
    }
    left[x1]!++;
  }
  const denominator = draw.win + draw.lose + draw.tie;
  return ok({ draw, stand, denominator });
}
