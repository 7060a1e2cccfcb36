import { shoe } from '../testing/road-shoes.js';
import { describe, expect, it } from 'vitest';
import { bigRoad, columnLengths, type BigRoad } from './big-road.js';
import { roadRows } from './grid.js';

/** The drawing as text, one string per row; fails loudly if two entries share a cell. */
function picture(road: BigRoad): string[] {
  const grid = Array.from({ length: road.rows }, () => Array<string>(road.width).fill('.'));
  for (const column of road.columns) {
    for (const entry of column.entries) {
      const line = grid[entry.row]!;
      if (line[entry.col] !== '.') throw new Error(`two entries at ${entry.col},${entry.row}`);
      line[entry.col] = entry.side === 'banker' ? 'B' : 'P';
    }
  }
  return grid.map((line) => line.join(''));
}

describe('R12.3 big road columns', () => {
  it('R12.3 a run goes down one column and a change of winner opens the next', () => {
    const road = bigRoad(shoe('BB PPP B'));
    expect(road.columns.map((c) => c.side)).toEqual(['banker', 'player', 'banker']);
    expect(road.columns.map((c) => c.entries.map((e) => [e.col, e.row, e.round]))).toEqual([
      [
        [0, 0, 0],
        [0, 1, 1],
      ],
      [
        [1, 0, 2],
        [1, 1, 3],
        [1, 2, 4],
      ],
      [[2, 0, 5]],
    ]);
    expect(road.width).toBe(3);
    expect(picture(road)).toEqual(['BPB', 'BP.', '.P.', '...', '...', '...']);
  });

  it('R12.1 R12.3 an empty shoe has an empty big road', () => {
    expect(bigRoad([])).toEqual({ rows: 6, columns: [], pendingTies: 0, width: 0 });
  });
});

describe('R12.4 R12.5 ties on the big road', () => {
  it('R12.4 ties take no cell and are counted on the cell before them', () => {
    const road = bigRoad(shoe('B TT P T B'));
    expect(road.columns.map((c) => c.entries.map((e) => [e.side, e.round, e.ties]))).toEqual([
      [['banker', 0, 2]],
      [['player', 3, 1]],
      [['banker', 5, 0]],
    ]);
    expect(road.width).toBe(3);
  });

  it('R12.4 a tie inside a run marks the cell above, and the run goes on in the same column', () => {
    const road = bigRoad(shoe('BB T B'));
    expect(road.columns).toHaveLength(1);
    expect(road.columns[0]!.entries.map((e) => [e.row, e.ties])).toEqual([
      [0, 0],
      [1, 1],
      [2, 0],
    ]);
  });

  it('R12.5 ties before any win wait, with no cell drawn', () => {
    const road = bigRoad(shoe('TTT'));
    expect(road.columns).toEqual([]);
    expect(road.pendingTies).toBe(3);
    expect(road.width).toBe(0);
  });

  it('R12.5 several ties at the start of the shoe land on the first Banker cell', () => {
    const road = bigRoad(shoe('TTT B T P'));
    expect(road.pendingTies).toBe(0);
    expect(road.columns[0]!.entries).toEqual([
      { side: 'banker', round: 3, ties: 4, playerPair: false, bankerPair: false, col: 0, row: 0 },
    ]);
    expect(road.columns[1]!.entries[0]).toMatchObject({ side: 'player', round: 5, ties: 0 });
  });
});

describe('R12.6 pair dots on the big road', () => {
  it('R12.6 a pair is a dot on its own cell; a tie round hands its pairs to the cell before', () => {
    const road = bigRoad([
      { outcome: 'banker', playerPair: false, bankerPair: true },
      { outcome: 'tie', playerPair: true, bankerPair: false },
      { outcome: 'player', playerPair: false, bankerPair: false },
      { outcome: 'player', playerPair: true, bankerPair: true },
    ]);
    const dots = road.columns.flatMap((c) =>
      c.entries.map((e) => [e.round, e.playerPair, e.bankerPair]),
    );
    expect(dots).toEqual([
      [0, true, true],
      [2, false, false],
      [3, true, true],
    ]);
  });

  it('R12.5 R12.6 pairs of ties before the first win go onto the first cell', () => {
    const road = bigRoad([
      { outcome: 'tie', playerPair: true, bankerPair: false },
      { outcome: 'player', playerPair: false, bankerPair: false },
    ]);
    expect(road.columns[0]!.entries[0]).toMatchObject({
      round: 1,
      ties: 1,
      playerPair: true,
      bankerPair: false,
    });
  });
});

describe('R12.7 dragon tail', () => {
  // Columns of 8, 1, 7, 2, 6, 6, 3, 3 and 1 wins. Worked out on paper:
  //  - the 8 Bankers fill column 0 and run along the bottom row into columns 1 and 2;
  //  - the 7 Bankers of column 2 are stopped at row 5 by that tail and run along row 4;
  //  - the 6 Bankers opening at column 4 meet that row-4 tail and run along row 3;
  //  - the 6 Players opening at column 5 meet the row-3 tail and run along row 2;
  //  - the 3 Bankers opening at column 6 meet the row-2 tail and turn along row 1;
  //  - the 3 Players opening at column 7 are stopped at once and run along the top row;
  //  - so the last Banker opens at column 10, the first free top cell.
  const sequence = 'BBBBBBBB P BBBBBBB PP BBBBBB PPPPPP BBB PPP B';

  it('R12.7 long runs bend right and later columns bend above earlier tails', () => {
    const road = bigRoad(shoe(sequence));
    expect(picture(road)).toEqual([
      'BPBPBPBPPPB',
      'B.BPBPBB...',
      'B.B.BPPPP..',
      'B.B.BBB....',
      'B.BBB......',
      'BBB........',
    ]);
  });

  it('R12.7 R12.8 the drawing bends but the logical columns keep their full length', () => {
    const road = bigRoad(shoe(sequence));
    expect(columnLengths(road)).toEqual([8, 1, 7, 2, 6, 6, 3, 3, 1]);
    expect(road.columns[0]!.entries.map((e) => [e.col, e.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 5],
      [2, 5],
    ]);
    expect(road.columns[6]!.entries.map((e) => [e.col, e.row])).toEqual([
      [6, 0],
      [6, 1],
      [7, 1],
    ]);
    expect(road.columns[7]!.entries.map((e) => [e.col, e.row])).toEqual([
      [7, 0],
      [8, 0],
      [9, 0],
    ]);
    expect(road.columns[8]!.entries.map((e) => [e.col, e.row])).toEqual([[10, 0]]);
  });

  it('R12.7 on a two-row road a column stopped at once runs along the top row', () => {
    const two = roadRows(2);
    if (!two.ok) throw new Error(two.error.message);
    const road = bigRoad(shoe('BBB PPP B'), two.value);
    expect(picture(road)).toEqual(['BPPPB', 'BB...']);
    expect(road.columns[2]!.entries[0]).toMatchObject({ col: 4, row: 0 });
  });
});
