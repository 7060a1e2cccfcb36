import { describe, expect, it } from 'vitest';
import { DRAGON_MARGINS, MAIN_ROWS, SIDE_ROWS, TIE_OPTIONS } from './payouts';

describe('the rules page’s payouts', () => {
  it('come from payoutFor for every rule set (R9.3–R9.8)', () => {
    expect(MAIN_ROWS.map((r) => [r.label, ...r.cells.map((c) => c.words)])).toEqual([
      ['Player bet, Player wins', '1:1', '1:1', '1:1'],
      ['Banker bet, Banker wins on 0–5 or 7–9', '0.95:1', '1:1', '1:1'],
      ['Banker bet, Banker wins with 6', '0.95:1', '1:2', '1:1'],
      [
        'Player or Banker bet, a tie',
        'stake back (push)',
        'stake back (push)',
        'stake back (push)',
      ],
      ['Tie bet, a tie', '8:1', '8:1', '8:1'],
    ]);
    expect(TIE_OPTIONS.map((t) => t.words)).toEqual(['8:1', '9:1']);
  });

  it('price the side bets as REFERENCE.md lists them (R9.10–R9.12)', () => {
    expect(SIDE_ROWS.map((r) => r.pays)).toEqual(['11:1', '11:1', 'by margin', '12:1']);
    expect(SIDE_ROWS[2]!.when).toContain('natural: 1:1');
    expect(SIDE_ROWS[2]!.when).toContain('two naturals: stake back (push)');
    expect(SIDE_ROWS[3]!.when).toContain('no-commission tables only');
    expect(DRAGON_MARGINS.map((m) => `${m.margin} ${m.words}`)).toEqual([
      '9 30:1',
      '8 10:1',
      '7 6:1',
      '6 4:1',
      '5 2:1',
      '4 1:1',
      '3 loses',
    ]);
  });
});
