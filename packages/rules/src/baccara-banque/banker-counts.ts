/**
 * R29.1 counted: every ordered way the cards the banker has not seen can fill the tableaux's
 * face-down places and his own third card, as integers. All unseen cards are exchangeable, so
 * conditioning on what he saw is keeping the ways whose hidden totals agree with each tableau's
 * face (R29.2), weighted by the holder's policy on 5. The result is nine outcome classes per
 * option, one per (right result, left result), each a count over one common denominator.
 */

/** Result of one tableau against the banker, from the banker's side. */
export const BANKER_WINS = 0;
export const BANKER_LOSES = 1;
export const TIE = 2;

/** Class index = rightResult * 3 + leftResult. */
export const CLASS_COUNT = 9;

export interface CountTableau {
  /** Weight of each hidden two-card total 0..9 (0 = impossible). */
  readonly weights: readonly number[];
  /** The face-up third card's value, or null when it stood. */
  readonly third: number | null;
}

export interface ClassCounts {
  readonly draw: bigint[];
  readonly stand: bigint[];
}

/** One card's chances in the infinite deck, over 13: value 0 is 10, J, Q or K. */
const INFINITE_VALUES = [4, 1, 1, 1, 1, 1, 1, 1, 1, 1] as const;

const resultOf = (banker: number, punto: number) =>
  banker > punto ? BANKER_WINS : banker < punto ? BANKER_LOSES : TIE;

/**
 * `values` are the 10 value counts unseen (null: infinite deck). A null tableau showed a natural
 * and was paid: it counts as a banker loss, with the weight `outOf` so every position carries
 * the same scale (outOf² per way) and counts from different positions can be added.
 */
export function classCounts(
  values: readonly number[] | null,
  bankerTotal: number,
  right: CountTableau | null,
  left: CountTableau | null,
  outOf: number,
): ClassCounts {
  const finite = values !== null;
  const c = finite ? [...values] : [...INFINITE_VALUES];
  const dec = finite ? 1 : 0;
  const n = c.reduce((a, b) => a + b, 0);
  const hidden = (right ? 2 : 0) + (left ? 2 : 0);
  // Stand uses one card fewer; its ways are brought to the same length as draw's.
  const standExtend = finite ? n - hidden : 13;
  const stand = new Float64Array(100);
  const draw = new Float64Array(1000);

  // Hidden pairs of one tableau: [total, first value, second value] in a flat list.
  const pairsOf = (t: CountTableau | null): number[] => {
    if (t === null) return [0, -1, -1];
    const list: number[] = [];
    for (let a = 0; a <= 9; a++)
      for (let b = 0; b <= 9; b++) if (t.weights[(a + b) % 10]! > 0) list.push((a + b) % 10, a, b);
    return list;
  };
  const rightPairs = pairsOf(right);
  const leftPairs = pairsOf(left);
  const take = (v: number) => {
    if (v < 0) return 1;
    const w = c[v]!;
    c[v] = w - dec;
    return w;
  };
  const put = (v: number) => {
    if (v >= 0) c[v] = c[v]! + dec;
  };

  for (let i = 0; i < rightPairs.length; i += 3) {
    const tr = rightPairs[i]!;
    const r1 = rightPairs[i + 1]!;
    const r2 = rightPairs[i + 2]!;
    const wr1 = take(r1);
    const wr2 = take(r2);
    const wr = wr1 * wr2;
    if (wr > 0) {
      for (let j = 0; j < leftPairs.length; j += 3) {
        const tl = leftPairs[j]!;
        const l1 = leftPairs[j + 1]!;
        const l2 = leftPairs[j + 2]!;
        const wl1 = take(l1);
        const wl2 = take(l2);
        const ways = wr * wl1 * wl2;
        if (ways > 0) {
          const cell = tr * 10 + tl;
          stand[cell]! += ways;
          const base = cell * 10;
          for (let z = 0; z <= 9; z++) draw[base + z]! += ways * c[z]!;
        }
        put(l2);
        put(l1);
      }
    }
    put(r2);
    put(r1);
  }

  // Weights differ only between a hidden 5 and any other total, so the ways are summed as plain
  // numbers (exact: each sum is below N^5 < 2^53) in four groups, and weighted once per group.
  const drawSums = new Float64Array(4 * CLASS_COUNT);
  const standSums = new Float64Array(4 * CLASS_COUNT);
  const finalOf = (t: CountTableau | null, total: number) =>
    t === null ? 10 : t.third === null ? total : (total + t.third) % 10;
  for (let tr = 0; tr <= 9; tr++) {
    const fr = finalOf(right, tr);
    for (let tl = 0; tl <= 9; tl++) {
      const cell = tr * 10 + tl;
      if (stand[cell] === 0) continue;
      const fl = finalOf(left, tl);
      const group =
        ((tr === 5 && right !== null ? 2 : 0) + (tl === 5 && left !== null ? 1 : 0)) * CLASS_COUNT;
      standSums[group + resultOf(bankerTotal, fr) * 3 + resultOf(bankerTotal, fl)]! +=
        stand[cell]! * standExtend;
      for (let z = 0; z <= 9; z++) {
        const ways = draw[cell * 10 + z]!;
        if (ways === 0) continue;
        const banker = (bankerTotal + z) % 10;
        drawSums[group + resultOf(banker, fr) * 3 + resultOf(banker, fl)]! += ways;
      }
    }
  }
  const weightOf = (t: CountTableau | null, five: boolean) =>
    BigInt(t === null ? outOf : t.weights[five ? 5 : t.third === null ? 6 : 0]!);
  const drawClasses = new Array<bigint>(CLASS_COUNT).fill(0n);
  const standClasses = new Array<bigint>(CLASS_COUNT).fill(0n);
  for (let group = 0; group < 4; group++) {
    const weight = weightOf(right, group >= 2) * weightOf(left, group % 2 === 1);
    for (let k = 0; k < CLASS_COUNT; k++) {
      const d = drawSums[group * CLASS_COUNT + k]!;
      const st = standSums[group * CLASS_COUNT + k]!;
      if (d > 0) drawClasses[k]! += BigInt(d) * weight;
      if (st > 0) standClasses[k]! += BigInt(st) * weight;
    }
  }
  return { draw: drawClasses, stand: standClasses };
}
