import { describe, expect, it } from 'vitest';
import { bankerDecision as puntoBancoBanker, playerDecision } from '../tableau.js';
import {
  bankerDecision,
  CHOICE_CELLS,
  puntoDecision,
  RULE_OPTION,
  type Decision,
} from './draw-table.js';
import { equilibria } from './odds/equilibrium.js';
import { gameCounts, type GameModel } from './odds/game-counts.js';

const kind = (d: Decision) => (d.kind === 'choice' ? d.cell : d.kind);

describe('R16 the Chemin de Fer drawing table', () => {
  it('R16.1 the punto draws on 0–4, chooses on 5, stands on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((t) => kind(puntoDecision(t)))).toEqual([
      'draw',
      'draw',
      'draw',
      'draw',
      'draw',
      'punto-5',
      'stand',
      'stand',
    ]);
  });

  it('R16.2 when the punto stood the banker draws on 0–5 and stands on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((t) => kind(bankerDecision(t, null)))).toEqual([
      'draw',
      'draw',
      'draw',
      'draw',
      'draw',
      'draw',
      'stand',
      'stand',
    ]);
  });

  it('R16.3 the banker follows the reference table, choosing at 3 v 9 and 5 v 4', () => {
    // Rows of the table in REFERENCE.md: d = draws, s = stands, c = chooses, against 0..9.
    const table: Record<number, string> = {
      0: 'dddddddddd',
      1: 'dddddddddd',
      2: 'dddddddddd',
      3: 'ddddddddsc',
      4: 'ssddddddss',
      5: 'sssscdddss',
      6: 'ssssssddss',
      7: 'ssssssssss',
    };
    for (const [total, row] of Object.entries(table)) {
      const got = [...row].map((_, third) => {
        const d = bankerDecision(Number(total), third);
        return d.kind === 'choice' ? 'c' : d.kind === 'draw' ? 'd' : 's';
      });
      expect(got.join(''), `banker ${total}`).toBe(row);
    }
  });

  it('R16.3 outside the three choice cells the table is the Punto Banco tableau', () => {
    for (let total = 0; total <= 7; total++) {
      const punto = puntoDecision(total);
      if (punto.kind !== 'choice') expect(punto.kind === 'draw').toBe(playerDecision(total).draws);
      for (const third of [null, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
        const d = bankerDecision(total, third);
        if (d.kind !== 'choice')
          expect(d.kind === 'draw').toBe(puntoBancoBanker(total, third).draws);
      }
    }
  });

  it("R16.4 the rule at every choice cell is Punto Banco's draw", () => {
    expect(CHOICE_CELLS.map((cell) => RULE_OPTION[cell])).toEqual(['draw', 'draw', 'draw']);
    expect(
      playerDecision(5).draws && puntoBancoBanker(3, 9).draws && puntoBancoBanker(5, 4).draws,
    ).toBe(true);
  });

  // The justification of R16.4, recomputed: in the casino game (the banker free only at his two
  // cells) each side seeing its own total, the equilibrium is pure and is exactly the rule.
  it.each<[string, GameModel['source']]>([
    ['the infinite deck', { kind: 'infinite' }],
    ['a full six-deck shoe', { kind: 'shoe', values: [96, 24, 24, 24, 24, 24, 24, 24, 24, 24] }],
  ])(
    'R16.4 R18.4 the rule is the equilibrium of the casino game in %s, cagnotte 0 or 5 %%',
    (_, source) => {
      const counts = gameCounts({ source, puntoSees: 'total', bankerSees: 'total' });
      for (const cagnottePercent of [0, 5]) {
        const found = equilibria({ counts, cagnottePercent, freedom: 'table' });
        expect(found).toHaveLength(1);
        const [e] = found;
        expect(e!.puntoDraws).toEqual({ num: 1n, den: 1n });
        expect(e!.bankerMixes).toEqual([]);
        expect(e!.bankerDraws.get('3 v 9')).toEqual({ num: 1n, den: 1n });
        expect(e!.bankerDraws.get('5 v 4')).toEqual({ num: 1n, den: 1n });
      }
    },
  );
});
