import { describe, expect, it } from 'vitest';
import { bancoOrder, firstHolders, nextHolders, sideOf, sideSeats, stakingOrder } from './sides.js';

describe('R22 the sides', () => {
  it('R22.1 seats 1–6 are the right side and 7–12 the left; the banker’s seat plays neither', () => {
    expect([1, 6, 7, 12].map(sideOf)).toEqual(['right', 'right', 'left', 'left']);
    expect([0, 13, 2.5].map(sideOf)).toEqual([null, null, null]);
    expect(sideSeats([4, 2, 9, 7, 3], 'right', 2)).toEqual([3, 4]);
  });

  it('R22.2 the nearest punter holds a side’s cards, keeps them on a win, passes them on a loss', () => {
    const seats = [1, 3, 5, 8, 10];
    const holders = firstHolders(seats, 1);
    expect(holders).toEqual({ right: 3, left: 8 });
    const after = nextHolders(holders, { right: true, left: false }, seats, 1);
    expect(after).toEqual({ right: 5, left: 8 });
    // From the far end back to the nearest.
    expect(nextHolders(after, { right: true, left: false }, seats, 1).right).toBe(3);
    // A holder who left is replaced by the next one along.
    expect(nextHolders(holders, { right: false, left: false }, [1, 3, 5, 10], 1).left).toBe(10);
    expect(firstHolders([1, 2], 1)).toEqual({ right: 2, left: null });
  });

  it('R22.3 the turn runs from the banker’s right outwards, then back along his left', () => {
    expect(stakingOrder([1, 2, 4, 7, 9, 12], 1)).toEqual([2, 4, 12, 9, 7]);
  });

  it('R22.4 banco claims alternate from the banker’s right-hand neighbour', () => {
    expect(bancoOrder([1, 2, 4, 7, 9, 12], 1)).toEqual([2, 7, 4, 9, 12]);
  });
});
