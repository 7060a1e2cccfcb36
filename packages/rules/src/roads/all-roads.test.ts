import { describe, expect, it } from 'vitest';
import { resolveFromCards } from '../round.js';
import { allRoads, type Roads } from './all-roads.js';
import type { DerivedRoad } from './derived-roads.js';
import { roadRows, type Cell, type RoadRows } from './grid.js';
import { roadResultOf, type RoadResult } from './road-result.js';

/** mulberry32: a tiny seeded generator, so every run of the property tests sees the same shoes. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Streaky on purpose: long runs are what exercise the dragon tail. */
function randomShoe(next: () => number): RoadResult[] {
  const length = Math.floor(next() * 100);
  const streakiness = next();
  const results: RoadResult[] = [];
  let side: 'banker' | 'player' = next() < 0.5 ? 'banker' : 'player';
  for (let i = 0; i < length; i++) {
    const tie = next() < 0.1;
    if (!tie && next() > streakiness) side = side === 'banker' ? 'player' : 'banker';
    results.push({
      outcome: tie ? 'tie' : side,
      playerPair: next() < 0.08,
      bankerPair: next() < 0.08,
    });
  }
  return results;
}

function rowsOf(n: number): RoadRows {
  const rows = roadRows(n);
  if (!rows.ok) throw new Error(rows.error.message);
  return rows.value;
}

/** Checks one road's drawing: cells inside the grid, never shared, each column a proper path. */
function expectWellDrawn(columns: readonly (readonly Cell[])[], rows: number, width: number) {
  const seen = new Set<string>();
  let previousOpening = -1;
  let widest = 0;
  for (const cells of columns) {
    expect(cells.length).toBeGreaterThan(0);
    expect(cells[0]!.row).toBe(0);
    expect(cells[0]!.col).toBeGreaterThan(previousOpening);
    previousOpening = cells[0]!.col;
    let turned = false;
    cells.forEach((cell, i) => {
      expect(cell.row).toBeGreaterThanOrEqual(0);
      expect(cell.row).toBeLessThan(rows);
      const key = `${cell.col}:${cell.row}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      widest = Math.max(widest, cell.col + 1);
      if (i === 0) return;
      const before = cells[i - 1]!;
      const down = cell.col === before.col && cell.row === before.row + 1;
      const right = cell.col === before.col + 1 && cell.row === before.row;
      expect(down || right).toBe(true);
      if (turned) expect(right).toBe(true);
      turned ||= right;
    });
  }
  expect(width).toBe(widest);
}

function derivedColumns(road: DerivedRoad): Cell[][] {
  return road.columns.map((column) => [...column.marks]);
}

function markCount(road: DerivedRoad): number {
  return road.columns.reduce((sum, column) => sum + column.marks.length, 0);
}

const DERIVED = [
  ['bigEyeBoy', 1],
  ['smallRoad', 2],
  ['cockroachPig', 3],
] as const;

describe('R12.1 roads belong to one shoe', () => {
  it('R12.1 a new shoe starts with every road empty', () => {
    const roads = allRoads([]);
    expect(roads.beadPlate.beads).toEqual([]);
    expect(roads.bigRoad.columns).toEqual([]);
    for (const [name] of DERIVED) expect(roads[name].columns).toEqual([]);
    const none = { bigEyeBoy: null, smallRoad: null, cockroachPig: null };
    expect(roads.ask).toEqual({ banker: none, player: none });
  });

  it('R12.1 roads depend on the results given and nothing else, and survive JSON', () => {
    const next = generator(7);
    const first = randomShoe(next);
    const second = randomShoe(next);
    const before = allRoads(first);
    allRoads(second);
    const again: Roads = allRoads(first);
    expect(again).toEqual(before);
    expect(JSON.parse(JSON.stringify(again))).toEqual(again);
  });

  it('R12.2 R12.6 a resolved round feeds the roads with its outcome, pairs and totals', () => {
    // Player 4S 4C (pair, natural 8) against Banker 2H 2D (pair, 4).
    const round = resolveFromCards(['4S', '2H', '4C', '2D']);
    if (!round.ok) throw new Error(round.error.message);
    expect(roadResultOf(round.value)).toEqual({
      outcome: 'player',
      playerPair: true,
      bankerPair: true,
      playerTotal: 8,
      bankerTotal: 4,
    });
  });
});

describe('R12.2–R12.13 properties over seeded random shoes', () => {
  const next = generator(20240611);
  const shoes = Array.from({ length: 400 }, () => ({
    results: randomShoe(next),
    rows: rowsOf(1 + Math.floor(next() * 6)),
  }));

  it('R12.7 R12.12 drawn cells never overlap and every column is a proper path', () => {
    for (const { results, rows } of shoes) {
      const roads = allRoads(results, rows);
      const bigColumns = roads.bigRoad.columns.map((column) => [...column.entries]);
      expectWellDrawn(bigColumns, rows, roads.bigRoad.width);
      for (const [name] of DERIVED) {
        expectWellDrawn(derivedColumns(roads[name]), rows, roads[name].width);
      }
    }
  });

  it('R12.2 R12.3 R12.4 R12.5 every round is on the bead plate; wins and ties are all on the big road', () => {
    for (const { results, rows } of shoes) {
      const { beadPlate, bigRoad } = allRoads(results, rows);
      expect(beadPlate.beads.map((b) => [b.col * rows + b.row, b.outcome])).toEqual(
        results.map((r, i) => [i, r.outcome]),
      );
      const wins = results.flatMap((r, i) => (r.outcome === 'tie' ? [] : [[i, r.outcome]]));
      const entries = bigRoad.columns.flatMap((c) => c.entries);
      expect(entries.map((e) => [e.round, e.side])).toEqual(wins);
      const ties = results.filter((r) => r.outcome === 'tie').length;
      expect(entries.reduce((sum, e) => sum + e.ties, bigRoad.pendingTies)).toBe(ties);
      if (entries.length > 0) expect(bigRoad.pendingTies).toBe(0);
      bigRoad.columns.forEach((column, c) => {
        if (c > 0) expect(column.side).not.toBe(bigRoad.columns[c - 1]!.side);
        for (const entry of column.entries) expect(entry.side).toBe(column.side);
      });
    }
  });

  it('R12.9 R12.12 each derived road marks every entry from its start on, in alternating runs', () => {
    for (const { results, rows } of shoes) {
      const roads = allRoads(results, rows);
      const lengths = roads.bigRoad.columns.map((c) => c.entries.length);
      const entries = lengths.reduce((a, b) => a + b, 0);
      for (const [name, k] of DERIVED) {
        // Everything in the first k columns, and the top of column k + 1, comes before the start.
        const beforeStart =
          lengths.slice(0, k).reduce((a, b) => a + b, 0) + (lengths.length > k ? 1 : 0);
        const road = roads[name];
        expect(markCount(road)).toBe(Math.max(0, entries - beforeStart));
        road.columns.forEach((column, c) => {
          if (c > 0) expect(column.colour).not.toBe(road.columns[c - 1]!.colour);
          for (const mark of column.marks) expect(mark.colour).toBe(column.colour);
        });
      }
    }
  });

  it('R12.13 the ask road agrees with what the next result really adds, and ignores ties', () => {
    for (const { results } of shoes) {
      const now = allRoads(results);
      for (const side of ['banker', 'player'] as const) {
        const after = allRoads([
          ...results,
          { outcome: side, playerPair: false, bankerPair: false },
        ]);
        for (const [name] of DERIVED) {
          const added = markCount(after[name]) - markCount(now[name]);
          const last = after[name].columns.at(-1)?.marks.at(-1)?.colour;
          expect(now.ask[side][name]).toBe(added === 1 ? last : null);
          expect([0, 1]).toContain(added);
        }
      }
      const tie = { outcome: 'tie', playerPair: false, bankerPair: false } as const;
      expect(allRoads([...results, tie]).ask).toEqual(now.ask);
    }
  });
});
