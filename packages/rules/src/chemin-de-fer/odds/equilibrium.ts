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
import { add, compare, ONE, rational, sign, ZERO, type Rational } from './rational.js';

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

/**
 * a + b·p, both over the game's one common denominator (100 × the number of deals: the cagnotte
 * is a whole percent), so the search itself adds and compares plain integers and reduces no
 * fraction; only what it reports is made a fraction.
 */
interface Line {
  readonly a: bigint;
  readonly b: bigint;
}

/** The sign of a + b·p: the denominator of p is positive. */
const signAt = (line: Line, p: Rational) => {
  const v = line.a * p.den + line.b * p.num;
  return v < 0n ? -1 : v > 0n ? 1 : 0;
};
const signOf = (v: bigint) => (v < 0n ? -1 : v > 0n ? 1 : 0);

interface Payoffs {
  /** Numerators over `denominator`. */
  readonly banker: (counts: OutcomeCounts) => bigint;
  readonly punto: (counts: OutcomeCounts) => bigint;
  readonly denominator: bigint;
}

function payoffs(query: EquilibriumQuery): Payoffs {
  const keep = BigInt(100 - query.cagnottePercent);
  return {
    banker: (c) => keep * BigInt(c.bankerWins) - 100n * BigInt(c.puntoWins),
    punto: (c) => 100n * (BigInt(c.puntoWins) - BigInt(c.bankerWins)),
    denominator: 100n * BigInt(query.counts.denominator),
  };
}

interface InfoSet {
  readonly label: string;
  /** Banker's and punto's payoffs of the banker drawing [0] or standing [1], in p. */
  readonly banker: readonly [Line, Line];
  readonly punto: readonly [Line, Line];
  /** What the banker gains by drawing rather than standing, in p. */
  readonly gain: Line;
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
    const line = (value: (c: OutcomeCounts) => bigint, option: 0 | 1): Line => {
      let fixed = value(row[0]![option]);
      pure.forEach((draws, k) => {
        // A pure class is in this set when it drew and a third card came, or stood and none did.
        if (k + 1 !== open && (draws === 1) !== stood) fixed += value(row[k + 1]![option]);
      });
      const five = value(row[open]![option]);
      // The open class's 5s are here when they drew (probability p) or stood (1 − p).
      return stood ? { a: fixed + five, b: -five } : { a: fixed, b: five };
    };
    const decision = bankerDecision(info.bankerTotal, info.puntoThird);
    const free = query.freedom === 'parlor' || decision.kind === 'choice';
    const banker = [line(pay.banker, 0), line(pay.banker, 1)] as const;
    return {
      label: info.label,
      banker,
      punto: [line(pay.punto, 0), line(pay.punto, 1)],
      gain: { a: banker[0].a - banker[1].a, b: banker[0].b - banker[1].b },
      forced: free ? null : decision.kind === 'draw',
    };
  });
}

/**
 * Σ y·drawn + (1 − y)·stood over `denominator`, each term numerators over it. Most y are 0 or 1,
 * so those terms are summed as integers and only the mixed ones as fractions.
 */
function mixedSum(
  terms: Iterable<{ y: Rational; drawn: bigint; stood: bigint }>,
  denominator: bigint,
): Rational {
  let whole = 0n;
  let mixed = ZERO;
  for (const { y, drawn, stood } of terms) {
    if (sign(y) === 0) whole += stood;
    else if (compare(y, ONE) === 0) whole += drawn;
    else mixed = add(mixed, rational(y.num * drawn + (y.den - y.num) * stood, y.den * denominator));
  }
  return add(rational(whole, denominator), mixed);
}

function valueAt(
  sets: InfoSet[],
  p: Rational,
  y: Rational[],
  pick: 'banker' | 'punto',
  natural: bigint,
  denominator: bigint,
) {
  // Each line at p, over denominator × p's denominator.
  const at = (line: Line) => line.a * p.den + line.b * p.num;
  const terms = sets.map((set, i) => ({
    y: y[i]!,
    drawn: at(set[pick][0]),
    stood: at(set[pick][1]),
  }));
  return add(rational(natural, denominator), mixedSum(terms, denominator * p.den));
}

/** The equilibria where every punto class but `open` plays `pure`, and `open` may mix. */
function solveOpen(query: EquilibriumQuery, pay: Payoffs, open: number, pure: readonly number[]) {
  const sets = infoSets(query, pay, open, pure);
  const breaks = new Map<string, Rational>();
  for (const set of sets) {
    if (set.forced !== null || set.gain.b === 0n) continue;
    // p = −a / b, kept (and only then reduced) when 0 < p < 1.
    const [num, den] = set.gain.b > 0n ? [-set.gain.a, set.gain.b] : [set.gain.a, -set.gain.b];
    if (num <= 0n || num >= den) continue;
    const p = rational(num, den);
    breaks.set(`${p.num}/${p.den}`, p);
  }
  const candidates = [ZERO, ONE, ...breaks.values()];
  const found: Equilibrium[] = [];
  for (const p of candidates) {
    // The banker's best reply at p; `indifferent` are the free sets where his gain is zero.
    const y: Rational[] = [];
    const indifferent: number[] = [];
    // The punto's payoff slope in p against that reply, over the common denominator.
    let slope = 0n;
    sets.forEach((set, i) => {
      const gain = set.forced === null ? signAt(set.gain, p) : 0;
      const draws = set.forced ?? gain > 0;
      y.push(draws ? ONE : ZERO);
      slope += set.punto[draws ? 0 : 1].b;
      if (set.forced === null && gain === 0) indifferent.push(i);
    });
    // Mixing at an open set moves the slope by y·(draw − stand); walk them one at a time.
    const wanted = compare(p, ZERO) === 0 ? -1 : compare(p, ONE) === 0 ? 1 : 0;
    const fits = (s: bigint) => (wanted === 0 ? s === 0n : signOf(s) * wanted >= 0);
    for (const i of indifferent) {
      if (fits(slope)) break;
      const set = sets[i]!;
      const step = set.punto[0].b - set.punto[1].b;
      if (step === 0n) continue;
      // y_i = −slope / step puts the slope at 0, clamped to [0, 1].
      let yi = rational(-slope, step);
      if (compare(yi, ZERO) < 0) yi = ZERO;
      if (compare(yi, ONE) > 0) yi = ONE;
      y[i] = yi;
      // Unclamped, the slope is now exactly 0; clamped, the whole step (at 1) or none (at 0).
      slope = compare(yi, ONE) === 0 ? slope + step : sign(yi) === 0 ? slope : 0n;
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
      bankerValue: valueAt(sets, p, y, 'banker', natural('banker'), pay.denominator),
      puntoValue: valueAt(sets, p, y, 'punto', natural('punto'), pay.denominator),
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
  const terms = (stood: boolean) =>
    query.counts.bankerInfo
      .map((info, i) => ({ info, cell: query.counts.cells[i]![k]! }))
      .filter(({ info }) => (info.puntoThird === null) === stood)
      .map(({ info, cell }) => ({
        y: y.get(info.label)!,
        drawn: pay.punto(cell[0]),
        stood: pay.punto(cell[1]),
      }));
  return {
    draw: mixedSum(terms(false), pay.denominator),
    stand: mixedSum(terms(true), pay.denominator),
  };
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
