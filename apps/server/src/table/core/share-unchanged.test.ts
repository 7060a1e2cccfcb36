import { describe, expect, it } from 'vitest';
import { allRoads, type RoadResult } from '@banco/rules';
import { shareUnchanged } from './share-unchanged.js';
import type { ShoeSession } from './state.js';
import { roadsView } from './views.js';

const OUTCOMES = ['banker', 'player', 'banker', 'tie', 'player', 'player', 'banker'] as const;
const result = (i: number): RoadResult => ({
  outcome: OUTCOMES[(i * 5 + (i >> 2)) % OUTCOMES.length]!,
  playerPair: i % 11 === 0,
  bankerPair: i % 13 === 0,
  playerTotal: i % 10,
  bankerTotal: (i * 3) % 10,
});

/** A shoe `rounds` in, its results appended one a round as the table does (round-flow.ts). */
function rounds(count: number): ShoeSession[] {
  const shoes: ShoeSession[] = [];
  let results: readonly RoadResult[] = [];
  for (let i = 0; i < count; i++) {
    results = [...results, result(i)];
    shoes.push({ id: 'shoe-1', results } as unknown as ShoeSession);
  }
  return shoes;
}

describe('shareUnchanged', () => {
  it('keeps the new value, with every equal part taken from the old', () => {
    const prev = { a: [1, { b: 2 }], c: { d: 'x' }, e: 1 };
    const next = { a: [1, { b: 2 }, 3], c: { d: 'x' }, e: 2 };
    const shared = shareUnchanged(prev, next);
    expect(shared).toEqual({ a: [1, { b: 2 }, 3], c: { d: 'x' }, e: 2 });
    expect(shared.c).toBe(prev.c);
    expect(shared.a[1]).toBe(prev.a[1]);
    expect(shared.a).not.toBe(prev.a);
  });

  it('gives the old value back when the two are equal throughout', () => {
    const prev = { a: [1, { b: 2 }], c: null };
    expect(shareUnchanged(prev, { a: [1, { b: 2 }], c: null })).toBe(prev);
  });

  it('never takes an old part with a key more, a key less or another kind', () => {
    const prev = { a: { b: 1, c: 2 }, d: { b: 1 }, e: [1], f: { 0: 1 } };
    const next = { a: { b: 1 }, d: { b: 1, c: undefined }, e: { 0: 1 }, f: [1] };
    const shared = shareUnchanged(prev, next);
    expect(shared.a).not.toBe(prev.a);
    expect(shared.d).not.toBe(prev.d);
    expect(shared.e).toEqual({ 0: 1 });
    expect(Array.isArray(shared.f)).toBe(true);
  });
});

describe('roadsView (R12.1)', () => {
  it("is each round's roads exactly, whatever it shares with the round before", () => {
    for (const shoe of rounds(70)) {
      expect(JSON.stringify(roadsView(shoe))).toBe(JSON.stringify(allRoads(shoe.results)));
    }
  });

  it("shares a round's roads with the next round's, and hands a round's out once", () => {
    const [shoe40, shoe41] = rounds(41).slice(-2) as [ShoeSession, ShoeSession];
    const before = roadsView(shoe40);
    const after = roadsView(shoe41);
    expect(roadsView(shoe41)).toBe(after);
    // A round adds one bead; the beads before it are the previous round's own objects.
    expect(
      after.beadPlate.beads.slice(0, 40).every((b, i) => b === before.beadPlate.beads[i]),
    ).toBe(true);
    expect(
      after.bigRoad.columns.slice(0, -1).every((c, i) => c === before.bigRoad.columns[i]),
    ).toBe(true);
  });

  it('starts afresh for a new shoe (R12.1: its results only)', () => {
    expect(roadsView({ id: 'shoe-2', results: [] } as unknown as ShoeSession)).toEqual(
      allRoads([]),
    );
    expect(roadsView(null)).toEqual(allRoads([]));
  });
});
