import type { RoadsView } from '@banco/protocol';

/** The roads of a shoe with no round played yet, as the server sends them. */
export const emptyRoads: RoadsView = {
  beadPlate: { rows: 6, width: 0, beads: [] },
  bigRoad: { rows: 6, columns: [], pendingTies: 0, width: 0 },
  bigEyeBoy: { name: 'bigEyeBoy' as const, lookback: 1 as const, rows: 6, columns: [], width: 0 },
  smallRoad: { name: 'smallRoad' as const, lookback: 2 as const, rows: 6, columns: [], width: 0 },
  cockroachPig: {
    name: 'cockroachPig' as const,
    lookback: 3 as const,
    rows: 6,
    columns: [],
    width: 0,
  },
  ask: {
    banker: { bigEyeBoy: null, smallRoad: null, cockroachPig: null },
    player: { bigEyeBoy: null, smallRoad: null, cockroachPig: null },
  },
};
