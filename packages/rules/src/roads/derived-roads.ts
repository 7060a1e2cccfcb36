import type { BigRoad } from './big-road.js';
import { columnLengths } from './big-road.js';
import { placeRuns, widthOf, type Cell, type RoadRows } from './grid.js';

export type RoadColour = 'red' | 'blue';
/** How many big road columns a derived road looks back (R12.8). */
export type Lookback = 1 | 2 | 3;
export type DerivedRoadName = 'bigEyeBoy' | 'smallRoad' | 'cockroachPig';

export const DERIVED_ROAD_NAMES: readonly DerivedRoadName[] = [
  'bigEyeBoy',
  'smallRoad',
  'cockroachPig',
];

/** R12.8 */
export const LOOKBACK: Readonly<Record<DerivedRoadName, Lookback>> = {
  bigEyeBoy: 1,
  smallRoad: 2,
  cockroachPig: 3,
};

const NAME_BY_LOOKBACK: Readonly<Record<Lookback, DerivedRoadName>> = {
  1: 'bigEyeBoy',
  2: 'smallRoad',
  3: 'cockroachPig',
};

export interface DerivedMark extends Cell {
  readonly colour: RoadColour;
  /** Index, in the shoe's results, of the win that made this mark. */
  readonly round: number;
}

export interface DerivedColumn {
  readonly colour: RoadColour;
  readonly marks: readonly DerivedMark[];
}

export interface DerivedRoad {
  /** Which road this is, so a client can pick its drawing (circles, dots or slashes). */
  readonly name: DerivedRoadName;
  readonly lookback: Lookback;
  readonly rows: RoadRows;
  readonly columns: readonly DerivedColumn[];
  /** Drawn columns in use. */
  readonly width: number;
}

/**
 * R12.9–R12.11: the mark a big road entry makes, for an entry at logical `column`, `row`
 * (both from 0) when the columns before it have the given lengths. Null when the entry
 * comes before the road's start, or the lengths it needs are missing.
 *
 * Red means the big road is repeating its own shape k columns back, blue that it broke it:
 * a new column asks whether the column just closed matched the one k before it; a longer
 * column asks whether it is still as long as the one k back, and only the step just past
 * that length counts as a break.
 */
export function derivedMark(
  lengths: readonly number[],
  column: number,
  row: number,
  lookback: Lookback,
): RoadColour | null {
  const beforeStart = column < lookback || (column === lookback && row === 0);
  if (beforeStart) return null;
  if (row === 0) {
    const closed = lengths[column - 1];
    const compared = lengths[column - 1 - lookback];
    if (closed === undefined || compared === undefined) return null;
    return closed === compared ? 'red' : 'blue';
  }
  const p = lengths[column - lookback];
  if (p === undefined) return null;
  const r = row + 1; // R12.11 counts rows from 1
  return r === p + 1 ? 'blue' : 'red';
}

/** R12.8–R12.12 */
export function derivedRoad(
  road: BigRoad,
  lookback: Lookback,
  rows: RoadRows = road.rows,
): DerivedRoad {
  const lengths = columnLengths(road);
  const runs: { colour: RoadColour; round: number }[][] = [];
  road.columns.forEach((column, c) => {
    column.entries.forEach((entry, r) => {
      const colour = derivedMark(lengths, c, r, lookback);
      if (colour === null) return;
      const run = runs.at(-1);
      if (run !== undefined && run[0]!.colour === colour) run.push({ colour, round: entry.round });
      else runs.push([{ colour, round: entry.round }]);
    });
  });
  const columns = placeRuns(runs, rows).map((marks): DerivedColumn => ({
    colour: marks[0]!.colour,
    marks,
  }));
  return {
    name: NAME_BY_LOOKBACK[lookback],
    lookback,
    rows,
    columns,
    width: widthOf(columns.flatMap((column) => column.marks)),
  };
}
