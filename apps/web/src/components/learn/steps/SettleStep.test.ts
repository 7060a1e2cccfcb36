import { describe, expect, it } from 'vitest';
import { SETTLEMENT_EXERCISES } from '../deals';
import { settlementHint } from './SettleStep';

const byId = (id: string) => SETTLEMENT_EXERCISES.find((e) => e.id === id)!;

describe('settlementHint', () => {
  it('names the usual slips from the numbers the rules settled', () => {
    expect(settlementHint(byId('player-wins'), 100_00)).toContain('the stake comes back too');
    expect(settlementHint(byId('player-loses'), 80_00)).toContain('not taken twice');
    expect(settlementHint(byId('player-pushes'), 90_00)).toContain('90 + 10 = 100');
    expect(settlementHint(byId('banker-wins'), 110_00)).toContain(
      'the 5% commission keeps 0.50 of the 10',
    );
    expect(settlementHint(byId('tie-wins'), 200_00)).toContain(
      'Tie pays 8:1: you win 80 and get your 10 back, 90 in all. 90 + 90 = 180.',
    );
  });
});
