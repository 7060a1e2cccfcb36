import { askRoadsFor, type AskRoads } from './ask-road.js';
import { beadPlate, type BeadPlate } from './bead-plate.js';
import { bigRoad, type BigRoad } from './big-road.js';
import { derivedRoad, type DerivedRoad } from './derived-roads.js';
import { STANDARD_ROAD_ROWS, type RoadRows } from './grid.js';
import type { RoadResult } from './road-result.js';

/** Every road of one shoe, as the table broadcasts it (plain JSON). */
export interface Roads {
  readonly beadPlate: BeadPlate;
  readonly bigRoad: BigRoad;
  readonly bigEyeBoy: DerivedRoad;
  readonly smallRoad: DerivedRoad;
  readonly cockroachPig: DerivedRoad;
  readonly ask: AskRoads;
}

/** R12.1: pass the results of the current shoe only; a new shoe starts from an empty list. */
export function allRoads(
  results: readonly RoadResult[],
  rows: RoadRows = STANDARD_ROAD_ROWS,
): Roads {
  const big = bigRoad(results, rows);
  return {
    beadPlate: beadPlate(results, rows),
    bigRoad: big,
    bigEyeBoy: derivedRoad(big, 1),
    smallRoad: derivedRoad(big, 2),
    cockroachPig: derivedRoad(big, 3),
    ask: askRoadsFor(big),
  };
}
