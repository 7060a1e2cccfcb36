import type { Side } from '../round.js';
import { STANDARD_ROAD_ROWS, placeRuns, widthOf, type Cell, type RoadRows } from './grid.js';
import type { RoadResult } from './road-result.js';

export interface BigRoadEntry extends Cell {
  readonly side: Side;
  /** Index, in the shoe's results, of the win this cell shows. */
  readonly round: number;
  /** Ties drawn across this cell (R12.4, R12.5). */
  readonly ties: number;
  /** Pair dots: this round's pairs and those of the ties on this cell (R12.6). */
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

/** One logical column (R12.7): a run of wins by one side, however it is drawn. */
export interface BigRoadColumn {
  readonly side: Side;
  readonly entries: readonly BigRoadEntry[];
}

export interface BigRoad {
  readonly rows: RoadRows;
  readonly columns: readonly BigRoadColumn[];
  /**
   * Ties still waiting for a cell: only non-zero while the shoe has had ties and no win yet.
   * They move onto the first cell when it comes (R12.5).
   */
  readonly pendingTies: number;
  /** Drawn columns in use. */
  readonly width: number;
}

/** A win as it is being collected, before it has a drawn cell. */
interface Win {
  side: Side;
  round: number;
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
}

/** R12.3–R12.7 */
export function bigRoad(
  results: readonly RoadResult[],
  rows: RoadRows = STANDARD_ROAD_ROWS,
): BigRoad {
  const runs: Win[][] = [];
  let last: Win | undefined;
  let pending = { ties: 0, playerPair: false, bankerPair: false };

  results.forEach((result, round) => {
    if (result.outcome === 'tie') {
      const carrier = last ?? pending;
      carrier.ties += 1;
      carrier.playerPair ||= result.playerPair;
      carrier.bankerPair ||= result.bankerPair;
      return;
    }
    const win: Win = {
      side: result.outcome,
      round,
      ties: pending.ties,
      playerPair: result.playerPair || pending.playerPair,
      bankerPair: result.bankerPair || pending.bankerPair,
    };
    pending = { ties: 0, playerPair: false, bankerPair: false };
    const run = runs.at(-1);
    if (run !== undefined && run[0]!.side === win.side) run.push(win);
    else runs.push([win]);
    last = win;
  });

  const columns = placeRuns(runs, rows).map((entries): BigRoadColumn => ({
    side: entries[0]!.side,
    entries,
  }));
  return {
    rows,
    columns,
    pendingTies: pending.ties,
    width: widthOf(columns.flatMap((column) => column.entries)),
  };
}

/** Logical column lengths, which is all the derived roads read (R12.8). */
export function columnLengths(road: BigRoad): number[] {
  return road.columns.map((column) => column.entries.length);
}
