/**
 * R29.4: the whole coup from a known shoe (or the infinite deck), every deal counted, the
 * banker answering each position with his best reply (R29.3) and the punters playing the Chemin
 * de Fer punto rule with a given policy on 5. Gives the banker's reply table and the game's value
 * for several stake splits at once, since the counting does not depend on the stakes.
 */
import { isNatural } from '../tableau.js';
import { rational, type Rational } from '../chemin-de-fer/odds/rational.js';
import { err, ok, type Result } from '../result.js';
import {
  BANKER_LOSES,
  BANKER_WINS,
  CLASS_COUNT,
  classCounts,
  TIE,
  type CountTableau,
} from './banker-counts.js';
import { drawGain, exact, optionTotals, type ExactValue, type Money } from './banker-odds.js';
import {
  checkPosition,
  type BankerPositionError,
  type BankerStakes,
  type FivePolicy,
  type ShoeView,
} from './banker-position.js';

/** A tableau's face as the banker sees it, as an index: natural, stood, drew a 0 … drew a 9. */
export const FACES = [
  'natural',
  'stood',
  'drew 0',
  'drew 1',
  'drew 2',
  'drew 3',
  'drew 4',
  'drew 5',
  'drew 6',
  'drew 7',
  'drew 8',
  'drew 9',
] as const;
export const NATURAL_FACE = 0;
export const STOOD_FACE = 1;
const drewFace = (third: number) => 2 + third;

/**
 * A reply cell: "D" draw, "S" stand, "M" both (in a finite shoe, by which cards make the totals),
 * "" never reached (both tableaux natural, or no deal leads there).
 */
export type ReplyCell = 'D' | 'S' | 'M' | '';

export interface GameScenario {
  readonly stakes: BankerStakes;
  readonly cagnotte?: (bankerNet: number) => number;
}

export interface ScenarioResult {
  /** replies[bankerTotal 0..7][right face][left face], faces indexed as FACES. */
  readonly replies: ReplyCell[][][];
  /** The banker's expected net per coup, minor units, after the cagnotte. */
  readonly expectedNet: ExactValue;
  /** The same over the total stake (right + left + cheval): the banker's edge. */
  readonly edge: ExactValue;
  /** Expected cagnotte per coup, minor units. */
  readonly cagnotte: ExactValue;
  /** Chances of each (right, left) result from the banker's side, indexed as the classes. */
  readonly classes: readonly ExactValue[];
  /** Kept exact for tests and the figures script. */
  readonly edgeExact: Rational;
}

export interface GameQuery {
  readonly shoe: ShoeView;
  readonly puntoOnFive?: FivePolicy;
  readonly scenarios: readonly GameScenario[];
}

/** Cards a coup can take: two to each of three hands and three third cards. */
const COUP_CARDS = 9;
const INFINITE_VALUES = [4, 1, 1, 1, 1, 1, 1, 1, 1, 1];

/**
 * Two cards of one hand. In a finite shoe an unordered pair of values, `mult` 2 when they differ
 * (both orders leave the same cards); in the infinite deck one entry per total, `mult` its
 * weight over 169, and no card taken (a = b = -1).
 */
interface Pair {
  readonly total: number;
  readonly a: number;
  readonly b: number;
  readonly mult: number;
}

function pairsOf(finite: boolean, keep: (total: number) => boolean): Pair[] {
  const pairs: Pair[] = [];
  if (finite) {
    for (let a = 0; a <= 9; a++)
      for (let b = a; b <= 9; b++)
        if (keep((a + b) % 10)) pairs.push({ total: (a + b) % 10, a, b, mult: a < b ? 2 : 1 });
    return pairs;
  }
  for (let total = 0; total <= 9; total++) {
    if (!keep(total)) continue;
    let mult = 0;
    for (let a = 0; a <= 9; a++)
      mult += INFINITE_VALUES[a]! * INFINITE_VALUES[(total - a + 10) % 10]!;
    pairs.push({ total, a: -1, b: -1, mult });
  }
  return pairs;
}

type Face =
  | { readonly kind: 'natural'; readonly pair: Pair }
  | { readonly kind: 'stood' }
  | { readonly kind: 'drew'; readonly third: number };

const facesOf = (finite: boolean): Face[] => [
  ...pairsOf(finite, isNatural).map((pair) => ({ kind: 'natural' as const, pair })),
  { kind: 'stood' },
  ...Array.from({ length: 10 }, (_, third) => ({ kind: 'drew' as const, third })),
];

const faceIndex = (f: Face) =>
  f.kind === 'natural' ? NATURAL_FACE : f.kind === 'stood' ? STOOD_FACE : drewFace(f.third);
const resultOf = (banker: number, punto: number) =>
  banker > punto ? BANKER_WINS : banker < punto ? BANKER_LOSES : TIE;

/** R29.4: the reply tables and the game's value for each scenario. */
export function bankerGame(query: GameQuery): Result<ScenarioResult[], BankerPositionError> {
  // The position check does the shoe's and the policy's checks once, for a dummy position.
  const scenarios: Money[] = [];
  let shape = null as null | {
    values: number[] | null;
    outOf: number;
    stood: CountTableau;
    drew: CountTableau;
  };
  for (const scenario of query.scenarios) {
    const checked = checkPosition({
      shoe: query.shoe,
      bankerTotal: 0,
      right: { state: 'stood' },
      left: { state: 'drew', third: 0 },
      stakes: scenario.stakes,
      ...(query.puntoOnFive === undefined ? {} : { puntoOnFive: query.puntoOnFive }),
      ...(scenario.cagnotte === undefined ? {} : { cagnotte: scenario.cagnotte }),
    });
    if (!checked.ok) return checked;
    const c = checked.value;
    scenarios.push({ stakes: c.stakes, cagnotte: c.cagnotte });
    shape = { values: c.values, outOf: c.outOf, stood: c.right!, drew: c.left! };
  }
  if (shape === null) return ok([]);
  const { values, outOf } = shape;
  const finite = values !== null;
  const pool = finite ? [...values] : [...INFINITE_VALUES];
  const cards = pool.reduce((a, b) => a + b, 0);
  if (finite && cards < COUP_CARDS) {
    return err('SHOE_TOO_SMALL', `a coup may take ${COUP_CARDS} cards, the shoe has ${cards}`);
  }
  const dec = finite ? 1 : 0;
  const scale = BigInt(outOf) * BigInt(outOf);
  /** Ways to deal the rest of the 9 cards, so every path counts sequences of one length. */
  const extend = (used: number): bigint => {
    let ways = 1n;
    for (let i = used; i < COUP_CARDS; i++) ways *= BigInt(finite ? cards - i : 13);
    return ways;
  };
  const extensions = Array.from({ length: COUP_CARDS + 1 }, (_, used) => extend(used));
  const classes = scenarios.map(() => new Array<bigint>(CLASS_COUNT).fill(0n));
  const seen = scenarios.map(() =>
    Array.from({ length: 8 }, () =>
      Array.from({ length: 12 }, () => new Array<number>(12).fill(0)),
    ),
  );
  const addAll = (k: number, ways: bigint) => {
    for (const list of classes) list[k]! += ways;
  };
  const take = (v: number) => {
    const w = pool[v]!;
    pool[v] = w - dec;
    return w;
  };
  const put = (v: number) => {
    pool[v] = pool[v]! + dec;
  };
  const takePair = (p: Pair) => {
    if (p.a < 0) return p.mult;
    const wa = take(p.a);
    return wa * take(p.b) * p.mult;
  };
  const putPair = (p: Pair) => {
    if (p.a < 0) return;
    put(p.b);
    put(p.a);
  };
  const takeFace = (f: Face): number =>
    f.kind === 'stood' ? 1 : f.kind === 'drew' ? take(f.third) : takePair(f.pair);
  const putFace = (f: Face) => {
    if (f.kind === 'drew') put(f.third);
    if (f.kind === 'natural') putPair(f.pair);
  };
  const allPairs = pairsOf(finite, () => true);
  const faces = facesOf(finite);
  const liveOf = (f: Face): CountTableau | null =>
    f.kind === 'natural'
      ? null
      : f.kind === 'stood'
        ? shape!.stood
        : { weights: shape!.drew.weights, third: f.third };
  const faceCards = (f: Face) => (f.kind === 'natural' ? 2 : f.kind === 'drew' ? 1 : 0);

  for (const banker of allPairs) {
    const wb = takePair(banker);
    const bt = banker.total;
    if (wb > 0 && isNatural(bt)) {
      // The coup ends at once: each tableau's two cards against the banker's natural.
      for (const r of allPairs) {
        const wr = takePair(r);
        for (const l of allPairs) {
          if (wr === 0) break;
          const ways = wr * takePair(l);
          if (ways > 0) {
            const k = resultOf(bt, r.total) * 3 + resultOf(bt, l.total);
            addAll(k, BigInt(wb) * BigInt(ways) * extensions[6]! * scale);
          }
          putPair(l);
        }
        putPair(r);
      }
    } else if (wb > 0) {
      for (const rf of faces) {
        const wr = takeFace(rf);
        for (const lf of faces) {
          if (wr === 0) break;
          const wl = takeFace(lf);
          const ways = BigInt(wb) * BigInt(wr) * BigInt(wl);
          const used = 2 + faceCards(rf) + faceCards(lf);
          if (wl === 0) {
            // nothing: this face cannot be dealt from what is left
          } else if (rf.kind === 'natural' && lf.kind === 'natural') {
            addAll(BANKER_LOSES * 3 + BANKER_LOSES, ways * extensions[used]! * scale);
          } else {
            const right = liveOf(rf);
            const left = liveOf(lf);
            const counts = classCounts(finite ? pool : null, bt, right, left, outOf);
            const factor = ways * extensions[used + (right ? 2 : 0) + (left ? 2 : 0) + 1]!;
            scenarios.forEach((money, i) => {
              const d = optionTotals(money, counts.draw);
              if (d.weight === 0n) return;
              const s = optionTotals(money, counts.stand);
              const drawing = drawGain(d, s).num >= 0n;
              const chosen = drawing ? counts.draw : counts.stand;
              for (let k = 0; k < CLASS_COUNT; k++) classes[i]![k]! += chosen[k]! * factor;
              seen[i]![bt]![faceIndex(rf)]![faceIndex(lf)]! |= drawing ? 1 : 2;
            });
          }
          putFace(lf);
        }
        putFace(rf);
      }
    }
    putPair(banker);
  }

  const total = extensions[0]! * scale;
  return ok(
    scenarios.map((money, i) => {
      const list = classes[i]!;
      const totals = optionTotals(money, list);
      const staked = money.stakes.right + money.stakes.left + money.stakes.cheval;
      const net = rational(totals.net - totals.cagnotte, total);
      const edgeExact =
        staked > 0 ? rational(totals.net - totals.cagnotte, total * BigInt(staked)) : rational(0);
      return {
        replies: seen[i]!.map((grid) =>
          grid.map((row) => row.map((bits): ReplyCell => (['', 'D', 'S', 'M'] as const)[bits]!)),
        ),
        expectedNet: exact(net),
        edge: exact(edgeExact),
        cagnotte: exact(rational(totals.cagnotte, total)),
        classes: list.map((w) => exact(rational(w, total))),
        edgeExact,
      };
    }),
  );
}
