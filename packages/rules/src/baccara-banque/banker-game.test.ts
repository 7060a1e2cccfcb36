import { describe, expect, it } from 'vitest';
import { formatRational, rational } from '../chemin-de-fer/odds/rational.js';
import { bruteCoup } from '../testing/banker-brute.js';
import { unwrap } from '../testing/unwrap.js';
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

  it('R29.4 an empty list of scenarios and a shoe too small for a coup', () => {
    expect(unwrap(bankerGame({ shoe: { kind: 'infinite' }, scenarios: [] }))).toEqual([]);
    const small = bankerGame({
      shoe: { kind: 'finite', unseen: [2, 1, 1, 1, 1, 1, 1, 0, 0, 0] },
      scenarios: [{ stakes: { right: 1, left: 1 } }],
    });
    expect(small.ok ? 'ok' : small.error.code).toBe('SHOE_TOO_SMALL');
  });
});
