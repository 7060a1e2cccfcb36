import { describe, expect, it } from 'vitest';
import { STANDARD_ROAD_ROWS, layoutColumns, roadRows, type RoadRows } from './grid.js';

function rowsOf(n: number): RoadRows {
  const rows = roadRows(n);
  if (!rows.ok) throw new Error(rows.error.message);
  return rows.value;
}

describe('R12.7 the shared road grid', () => {
  it('R12.2 R12.7 a road is six rows high unless the caller checks another height', () => {
    expect(STANDARD_ROAD_ROWS).toBe(6);
    expect(roadRows(3)).toEqual({ ok: true, value: 3 });
    for (const bad of [0, -2, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const result = roadRows(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('INVALID_ROAD_ROWS');
    }
  });

  it('R12.7 a column longer than the grid runs right along the bottom row', () => {
    expect(layoutColumns([5], rowsOf(3))).toEqual([
      [
        { col: 0, row: 0 },
        { col: 0, row: 1 },
        { col: 0, row: 2 },
        { col: 1, row: 2 },
        { col: 2, row: 2 },
      ],
    ]);
  });

  it('R12.7 the next column opens beside the previous opening, and is stopped by the tail', () => {
    // Lengths 5 then 4 on three rows: the second column meets the first one's tail at row 3.
    expect(layoutColumns([5, 4], rowsOf(3))).toEqual([
      [
        { col: 0, row: 0 },
        { col: 0, row: 1 },
        { col: 0, row: 2 },
        { col: 1, row: 2 },
        { col: 2, row: 2 },
      ],
      [
        { col: 1, row: 0 },
        { col: 1, row: 1 },
        { col: 2, row: 1 },
        { col: 3, row: 1 },
      ],
    ]);
  });

  it('R12.7 on a single row every column is all tail and the next one opens past it', () => {
    expect(layoutColumns([2, 3, 1], rowsOf(1))).toEqual([
      [
        { col: 0, row: 0 },
        { col: 1, row: 0 },
      ],
      [
        { col: 2, row: 0 },
        { col: 3, row: 0 },
        { col: 4, row: 0 },
      ],
      [{ col: 5, row: 0 }],
    ]);
  });
});
