import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFairShoe, playShoe } from '../fair-shoe.js';
import { burnShoe, cutIndex, roundStatus, type ShoeState } from '../shoe.js';
import { unwrap } from '../testing/unwrap.js';
import { openBank } from './bank.js';
import { postBank, stepCoup, type CoupState } from './coup.js';
import { CHEMIN_DE_FER_SHOE, createCheminDeFerShoe } from './shoe.js';

const seeds = {
  serverSeed: createHash('sha256').update('chemin-de-fer-shoe').digest('hex'),
  clientSeed: 'cdf',
  shoeNumber: 3,
};
const seats = [1, 2];
const rules = { cagnottePercent: 5, choices: 'by-rule', limits: { min: 100, max: 1000 } } as const;

function byRuleCoup(shoe: ShoeState): CoupState {
  const open = unwrap(
    postBank({
      rules,
      shoe,
      offer: openBank(seats),
      seats,
      banker: 1,
      bank: 100,
      bancoSuivi: null,
    }),
  );
  const called = unwrap(stepCoup(open, { type: 'call', seat: 2, call: { kind: 'banco' } }));
  return unwrap(stepCoup(called, { type: 'close-cover' }));
}

describe('R14.1 R14.2 the Chemin de Fer shoe', () => {
  it('R14.1 is the fair shoe of R11 with six decks; R14.2 the stop card 7 from the back, finish-current', () => {
    const shoe = unwrap(createCheminDeFerShoe(seeds));
    expect(shoe.cards).toHaveLength(312);
    expect([shoe.cut, shoe.lastHand]).toEqual([7, 'finish-current']);
    // The same shuffle as any table shoe with those seeds and decks: reused, not forked.
    expect(shoe.cards).toEqual(unwrap(createFairShoe({ ...seeds, decks: 6 })).cards);
    expect(unwrap(createCheminDeFerShoe({ ...seeds, decks: 8 })).cards).toHaveLength(416);
    expect(CHEMIN_DE_FER_SHOE).toEqual({ decks: 6, cut: 7, lastHand: 'finish-current' });
  });

  it('R14.2 R16.4 a whole shoe played by the rule deals exactly the Punto Banco rounds of the same shoe', () => {
    const puntoBanco = unwrap(playShoe({ ...seeds, ...CHEMIN_DE_FER_SHOE }));
    let shoe = unwrap(burnShoe(unwrap(createCheminDeFerShoe(seeds)))).state;
    const coups: { cards: string[]; outcome: string }[] = [];
    while (roundStatus(shoe) !== 'finished') {
      const over = byRuleCoup(shoe);
      if (over.phase !== 'settled') throw new Error(over.phase);
      const dealt = over.story.filter((s) => s.kind === 'dealt' || s.kind === 'draw');
      const [first] = dealt;
      const order =
        first?.kind === 'dealt'
          ? [first.punto[0]!, first.banker[0]!, first.punto[1]!, first.banker[1]!]
          : [];
      for (const s of dealt) if (s.kind === 'draw') order.push(s.card!);
      coups.push({ cards: order, outcome: over.settlement.outcome });
      shoe = over.shoe;
    }
    expect(coups.length).toBeGreaterThan(50);
    expect(coups).toEqual(puntoBanco.rounds.map((r) => ({ cards: r.dealt, outcome: r.outcome })));
    // The last coup began in front of the stop card, and the shoe ended with at most 7 behind.
    expect(shoe.next).toBeGreaterThanOrEqual(cutIndex(shoe));
  });
});
