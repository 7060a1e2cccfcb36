import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TableTimers } from './table-timers.js';

describe('TableTimers (T2.6)', () => {
  let wall = 0;
  const timers = () => new TableTimers(() => wall);

  beforeEach(() => {
    vi.useFakeTimers();
    wall = 1_000;
  });
  afterEach(() => vi.useRealTimers());

  it('T2.6 a round timer that wakes before the wall clock reaches its time waits out the rest', () => {
    const fired: number[] = [];
    const table = timers();
    table.schedule(1_100, () => fired.push(wall));
    // The loop's timer comes due while the wall clock still reads a millisecond short.
    wall = 1_099;
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([]);
    wall = 1_100;
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([1_100]);
  });

  it('T2.6 an early timer armed again can still be cancelled, and a new one replaces it', () => {
    const fired: string[] = [];
    const table = timers();
    table.schedule(1_100, () => fired.push('first'));
    wall = 1_099;
    vi.advanceTimersByTime(100);
    table.cancelRound();
    wall = 1_200;
    vi.advanceTimersByTime(200);
    expect(fired).toEqual([]);
    table.schedule(1_300, () => fired.push('second'));
    wall = 1_300;
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['second']);
  });

  it('T2.6 a seat hold that wakes early waits too, and its cancel still holds after the re-arm', () => {
    const fired: string[] = [];
    const table = timers();
    table.hold('ann', 1_050, () => fired.push('ann'));
    table.hold('bo', 1_050, () => fired.push('bo'));
    wall = 1_049;
    vi.advanceTimersByTime(50);
    table.cancelHold('bo');
    wall = 1_050;
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['ann']);
  });
});
