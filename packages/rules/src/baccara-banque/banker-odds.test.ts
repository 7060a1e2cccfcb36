import { describe, expect, it } from 'vitest';
import { bankerChoiceOdds } from '../chemin-de-fer/odds/choice-odds.js';
import { formatRational, rational, sub } from '../chemin-de-fer/odds/rational.js';
import { fullShoeRanks } from '../odds/composition.js';
import { bruteCoup, type BrutePosition } from '../testing/banker-brute.js';
import { unwrap } from '../testing/unwrap.js';
import { bankerChoiceValues, type BankerChoiceValues } from './banker-odds.js';
import { cagnotteOf, type BankerPosition, type FivePolicy } from './banker-position.js';

// Nine-card shoes: every ordering is dealt (9! of them), naturals and 5s included.
const SHOES = [
  [0, 0, 1, 3, 4, 5, 6, 8, 9],
  [0, 2, 2, 5, 5, 5, 7, 7, 9],
];
const MONEY = { right: 2000, left: 1000, cheval: 500 };
const POLICIES: { policy: FivePolicy; five: { draw: number; outOf: number } }[] = [
  { policy: 'draw', five: { draw: 1, outOf: 1 } },
  { policy: 'stand', five: { draw: 0, outOf: 1 } },
  { policy: { draw: 2, outOf: 3 }, five: { draw: 2, outOf: 3 } },
];

const fraction = (num: number, den: number) => formatRational(rational(num, den));
const parse = (text: string) => {
  const [num, den = '1'] = text.split('/');
  return rational(BigInt(num!), BigInt(den));
};

function valuesAt(
  p: BrutePosition,
  policy: FivePolicy,
  cagnotte?: (n: number) => number,
): BankerChoiceValues {
  return unwrap(
    bankerChoiceValues({
      shoe: { kind: 'finite', unseen: p.unseen },
      bankerTotal: p.bankerTotal,
      right: p.right,
      left: p.left,
      stakes: MONEY,
      puntoOnFive: policy,
      ...(cagnotte ? { cagnotte } : {}),
    }),
  );
}

describe('R29.1 R29.2 the banker’s values agree with dealing every ordering of a tiny shoe', () => {
  for (const shoe of SHOES) {
    for (const { policy, five } of POLICIES) {
      it(`R29.1 R29.2 R29.3 shoe ${shoe.join('')}, holders on 5: ${JSON.stringify(policy)}, 1.25 % cagnotte`, () => {
        const cagnotte = cagnotteOf(125);
        const brute = bruteCoup(shoe, { ...MONEY, cagnotte }, five);
        expect(brute.positions.size).toBeGreaterThan(20);
        for (const p of brute.positions.values()) {
          const v = valuesAt(p, policy, cagnotte);
          expect(v.draw.total.fraction).toBe(fraction(p.draw, p.weight));
          expect(v.stand.total.fraction).toBe(fraction(p.stand, p.weight));
          if (v.draw.right) {
            expect(v.draw.right.expected.fraction).toBe(fraction(p.drawRight, p.weight));
            expect(v.stand.right!.expected.fraction).toBe(fraction(p.standRight, p.weight));
          }
          if (v.draw.left) {
            expect(v.draw.left.expected.fraction).toBe(fraction(p.drawLeft, p.weight));
            expect(v.stand.left!.expected.fraction).toBe(fraction(p.standLeft, p.weight));
          }
        }
      });
    }
  }
});

describe('R29.1 against Chemin de Fer', () => {
  it('R29.1 R18.1 with one tableau paid its natural, the other is Chemin de Fer’s banker choice', () => {
    const unseen = fullShoeRanks(6).map((n, rank) => n - (rank % 4) - (rank === 6 ? 3 : 0));
    for (let bankerTotal = 0; bankerTotal <= 7; bankerTotal++) {
      for (let third = 0; third <= 9; third++) {
        const cdf = unwrap(bankerChoiceOdds(unseen, bankerTotal, third, 'draw'));
        const mine = unwrap(
          bankerChoiceValues({
            shoe: { kind: 'finite', unseen },
            bankerTotal,
            right: { state: 'natural' },
            left: { state: 'drew', third },
            stakes: { right: 0, left: 100 },
          }),
        );
        for (const option of ['draw', 'stand'] as const) {
          const counts = cdf[option];
          const left = mine[option].left!;
          expect(left.chances.win.fraction).toBe(fraction(counts.win, cdf.denominator));
          expect(left.chances.lose.fraction).toBe(fraction(counts.lose, cdf.denominator));
          expect(left.chances.tie.fraction).toBe(fraction(counts.tie, cdf.denominator));
        }
      }
    }
  });
});

describe('R29.1 symmetry and sanity', () => {
  const late = [7, 9, 6, 10, 5, 8, 9, 4, 7, 8, 6, 9, 7];
  const views = [
    { state: 'stood' },
    { state: 'drew', third: 0 },
    { state: 'drew', third: 4 },
    { state: 'drew', third: 9 },
    { state: 'natural' },
  ] as const;

  it('R29.1 swapping the tableaux (and their stakes) swaps their values and keeps the totals', () => {
    for (const right of views) {
      for (const left of views) {
        if (right.state === 'natural' && left.state === 'natural') continue;
        for (let bankerTotal = 0; bankerTotal <= 7; bankerTotal++) {
          const base = {
            shoe: { kind: 'finite', unseen: late },
            bankerTotal,
            cagnotte: cagnotteOf(125),
          } as const;
          const a = unwrap(
            bankerChoiceValues({
              ...base,
              right,
              left,
              stakes: { right: 300, left: 100, cheval: 50 },
            }),
          );
          const b = unwrap(
            bankerChoiceValues({
              ...base,
              right: left,
              left: right,
              stakes: { right: 100, left: 300, cheval: 50 },
            }),
          );
          for (const option of ['draw', 'stand'] as const) {
            expect(b[option].total).toEqual(a[option].total);
            expect(b[option].left).toEqual(a[option].right);
            expect(b[option].right).toEqual(a[option].left);
          }
          expect(b.best).toBe(a.best);
        }
      }
    }
  });

  it('R29.1 infinite deck: a banker on 7 against two tableaux that stood wins half and ties half', () => {
    const v = unwrap(
      bankerChoiceValues({
        shoe: { kind: 'infinite' },
        bankerTotal: 7,
        right: { state: 'stood' },
        left: { state: 'stood' },
        stakes: { right: 100, left: 300 },
      }),
    );
    expect(v.stand.right!.chances.win.fraction).toBe('1/2');
    expect(v.stand.right!.chances.tie.fraction).toBe('1/2');
    expect(v.stand.total.fraction).toBe('200');
    expect(v.best).toBe('stand');
  });

  it('R29.1 infinite deck: values equal a direct sum over hidden totals and the banker’s card', () => {
    // Two-card totals in the infinite deck: 0 with 25/169, every other total 16/169.
    const p2 = (t: number) => (t === 0 ? 25 : 16);
    const p1 = (v: number) => (v === 0 ? 4 : 1);
    const sign = (b: number, p: number) => (b > p ? 1 : b < p ? -1 : 0);
    for (let bankerTotal = 0; bankerTotal <= 7; bankerTotal++) {
      for (let third = 0; third <= 9; third++) {
        let draw = 0;
        let stand = 0;
        let weight = 0;
        for (let r = 0; r <= 5; r++) {
          for (let l = 5; l <= 7; l++) {
            // Holders draw on 5 (the rule): the stood tableau has 6 or 7.
            if (l === 5) continue;
            const w = p2(r) * p2(l);
            const rf = (r + third) % 10;
            weight += 13 * w;
            stand += 13 * w * (sign(bankerTotal, rf) * 200 + sign(bankerTotal, l) * 100);
            for (let z = 0; z <= 9; z++) {
              const b = (bankerTotal + z) % 10;
              draw += p1(z) * w * (sign(b, rf) * 200 + sign(b, l) * 100);
            }
          }
        }
        const v = unwrap(
          bankerChoiceValues({
            shoe: { kind: 'infinite' },
            bankerTotal,
            right: { state: 'drew', third },
            left: { state: 'stood' },
            stakes: { right: 200, left: 100 },
          }),
        );
        expect(v.draw.total.fraction).toBe(fraction(draw, weight));
        expect(v.stand.total.fraction).toBe(fraction(stand, weight));
        expect(v.best).toBe(draw >= stand ? 'draw' : 'stand');
      }
    }
  });

  it('R29.3 a natural already paid counts against the banker under either option', () => {
    const position: BankerPosition = {
      shoe: { kind: 'infinite' },
      bankerTotal: 4,
      right: { state: 'natural' },
      left: { state: 'drew', third: 3 },
      stakes: { right: 700, left: 100 },
    };
    const v = unwrap(bankerChoiceValues(position));
    for (const option of ['draw', 'stand'] as const) {
      const total = parse(v[option].total.fraction);
      const left = parse(v[option].left!.expected.fraction);
      expect(formatRational(sub(total, left))).toBe('-700');
    }
    expect(v.draw.right).toBeNull();
  });

  it('R29.1 answers the values as JSON-safe strings', () => {
    const v = unwrap(
      bankerChoiceValues({
        shoe: { kind: 'finite', unseen: fullShoeRanks(6) },
        bankerTotal: 5,
        right: { state: 'drew', third: 4 },
        left: { state: 'stood' },
        stakes: { right: 100, left: 200 },
      }),
    );
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
    expect(v.draw.total.decimal).toMatch(/^-?\d+\.\d{4}$/);
  });
});

describe('R29.1 positions that cannot arise are refused', () => {
  const base: BankerPosition = {
    shoe: { kind: 'infinite' },
    bankerTotal: 3,
    right: { state: 'stood' },
    left: { state: 'stood' },
    stakes: { right: 100, left: 100 },
  };
  const code = (p: BankerPosition) => {
    const r = bankerChoiceValues(p);
    return r.ok ? 'ok' : r.error.code;
  };

  it('R29.1 a natural banker, both naturals, bad faces, stakes, counts and policies', () => {
    expect(code({ ...base, bankerTotal: 8 })).toBe('INVALID_TOTAL');
    expect(code({ ...base, right: { state: 'natural' }, left: { state: 'natural' } })).toBe(
      'NO_BANKER_CHOICE',
    );
    expect(code({ ...base, left: { state: 'drew', third: 10 } })).toBe('INVALID_TABLEAU');
    expect(code({ ...base, stakes: { right: -1, left: 0 } })).toBe('INVALID_STAKE');
    expect(code({ ...base, stakes: { right: 1.5, left: 0 } })).toBe('INVALID_STAKE');
    expect(code({ ...base, puntoOnFive: { draw: 3, outOf: 2 } })).toBe('INVALID_FIVE_POLICY');
    expect(code({ ...base, shoe: { kind: 'finite', unseen: [1, 2, 3] } })).toBe(
      'SHOE_COUNTS_LENGTH',
    );
    expect(
      code({ ...base, shoe: { kind: 'finite', unseen: [1, 1, 1, 1, 0, 0, 0, 0, 0, 0] } }),
    ).toBe('SHOE_TOO_SMALL');
    expect(code({ ...base, shoe: { kind: 'finite', unseen: fullShoeRanks(9) } })).toBe(
      'SHOE_TOO_LARGE',
    );
    // Five cards, none able to make 5, 6 or 7 in pairs: no deal leads here.
    expect(
      code({ ...base, shoe: { kind: 'finite', unseen: [5, 0, 0, 0, 0, 0, 0, 0, 0, 0] } }),
    ).toBe('IMPOSSIBLE_POSITION');
    expect(code(base)).toBe('ok');
  });
});
