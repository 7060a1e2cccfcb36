import { describe, expect, it } from 'vitest';
import { cagnotteOf, checkCagnotteBp, settleCoup, stakeResult } from './settle.js';
import type { Stake } from './stakes.js';

const s = (seat: number, on: Stake['on'], amount: number): Stake => ({
  player: `p${seat}`,
  seat,
  on,
  amount,
});
const held = (bank: number, stakes: readonly Stake[]) =>
  bank + stakes.reduce((sum, k) => sum + k.amount, 0);

describe('R24 settlement', () => {
  it('R24.1 each tableau is settled on its own; a tie is void for its stakes', () => {
    const stakes = [s(2, 'right', 300), s(7, 'left', 200)];
    const done = settleCoup(1000, stakes, { right: 'tie', left: 'banker' }, 0);
    expect(done.payouts.map((p) => [p.seat, p.result, p.back])).toEqual([
      [2, 'void', 300],
      [7, 'lose', 0],
    ]);
    expect(done.bankAfter).toBe(1200);
  });

  it('R24.2 an à cheval stake wins only if both win, loses only if both lose (R22.5)', () => {
    expect(stakeResult('cheval', { right: 'tableau', left: 'tableau' })).toBe('win');
    expect(stakeResult('cheval', { right: 'banker', left: 'banker' })).toBe('lose');
    expect(stakeResult('cheval', { right: 'tableau', left: 'banker' })).toBe('void');
    expect(stakeResult('cheval', { right: 'tie', left: 'tableau' })).toBe('void');
    expect(stakeResult('left', { right: 'banker', left: 'tableau' })).toBe('win');
  });

  it('R24.3 a bank that cannot pay every winner pays in staking order and returns the rest', () => {
    const stakes = [s(2, 'right', 600), s(3, 'right', 400), s(8, 'left', 500), s(7, 'left', 300)];
    const done = settleCoup(1000, stakes, { right: 'tableau', left: 'tableau' }, 125);
    expect(done.payouts.map((p) => [p.seat, p.back, p.unpaid])).toEqual([
      [2, 1200, 0],
      [3, 800, 0],
      [8, 500, 500],
      [7, 300, 300],
    ]);
    expect(done.short).toBe(true);
    expect(done.bankAfter).toBe(0);
    expect(done.cagnotte).toBe(0);
    // What the banker won on one tableau pays the other's winners too.
    const split = settleCoup(
      500,
      [s(2, 'right', 500), s(8, 'left', 500)],
      {
        right: 'tableau',
        left: 'banker',
      },
      0,
    );
    expect(split.payouts[0]).toMatchObject({ back: 1000, unpaid: 0 });
    expect(split.bankAfter).toBe(500);
  });

  it('R24.3 a lone natural’s winners are paid ahead of the rest (R23.2)', () => {
    const stakes = [s(2, 'right', 800), s(8, 'left', 800)];
    const done = settleCoup(1000, stakes, { right: 'tableau', left: 'tableau' }, 0, ['left']);
    expect(done.payouts.map((p) => [p.seat, p.unpaid])).toEqual([
      [8, 0],
      [2, 600],
    ]);
  });

  it('R24.4 the cagnotte is taken on the net of both tableaux, rounded down to 10', () => {
    // Wins both: on the total.
    const both = settleCoup(
      10_000,
      [s(2, 'right', 3000), s(8, 'left', 1000)],
      {
        right: 'banker',
        left: 'banker',
      },
      125,
    );
    expect(both.bankerGross).toBe(4000);
    expect(both.cagnotte).toBe(50);
    // Wins one, loses the other: on the difference.
    const split = settleCoup(
      10_000,
      [s(2, 'right', 3000), s(8, 'left', 1000)],
      {
        right: 'banker',
        left: 'tableau',
      },
      125,
    );
    expect(split.bankerGross).toBe(2000);
    expect(split.cagnotte).toBe(20);
    // A net loss pays none.
    expect(cagnotteOf(-500, 200)).toBe(0);
    // 1.25 % of 1,999 is 24.98…: down to 20.
    expect(cagnotteOf(1999, 125)).toBe(20);
    expect(cagnotteOf(1000, 200)).toBe(20);
    expect(checkCagnotteBp(201).ok).toBe(false);
    expect(checkCagnotteBp(0).ok).toBe(true);
  });

  it('R24.5 nothing is made or lost', () => {
    const stakes = [s(2, 'right', 700), s(3, 'cheval', 300), s(8, 'left', 450), s(7, 'left', 250)];
    const outcomes = ['tableau', 'banker', 'tie'] as const;
    for (const right of outcomes)
      for (const left of outcomes)
        for (const bank of [100, 1000, 5000]) {
          const done = settleCoup(bank, stakes, { right, left }, 200);
          const out = done.bankAfter + done.cagnotte + done.payouts.reduce((a, p) => a + p.back, 0);
          expect(out).toBe(held(bank, stakes));
          expect(done.bankAfter).toBeGreaterThanOrEqual(0);
        }
  });
});
