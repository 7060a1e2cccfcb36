import { shoe } from '../testing/road-shoes.js';
import { describe, expect, it } from 'vitest';
import { askRoads } from './ask-road.js';

const NONE = { bigEyeBoy: null, smallRoad: null, cockroachPig: null };

/*
 * The worked shoe of derived-roads.test.ts: big road columns (1-based)
 * c1 3, c2 1, c3 2, c4 2, c5 4, c6 1, c7 1, c8 3, with c8 a Player column.
 */
const WORKED = 'T BBB P T BB PP BBBB P B PPP';

describe('R12.13 ask road', () => {
  it('R12.1 R12.13 nothing to ask before the roads have started', () => {
    expect(askRoads([])).toEqual({ banker: NONE, player: NONE });
    expect(askRoads(shoe('TT'))).toEqual({ banker: NONE, player: NONE });
  });

  it('R12.9 R12.13 only the roads that have started answer', () => {
    // Columns c1 B×2, c2 P×1. Banker next opens c3: Big Eye Boy compares c2 (1) with c1 (2)
    // → blue; the Small Road and Cockroach Pig start later. Player next is c2 r2, the Big Eye
    // Boy's start: p = len(c1) = 2, r = 2 ≤ p → red.
    expect(askRoads(shoe('BB P'))).toEqual({
      banker: { bigEyeBoy: 'blue', smallRoad: null, cockroachPig: null },
      player: { bigEyeBoy: 'red', smallRoad: null, cockroachPig: null },
    });
  });

  it('R12.10 R12.11 R12.13 the worked shoe', () => {
    // Player next is c8 r4: p = 1, 1, 4 for k = 1, 2, 3 → r > p + 1 red, red, r ≤ p red.
    // Banker next opens c9: c8 (3) against c7 (1), c6 (1), c5 (4) → blue each time.
    expect(askRoads(shoe(WORKED))).toEqual({
      banker: { bigEyeBoy: 'blue', smallRoad: 'blue', cockroachPig: 'blue' },
      player: { bigEyeBoy: 'red', smallRoad: 'red', cockroachPig: 'red' },
    });
  });

  it('R12.10 R12.11 R12.13 the worked shoe with one more Player', () => {
    // c8 now has 4. Player next is c8 r5: p = 1, 1, 4 → red, red, and r = p + 1 blue.
    // Banker next opens c9: 4 against c7 (1), c6 (1), c5 (4) → blue, blue, red.
    expect(askRoads(shoe(`${WORKED} P`))).toEqual({
      banker: { bigEyeBoy: 'blue', smallRoad: 'blue', cockroachPig: 'red' },
      player: { bigEyeBoy: 'red', smallRoad: 'red', cockroachPig: 'blue' },
    });
  });

  it('R12.4 R12.13 a tie adds no big road entry, so the question does not change', () => {
    expect(askRoads(shoe(`${WORKED} P TT`))).toEqual({
      banker: { bigEyeBoy: 'blue', smallRoad: 'blue', cockroachPig: 'red' },
      player: { bigEyeBoy: 'red', smallRoad: 'red', cockroachPig: 'blue' },
    });
  });
});
