import type { Side } from '../round.js';
import { bigRoad, columnLengths, type BigRoad } from './big-road.js';
import { LOOKBACK, derivedMark, type DerivedRoadName, type RoadColour } from './derived-roads.js';
import type { RoadResult } from './road-result.js';

/** The colour each derived road would add, or null when it would add nothing. */
export type AskMarks = Readonly<Record<DerivedRoadName, RoadColour | null>>;

/** R12.13: what the derived roads would show next, for either possible winner. */
export interface AskRoads {
  readonly banker: AskMarks;
  readonly player: AskMarks;
}

/** R12.13 */
export function askRoads(results: readonly RoadResult[]): AskRoads {
  return askRoadsFor(bigRoad(results));
}

/** R12.13, from a big road already built (the rows it is drawn with do not matter). */
export function askRoadsFor(road: BigRoad): AskRoads {
  return { banker: ask(road, 'banker'), player: ask(road, 'player') };
}

function ask(road: BigRoad, next: Side): AskMarks {
  const lengths = columnLengths(road);
  const lastColumn = road.columns.length - 1;
  // A win for the side of the last column grows it; the other side opens a new one.
  const continues = road.columns[lastColumn]?.side === next;
  const column = continues ? lastColumn : lastColumn + 1;
  const row = continues ? lengths[lastColumn]! : 0;
  const markFor = (name: DerivedRoadName) => derivedMark(lengths, column, row, LOOKBACK[name]);
  return {
    bigEyeBoy: markFor('bigEyeBoy'),
    smallRoad: markFor('smallRoad'),
    cockroachPig: markFor('cockroachPig'),
  };
}
