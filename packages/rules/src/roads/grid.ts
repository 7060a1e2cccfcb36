import { err, ok, type Result } from '../result.js';

/** A drawn position on a road, counted from 0: `col` 0 is the left edge, `row` 0 the top. */
export interface Cell {
  readonly col: number;
  readonly row: number;
}

declare const roadRowsBrand: unique symbol;
/**
 * A checked row count. The layout functions take this instead of a bare number so they can
 * never be handed a height they cannot draw on; make one with `roadRows`.
 */
export type RoadRows = number & { readonly [roadRowsBrand]: true };

/** R12.2, R12.7: the table's roads are six rows high. */
export const STANDARD_ROAD_ROWS = 6 as RoadRows;

export function roadRows(rows: number): Result<RoadRows> {
  return Number.isSafeInteger(rows) && rows >= 1
    ? ok(rows as RoadRows)
    : err('INVALID_ROAD_ROWS', `a road needs a whole number of rows, at least 1 (got ${rows})`);
}

/**
 * R12.7 / R12.12: where each entry of each logical column is drawn, for columns of the
 * given lengths. A column opens at the top of the first column, right of the previous
 * column's opening, whose top cell is free; it goes down until the bottom row or a filled
 * cell stops it, then runs right along its last row for as long as it lasts.
 *
 * The run to the right never needs a check: any earlier cell right of this column's opening
 * belongs to a tail that started left of it and is therefore also in the opening column, at
 * or below the row that stopped this column. So the row this tail runs along is clear.
 */
export function layoutColumns(lengths: readonly number[], rows: RoadRows): Cell[][] {
  const taken = new Set<string>();
  const key = (col: number, row: number): string => `${col}:${row}`;
  const columns: Cell[][] = [];
  let opening = -1;
  for (const length of lengths) {
    opening += 1;
    while (taken.has(key(opening, 0))) opening += 1;
    const cells: Cell[] = [];
    let col = opening;
    let row = 0;
    let turned = false;
    for (let i = 0; i < length; i++) {
      if (i > 0) {
        if (!turned && row + 1 < rows && !taken.has(key(col, row + 1))) {
          row += 1;
        } else {
          turned = true;
          col += 1;
        }
      }
      taken.add(key(col, row));
      cells.push({ col, row });
    }
    columns.push(cells);
  }
  return columns;
}

/** How many drawn columns the cells reach across (0 for an empty road). */
export function widthOf(cells: Iterable<Cell>): number {
  let width = 0;
  for (const cell of cells) width = Math.max(width, cell.col + 1);
  return width;
}

/** Lays out runs of entries as road columns (R12.7) and gives every entry its drawn cell. */
export function placeRuns<T extends object>(
  runs: readonly (readonly T[])[],
  rows: RoadRows,
): (T & Cell)[][] {
  const drawn = layoutColumns(
    runs.map((run) => run.length),
    rows,
  );
  // Object.assign, not `{ ...entry, ...cell }`: V8 11 (Node 20) gives an object spread and then
  // given new keys a hidden class of its own. Every result and snapshot carries the shoe's roads,
  // which took 94 kB of heap a copy at 70 rounds instead of 28 (apps/server/bench/object-shapes.ts).
  return runs.map((run, c) => run.map((entry, r) => Object.assign({}, entry, drawn[c]![r]!)));
}
