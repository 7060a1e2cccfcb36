/**
 * R18.2 / R18.3: the punto's and the banker's best play, as a Nash equilibrium found exactly.
 * The punto has one choice (draw on 5 with probability p); the banker's payoff is a sum over his
 * information sets, each linear in p (the game is "additive", which is what Foster's algorithm
 * exploits). So for each p the banker's best reply is read off set by set, and an equilibrium
 * sits where the punto is indifferent: at p = 0, p = 1, or at a p where one banker set is
 * indifferent and mixes just enough to make the punto indifferent too. With a cagnotte the
 * game is not zero-sum (the house takes a share), hence Nash rather than minimax.
 */
import { bankerDecision } from '../draw-table.js';
import type { GameCounts, OutcomeCounts } from './game-counts.js';
import {
  add,
  compare,
  div,
  mul,
  ONE,
  rational,
  sign,
  sub,
  ZERO,
  type Rational,
} from './rational.js';

/**
 * Where the banker may choose: everywhere (the parlor game Kemeny and Snell solved), or only at
 * the table's two choice cells, the rest of R16.3 binding him (the casino game).
 */
export type BankerFreedom = 'parlor' | 'table';

export interface EquilibriumQuery {
  readonly counts: GameCounts;
  /** Whole percent 0–5 of the banker's winnings (R17.2). */
  readonly cagnottePercent: number;
  readonly freedom: BankerFreedom;
}

export interface Equilibrium {
  /** The punto's probability of drawing on 5 (for the one 5 that may mix, when he sees his cards). */
  readonly puntoDraws: Rational;
  /** The same for each 5 the punto can tell apart (GameCounts.puntoInfo). */
  readonly puntoDrawsBy: ReadonlyMap<string, Rational>;
  /** The banker's probability of drawing, by banker info set label (1 or 0 where pure). */
  readonly bankerDraws: ReadonlyMap<string, Rational>;
  /** Labels of the sets where the banker mixes. */
  readonly bankerMixes: readonly string[];
  /** The banker's expected result per unit covered, after the cagnotte. */
  readonly bankerValue: Rational;
  /** The punto's expected result per unit staked. */
  readonly puntoValue: Rational;
}

/** a + b·p */
interface Line {
  readonly a: Rational;
  readonly b: Rational;
}

const at = (line: Line, p: Rational) => add(line.a, mul(line.b, p));

interface Payoffs {
  readonly banker: (counts: OutcomeCounts) => Rational;
  readonly punto: (counts: OutcomeCounts) => Rational;
}

function payoffs(query: EquilibriumQuery): Payoffs {
  const keep = rational(100 - query.cagnottePercent, 100);
  const d = BigInt(query.counts.denominator);
  return {
    banker: (c) =>
      sub(mul(keep, rational(BigInt(c.bankerWins), d)), rational(BigInt(c.puntoWins), d)),
    punto: (c) => rational(BigInt(c.puntoWins) - BigInt(c.bankerWins), d),
  };
}

interface InfoSet {
  readonly label: string;
  /** Banker's and punto's payoffs of the banker drawing [0] or standing [1], in p. */
  readonly banker: readonly [Line, Line];
  readonly punto: readonly [Line, Line];
  /** Null where the banker may choose, else what the table makes him do. */
  readonly forced: boolean | null;
}

/**
 * The banker's sets as lines in p, the drawing probability of the punto 5s of class `open`
 * (1-based, as in GameCounts.cells); the other classes draw (1) or stand (0) as `pure` says.
 */
function infoSets(
  query: EquilibriumQuery,
  pay: Payoffs,
  open: number,
  pure: readonly number[],
): InfoSet[] {
  const { counts } = query;
  return counts.bankerInfo.map((info, i) => {
    const row = counts.cells[i]!;
    const stood = info.puntoThird === null;
    const line = (value: (c: OutcomeCounts) => Rational, option: 0 | 1): Line => {
      let fixed = value(row[0]![option]);
      pure.forEach((draws, k) => {
        // A pure class is in this set when it drew and a third card came, or stood and none did.
        if (k + 1 !== open && (draws === 1) !== stood)
          fixed = add(fixed, value(row[k + 1]![option]));
      });
      const five = value(row[open]![option]);
      // The open class's 5s are here when they drew (probability p) or stood (1 − p).
      return stood ? { a: add(fixed, five), b: sub(ZERO, five) } : { a: fixed, b: five };
    };
    const decision = bankerDecision(info.bankerTotal, info.puntoThird);
    const free = query.freedom === 'parlor' || decision.kind === 'choice';
    return {
      label: info.label,
      banker: [line(pay.banker, 0), line(pay.banker, 1)],
      punto: [line(pay.punto, 0), line(pay.punto, 1)],
      forced: free ? null : decision.kind === 'draw',
    };
  });
}

const gainOf = (set: InfoSet): Line => ({
  a: sub(set.banker[0].a, set.banker[1].a),
  b: sub(set.banker[0].b, set.banker[1].b),
});

/** The punto's payoff slope in p when the banker draws at `set` with probability y. */
function puntoSlope(set: InfoSet, y: Rational): Rational {
  return add(mul(y, set.punto[0].b), mul(sub(ONE, y), set.punto[1].b));
}

function valueAt(
  sets: InfoSet[],
  p: Rational,
  y: Rational[],
  pick: 'banker' | 'punto',
  natural: Rational,
) {
  return sets.reduce((sum, set, i) => {
    const lines = set[pick];
    return add(sum, add(mul(y[i]!, at(lines[0], p)), mul(sub(ONE, y[i]!), at(lines[1], p))));
  }, natural);
}

/** The equilibria where every punto class but `open` plays `pure`, and `open` may mix. */
function solveOpen(query: EquilibriumQuery, pay: Payoffs, open: number, pure: readonly number[]) {
  const sets = infoSets(query, pay, open, pure);
  const breaks = new Map<string, Rational>();
  for (const set of sets) {
    if (set.forced !== null) continue;
    const gain = gainOf(set);
    if (sign(gain.b) === 0) continue;
    const p = div(sub(ZERO, gain.a), gain.b);
    if (compare(p, ZERO) > 0 && compare(p, ONE) < 0) breaks.set(`${p.num}/${p.den}`, p);
  }
  const candidates = [ZERO, ONE, ...breaks.values()];
  const found: Equilibrium[] = [];
  for (const p of candidates) {
    // The banker's best reply at p; `indifferent` are the free sets where his gain is zero.
    const y: Rational[] = [];
    const indifferent: number[] = [];
    sets.forEach((set, i) => {
      if (set.forced !== null) {
        y.push(set.forced ? ONE : ZERO);
        return;
      }
      const g = sign(at(gainOf(set), p));
      y.push(g > 0 ? ONE : ZERO);
      if (g === 0) indifferent.push(i);
    });
    let slope = sets.reduce((sum, set, i) => add(sum, puntoSlope(set, y[i]!)), ZERO);
    // Mixing at an open set moves the slope by y·(draw − stand); walk them one at a time.
    const wanted = compare(p, ZERO) === 0 ? -1 : compare(p, ONE) === 0 ? 1 : 0;
    const fits = (s: Rational) => (wanted === 0 ? sign(s) === 0 : sign(s) * wanted >= 0);
    for (const i of indifferent) {
      if (fits(slope)) break;
      const set = sets[i]!;
      const step = sub(set.punto[0].b, set.punto[1].b);
      if (sign(step) === 0) continue;
      // y_i = −slope / step puts the slope at 0, clamped to [0, 1].
      let yi = div(sub(ZERO, slope), step);
      if (compare(yi, ZERO) < 0) yi = ZERO;
      if (compare(yi, ONE) > 0) yi = ONE;
      y[i] = yi;
      slope = add(slope, mul(yi, step));
    }
    if (!fits(slope)) continue;
    const natural = (pick: 'banker' | 'punto') => pay[pick](query.counts.natural);
    found.push({
      puntoDraws: p,
      puntoDrawsBy: new Map(
        query.counts.puntoInfo.map((label, k) => [label, k + 1 === open ? p : rational(pure[k]!)]),
      ),
      bankerDraws: new Map(sets.map((set, i) => [set.label, y[i]!])),
      bankerMixes: sets
        .filter((_, i) => sign(y[i]!) > 0 && compare(y[i]!, ONE) < 0)
        .map((s) => s.label),
      bankerValue: valueAt(sets, p, y, 'banker', natural('banker')),
      puntoValue: valueAt(sets, p, y, 'punto', natural('punto')),
    });
  }
  return found;
}

/** The punto's payoff of class `k` drawing and of it standing, against the banker's `y`. */
function classPayoffs(
  query: EquilibriumQuery,
  pay: Payoffs,
  k: number,
  y: ReadonlyMap<string, Rational>,
) {
  let draw = ZERO;
  let stand = ZERO;
  query.counts.bankerInfo.forEach((info, i) => {
    const cell = query.counts.cells[i]![k]!;
    const yi = y.get(info.label)!;
    const mixed = add(mul(yi, pay.punto(cell[0])), mul(sub(ONE, yi), pay.punto(cell[1])));
    if (info.puntoThird === null) stand = add(stand, mixed);
    else draw = add(draw, mixed);
  });
  return { draw, stand };
}

/**
 * Every equilibrium of the game (R18.2, R18.3); with generic counts there is exactly one. When
 * the punto tells his 5s apart (he sees his cards), the search looks for an equilibrium where
 * at most one of them mixes, and keeps a candidate only if every other 5's pure choice is a
 * best reply to the banker's strategy; it finds every equilibrium of that shape.
 */
export function equilibria(query: EquilibriumQuery): Equilibrium[] {
  const pay = payoffs(query);
  const classes = query.counts.puntoInfo.length;
  if (classes === 1) return solveOpen(query, pay, 1, [0]);
  const found: Equilibrium[] = [];
  const seen = new Set<string>();
  for (let open = 1; open <= classes; open++) {
    for (let mask = 0; mask < 1 << classes; mask++) {
      if (mask & (1 << (open - 1))) continue;
      const pure = Array.from({ length: classes }, (_, k) => (mask >> k) & 1);
      for (const e of solveOpen(query, pay, open, pure)) {
        const bestReplies = pure.every((draws, k) => {
          if (k + 1 === open) return true;
          const { draw, stand } = classPayoffs(query, pay, k + 1, e.bankerDraws);
          const c = compare(draw, stand);
          return draws === 1 ? c >= 0 : c <= 0;
        });
        const key = [...e.puntoDrawsBy.values()].map((r) => `${r.num}/${r.den}`).join(' ');
        if (bestReplies && !seen.has(key)) {
          seen.add(key);
          found.push(e);
        }
      }
    }
  }
  return found;
}
