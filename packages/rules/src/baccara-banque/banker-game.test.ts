import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatRational, rational, roundDecimal } from '../chemin-de-fer/odds/rational.js';
import { fullShoeRanks } from '../odds/composition.js';
import { bruteCoup, type BrutePosition } from '../testing/banker-brute.js';
import { unwrap } from '../testing/unwrap.js';
import { bankerChoiceValues } from './banker-odds.js';
import { bankerGame, FACES, NATURAL_FACE, STOOD_FACE } from './banker-game.js';
import { cagnotteOf, type TableauView } from './banker-position.js';

const countsOf = (cards: readonly number[]) => {
  const counts = new Array<number>(10).fill(0);
  for (const v of cards) counts[v]! += 1;
  return counts;
};
const faceOf = (view: TableauView) =>
  view.state === 'natural' ? NATURAL_FACE : view.state === 'stood' ? STOOD_FACE : 2 + view.third;

describe('R29.4 the whole coup with the banker’s best reply', () => {
  const shoes = [
    [0, 0, 1, 3, 4, 5, 6, 8, 9],
    [0, 2, 2, 5, 5, 5, 7, 7, 9],
    [0, 0, 0, 1, 2, 3, 4, 6, 7],
  ];
  const scenarios = [
    { right: 1000, left: 1000, cheval: 0 },
    { right: 2000, left: 1000, cheval: 300, cagnotte: cagnotteOf(125) },
  ];
  for (const shoe of shoes) {
    for (const five of [
      { draw: 1, outOf: 1 },
      { draw: 0, outOf: 1 },
      { draw: 1, outOf: 4 },
    ]) {
      it(`R29.4 R29.3 shoe ${shoe.join('')}, holders draw on 5 ${five.draw}/${five.outOf}: value and replies as dealt`, () => {
        const game = unwrap(
          bankerGame({
            shoe: { kind: 'finite', unseen: countsOf(shoe) },
            puntoOnFive: five,
            scenarios: scenarios.map(({ cagnotte, ...stakes }) => ({
              stakes,
              ...(cagnotte ? { cagnotte } : {}),
            })),
          }),
        );
        scenarios.forEach((money, i) => {
          const brute = bruteCoup(shoe, money, five);
          let best = brute.noChoiceNet;
          for (const p of brute.positions.values()) {
            best += Math.max(p.draw, p.stand);
            const cell = game[i]!.replies[p.bankerTotal]![faceOf(p.right)]![faceOf(p.left)]!;
            const reply = p.draw >= p.stand ? 'D' : 'S';
            expect(cell === reply || cell === 'M').toBe(true);
          }
          expect(game[i]!.expectedNet.fraction).toBe(formatRational(rational(best, brute.deals)));
          const chances = game[i]!.classes.map((c) => {
            const [num, den = '1'] = c.fraction.split('/');
            return rational(BigInt(num!), BigInt(den));
          });
          const sum = chances.reduce((a, c) =>
            rational(a.num * c.den + c.num * a.den, a.den * c.den),
          );
          expect(formatRational(sum)).toBe('1');
        });
      });
    }
  }

  it('R29.4 infinite deck, equal stakes: the replies are the same with the tableaux swapped', () => {
    const [equal] = unwrap(
      bankerGame({ shoe: { kind: 'infinite' }, scenarios: [{ stakes: { right: 1, left: 1 } }] }),
    );
    for (let bt = 0; bt <= 7; bt++) {
      for (let r = 0; r < FACES.length; r++) {
        for (let l = 0; l < FACES.length; l++) {
          expect(equal!.replies[bt]![r]![l]).toBe(equal!.replies[bt]![l]![r]);
        }
      }
    }
    // In the infinite deck the cards making a total cannot matter: no cell is mixed.
    expect(equal!.replies.flat(2)).not.toContain('M');
  });

  it('R29.4 a fixed banker rule is valued as dealt: always draw, always stand', () => {
    const shoe = [0, 0, 1, 3, 4, 5, 6, 8, 9];
    const money = { right: 300, left: 100, cheval: 0 };
    const game = unwrap(
      bankerGame({
        shoe: { kind: 'finite', unseen: countsOf(shoe) },
        scenarios: [
          { stakes: money, decide: () => 'draw' },
          { stakes: money, decide: () => 'stand' },
        ],
      }),
    );
    const brute = bruteCoup(shoe, money, { draw: 1, outOf: 1 });
    const positions = [...brute.positions.values()];
    const sumOf = (pick: (p: BrutePosition) => number) =>
      positions.reduce((sum, p) => sum + pick(p), brute.noChoiceNet);
    expect(game[0]!.expectedNet.fraction).toBe(
      formatRational(
        rational(
          sumOf((p) => p.draw),
          brute.deals,
        ),
      ),
    );
    expect(game[1]!.expectedNet.fraction).toBe(
      formatRational(
        rational(
          sumOf((p) => p.stand),
          brute.deals,
        ),
      ),
    );
  });

  it('R29.4 R29.1 infinite deck: the game is the chance of each position times its best value', () => {
    // Independent of the game's own counting: positions from the two-card and one-card chances,
    // each valued by bankerChoiceValues, the rest settled by hand.
    const p1 = (v: number) => (v === 0 ? 4n : 1n);
    const p2 = (t: number) => (t === 0 ? 25n : 16n);
    const sign = (b: number, p: number) => (b > p ? 1 : b < p ? -1 : 0);
    const stakes = { right: 160_000, left: 80_000, cheval: 40_000 };
    const cagnotte = cagnotteOf(125);
    const netOf = (r: number, l: number) => {
      const both = r === l ? r : 0;
      const net = r * stakes.right + l * stakes.left + both * stakes.cheval;
      return BigInt(net > 0 ? net - cagnotte(net) : net);
    };
    // Faces with their chance over 169 · 13: the holders draw on 5 (the rule).
    const faces: [TableauView, bigint][] = [
      [{ state: 'natural' }, (p2(8) + p2(9)) * 13n],
      [{ state: 'stood' }, (p2(6) + p2(7)) * 13n],
      ...Array.from({ length: 10 }, (_, third): [TableauView, bigint] => [
        { state: 'drew', third },
        [0, 1, 2, 3, 4, 5].reduce((sum, t) => sum + p2(t), 0n) * p1(third),
      ]),
    ];
    let total = rational(0);
    const add = (num: bigint, den: bigint) => {
      total = rational(total.num * den + num * total.den, total.den * den);
    };
    for (let bt = 0; bt <= 9; bt++) {
      if (bt >= 8) {
        for (let r = 0; r <= 9; r++)
          for (let l = 0; l <= 9; l++)
            add(p2(bt) * p2(r) * p2(l) * netOf(sign(bt, r), sign(bt, l)), 169n ** 3n);
        continue;
      }
      for (const [right, pr] of faces) {
        for (const [left, pl] of faces) {
          const chance = p2(bt) * pr * pl;
          const den = 169n * (169n * 13n) ** 2n;
          if (right.state === 'natural' && left.state === 'natural') {
            add(chance * netOf(-1, -1), den);
            continue;
          }
          const v = unwrap(
            bankerChoiceValues({
              shoe: { kind: 'infinite' },
              bankerTotal: bt,
              right,
              left,
              stakes,
              cagnotte,
            }),
          );
          const [num, d = '1'] = v[v.best].total.fraction.split('/');
          add(chance * BigInt(num!), den * BigInt(d));
        }
      }
    }
    const [game] = unwrap(
      bankerGame({ shoe: { kind: 'infinite' }, scenarios: [{ stakes, cagnotte }] }),
    );
    expect(game!.expectedNet.fraction).toBe(formatRational(total));
  });

  it('R29.4 an empty list of scenarios and a shoe too small for a coup', () => {
    expect(unwrap(bankerGame({ shoe: { kind: 'infinite' }, scenarios: [] }))).toEqual([]);
    const small = bankerGame({
      shoe: { kind: 'finite', unseen: [2, 1, 1, 1, 1, 1, 1, 0, 0, 0] },
      scenarios: [{ stakes: { right: 1, left: 1 } }],
    });
    expect(small.ok ? 'ok' : small.error.code).toBe('SHOE_TOO_SMALL');
  });
});

describe('R29.4 the figures RULES.md quotes', () => {
  const rules = readFileSync(fileURLToPath(new URL('../../RULES.md', import.meta.url)), 'utf8');
  const quote = rules.slice(rules.indexOf('- **R29.4**'));
  const percent = (r: { edgeExact: { num: bigint; den: bigint } }) =>
    roundDecimal({ num: r.edgeExact.num * 100n, den: r.edgeExact.den }, 4);
  const scenarios = [
    { stakes: { right: 80_000, left: 80_000 } },
    { stakes: { right: 160_000, left: 80_000 } },
    { stakes: { right: 80_000, left: 80_000 }, cagnotte: cagnotteOf(125) },
  ];

  it('R29.4 infinite deck and a full six-deck shoe, punters drawing on 5', () => {
    const [equal, twoToOne, taxed] = unwrap(bankerGame({ shoe: { kind: 'infinite' }, scenarios }));
    expect(quote).toContain(`${equal!.edge.fraction} ≈ ${percent(equal!)} %`);
    expect(quote).toContain(`≈ ${percent(twoToOne!)} %`);
    expect(quote).toContain(
      `about ${roundDecimal({ num: taxed!.edgeExact.num * 100n, den: taxed!.edgeExact.den }, 2)} %`,
    );
    const [six, sixTwo] = unwrap(
      bankerGame({ shoe: { kind: 'finite', unseen: fullShoeRanks(6) }, scenarios }),
    );
    expect(quote).toContain(`≈ ${percent(six!)} % from a full six-deck shoe`);
    expect(quote).toContain(`≈ ${percent(sixTwo!)} %`);
  });
});
