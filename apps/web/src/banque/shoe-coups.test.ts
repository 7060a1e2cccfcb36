import type { ShoeReply } from '@banco/protocol';
import type { baccaraBanque } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { banqueCoupRow, playWords, resultWords } from './shoe-coups';

type Round = ShoeReply['rounds'][number];
/** A story as the rules module writes it (R24's CoupStep), sent as JSON (P5.1). */
const story = (steps: baccaraBanque.CoupStep[]) =>
  JSON.parse(JSON.stringify(steps)) as Round['story'];

/**
 * Right 2H 3D (5, the holder stands by choice); left 10S 4C (4) draws 3H by the table; the
 * banker KC 5S (5) draws 4D by his own choice (R23.5) and beats both.
 */
const chosen: Round = {
  number: 1,
  cards: ['2H', '10S', 'KC', '3D', '4C', '5S', '3H', '4D'],
  outcome: 'banker',
  voided: false,
  story: story([
    { kind: 'dealt', right: ['2H', '3D'], left: ['10S', '4C'], banker: ['KC', '5S'] },
    { kind: 'stand', hand: 'right', total: 5, by: 'choice', rule: 'R23.3' },
    { kind: 'draw', hand: 'left', total: 4, card: '3H', by: 'table', rule: 'R23.3' },
    { kind: 'draw', hand: 'banker', total: 5, card: '4D', by: 'choice', rule: 'R23.5' },
    {
      kind: 'result',
      outcomes: { right: 'banker', left: 'banker' },
      totals: { right: 5, left: 7, banker: 9 },
    },
  ]),
};

/** Right 3C 5H: a lone natural 8, paid at once; left 2D 2S draws 3S; the banker stands on 6. */
const lone: Round = {
  number: 2,
  cards: ['3C', '2D', 'QC', '5H', '2S', '6H', '3S'],
  outcome: 'player',
  voided: false,
  story: story([
    { kind: 'dealt', right: ['3C', '5H'], left: ['2D', '2S'], banker: ['QC', '6H'] },
    { kind: 'natural', hand: 'right', total: 8, paid: true },
    { kind: 'draw', hand: 'left', total: 4, card: '3S', by: 'table', rule: 'R23.3' },
    { kind: 'stand', hand: 'banker', total: 6, by: 'rule', rule: 'R23.6' },
    {
      kind: 'result',
      outcomes: { right: 'tableau', left: 'tableau' },
      totals: { right: 8, left: 7, banker: 6 },
    },
  ]),
};

describe('a Baccara Banque coup as /shoes shows it (R20–R24, P5.1)', () => {
  it('R20.4 R23.5 splits the cards by hand from the story: each third card to the hand that drew it', () => {
    const row = banqueCoupRow(chosen);
    expect(row.hands).toEqual({
      right: { cards: ['2H', '3D'], total: 5 },
      left: { cards: ['10S', '4C', '3H'], total: 7 },
      banker: { cards: ['KC', '5S', '4D'], total: 9 },
    });
    expect(playWords(row)).toEqual([
      "Right tableau stood on 5 by the holder's choice",
      'Left tableau drew on 4 by the rule',
      "Banker drew on 5 by the banker's choice",
    ]);
    expect(resultWords(row)).toBe('Right: the banker wins; left: the banker wins');
  });

  it('R23.2 says a lone tableau natural was paid at once, and a choice left to the room’s rule', () => {
    const row = banqueCoupRow(lone);
    expect(row.hands?.right).toEqual({ cards: ['3C', '5H'], total: 8 });
    expect(playWords(row)[0]).toBe(
      'Right tableau: natural 8, paid at once while the other played on',
    );
    expect(playWords(row)[2]).toBe('Banker stood on 6 by the room’s rule, no choice made in time');
    expect(resultWords(row)).toBe('Right: the tableau wins; left: the tableau wins');
  });

  it('T9.6 a coup called off has no hands and says its stakes went back; no story, no split', () => {
    const off = banqueCoupRow({ number: 3, cards: [], outcome: null, voided: true, story: null });
    expect(off.hands).toBeNull();
    expect(resultWords(off)).toBe('Called off: every stake went back');
    // P5.1: a shoe in play publishes no story, so its coups are not split by hand.
    const hidden = banqueCoupRow({ ...chosen, story: null });
    expect(hidden.hands).toBeNull();
    expect(hidden.dealt).toEqual(chosen.cards);
    expect(playWords(hidden)).toEqual([]);
  });
});
