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
  /** The punto's probability of drawing on 5. */
  readonly puntoDraws: Rational;
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

function infoSets(query: EquilibriumQuery, pay: Payoffs): InfoSet[] {
  const { counts } = query;
  if (counts.puntoInfo.length !== 1) {
    throw new RangeError('the equilibrium search handles a punto who sees only his total');
  }
  return counts.bankerInfo.map((info, i) => {
    const row = counts.cells[i]!;
    const stood = info.puntoThird === null;
    const line = (value: (c: OutcomeCounts) => Rational, option: 0 | 1): Line => {
      const never = value(row[0]![option]);
      const five = value(row[1]![option]);
      // The punto 5s are in this set when they drew (probability p) or stood (1 − p).
      return stood ? { a: add(never, five), b: sub(ZERO, five) } : { a: never, b: five };
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

/** Every equilibrium of the game (R18.2, R18.3); with generic counts there is exactly one. */
export function equilibria(query: EquilibriumQuery): Equilibrium[] {
  const pay = payoffs(query);
  const sets = infoSets(query, pay);
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
    // The banker's best reply at p; `open` are the free sets where he is indifferent.
    const y: Rational[] = [];
    const open: number[] = [];
    sets.forEach((set, i) => {
      if (set.forced !== null) {
        y.push(set.forced ? ONE : ZERO);
        return;
      }
      const g = sign(at(gainOf(set), p));
      y.push(g > 0 ? ONE : ZERO);
      if (g === 0) open.push(i);
    });
    let slope = sets.reduce((sum, set, i) => add(sum, puntoSlope(set, y[i]!)), ZERO);
    // Mixing at an open set moves the slope by y·(draw − stand); walk them one at a time.
    const wanted = compare(p, ZERO) === 0 ? -1 : compare(p, ONE) === 0 ? 1 : 0;
    const fits = (s: Rational) => (wanted === 0 ? sign(s) === 0 : sign(s) * wanted >= 0);
    for (const i of open) {
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
