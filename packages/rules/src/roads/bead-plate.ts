import type { Outcome } from '../round.js';
import { STANDARD_ROAD_ROWS, widthOf, type Cell, type RoadRows } from './grid.js';
import type { RoadResult } from './road-result.js';

export interface Bead extends Cell {
  /** Index of the round in the shoe's results. */
  readonly round: number;
  readonly outcome: Outcome;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  readonly playerTotal?: number;
  readonly bankerTotal?: number;
}

export interface BeadPlate {
  readonly rows: RoadRows;
  /** Drawn columns in use. */
  readonly width: number;
  readonly beads: readonly Bead[];
}

/** R12.2: every round, ties included, in order down each column, then on to the next. */
export function beadPlate(
  results: readonly RoadResult[],
  rows: RoadRows = STANDARD_ROAD_ROWS,
): BeadPlate {
  const beads = results.map((result, round): Bead =>
    // Leave absent totals out rather than as undefined, so the JSON stays as sent. Added to a
    // literal, not spread after one: why in placeRuns (grid.ts).
    Object.assign(
      {
        col: Math.floor(round / rows),
        row: round % rows,
        round,
        outcome: result.outcome,
        playerPair: result.playerPair,
        bankerPair: result.bankerPair,
      },
      result.playerTotal === undefined ? {} : { playerTotal: result.playerTotal },
      result.bankerTotal === undefined ? {} : { bankerTotal: result.bankerTotal },
    ),
  );
  return { rows, width: widthOf(beads), beads };
}
