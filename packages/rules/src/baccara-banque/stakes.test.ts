import { describe, expect, it } from 'vitest';
import { resolveStakes, type PlayerCall, type StakeCall } from './stakes.js';

const c = (seat: number | null, call: StakeCall, player = `p${seat ?? 'w'}`): PlayerCall => ({
  player,
  seat,
  call,
});
const stake = (on: 'right' | 'left' | 'cheval', amount: number) =>
  ({ kind: 'stake', on, amount }) as const;

// The banker sits at 1; the right side is 2–6, the left 7–12 (R22.1).
describe('R22 stakes against the bank', () => {
  it('R22.3 stakes are taken in turn from the banker’s right, whatever order they came in', () => {
    const calls = [c(8, stake('right', 600)), c(7, stake('right', 600)), c(3, stake('right', 600))];
    const cover = resolveStakes(1000, 1, calls);
    // Turn: right side outwards (3), then left inwards (8, then 7).
    expect(cover.stakes.map((s) => [s.seat, s.amount])).toEqual([
      [3, 600],
      [8, 400],
    ]);
    expect(cover.returned).toEqual([
      { player: 'p8', seat: 8, amount: 200 },
      { player: 'p7', seat: 7, amount: 600 },
    ]);
  });

  it('R22.4 a banco covers the whole bank alone; the right-hand neighbour has the first claim', () => {
    const calls = [
      c(7, { kind: 'banco', on: 'left' }),
      c(2, { kind: 'banco', on: 'right' }),
      c(3, stake('left', 100)),
    ];
    const cover = resolveStakes(1000, 1, calls);
    expect(cover.kind).toBe('banco');
    expect(cover.stakes).toEqual([{ player: 'p2', seat: 2, on: 'right', amount: 1000 }]);
    expect(cover.onTableau).toEqual({ right: 1000, left: 0 });
    expect(cover.returned.map((r) => r.seat)).toEqual([7, 3]);
    // Alternating among those seated: the nearest on the left comes before the second on the
    // right, and an empty seat is no one's place.
    const calls2 = [c(3, { kind: 'banco', on: 'right' }), c(7, { kind: 'banco', on: 'left' })];
    expect(resolveStakes(1000, 1, calls2, [2, 3, 7, 8]).stakes[0]!.seat).toBe(7);
    expect(resolveStakes(1000, 1, calls2, [3, 7, 8]).stakes[0]!.seat).toBe(3);
  });

  it('R22.4 a banco on halves puts half the bank on each tableau, the right half rounded up', () => {
    const cover = resolveStakes(1001, 1, [c(2, { kind: 'banco', on: 'halves' })]);
    expect(cover.stakes).toEqual([
      { player: 'p2', seat: 2, on: 'right', amount: 501 },
      { player: 'p2', seat: 2, on: 'left', amount: 500 },
    ]);
  });

  it('R22.4 a shared banco joins a punter of each side, each on his own tableau', () => {
    const cover = resolveStakes(1000, 1, [
      c(8, { kind: 'banco-shared' }),
      c(3, { kind: 'banco-shared' }),
      c(2, stake('right', 300)),
    ]);
    expect(cover.kind).toBe('banco-shared');
    expect(cover.stakes).toEqual([
      { player: 'p3', seat: 3, on: 'right', amount: 500 },
      { player: 'p8', seat: 8, on: 'left', amount: 500 },
    ]);
    // Alone, it is a stake of half on the caller's own tableau.
    const alone = resolveStakes(1000, 1, [
      c(8, { kind: 'banco-shared' }),
      c(2, stake('left', 700)),
    ]);
    expect(alone.kind).toBe('stakes');
    expect(alone.stakes).toEqual([
      { player: 'p2', seat: 2, on: 'left', amount: 700 },
      { player: 'p8', seat: 8, on: 'left', amount: 300 },
    ]);
  });

  it('R22.5 an à cheval stake takes room on both tableaux', () => {
    const cover = resolveStakes(1000, 1, [
      c(2, stake('right', 700)),
      c(3, stake('cheval', 500)),
      c(8, stake('left', 900)),
    ]);
    expect(cover.stakes.map((s) => [s.seat, s.on, s.amount])).toEqual([
      [2, 'right', 700],
      [3, 'cheval', 300],
      [8, 'left', 700],
    ]);
    expect(cover.onTableau).toEqual({ right: 1000, left: 1000 });
  });

  it('R22.6 watchers stake after every seated punter, in the order they called', () => {
    const cover = resolveStakes(1000, 1, [
      c(null, stake('right', 500), 'w1'),
      c(7, stake('right', 800)),
      c(null, stake('right', 500), 'w2'),
    ]);
    expect(cover.stakes.map((s) => [s.player, s.amount])).toEqual([
      ['p7', 800],
      ['w1', 200],
    ]);
    expect(cover.returned).toEqual([
      { player: 'w1', seat: null, amount: 300 },
      { player: 'w2', seat: null, amount: 500 },
    ]);
  });

  it('R22.7 each tableau takes stakes up to the bank; the rest goes back before the deal', () => {
    const cover = resolveStakes(500, 1, [c(2, stake('right', 400)), c(3, stake('right', 400))]);
    expect(cover.onTableau).toEqual({ right: 500, left: 0 });
    expect(cover.returned).toEqual([{ player: 'p3', seat: 3, amount: 300 }]);
    const none = resolveStakes(500, 1, [c(2, { kind: 'none' })]);
    expect(none.stakes).toEqual([]);
    expect(none.returned).toEqual([]);
  });
});
