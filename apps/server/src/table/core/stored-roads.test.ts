import type { Outcome, RoadResult } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { restoredRoads, storedRoads } from './stored-roads.js';

describe('a shoe’s results as stored (R12.1, T9.1)', () => {
  it('R12.1 T9.1: every outcome, pair and total reads back exactly, four characters a round', () => {
    const results: RoadResult[] = [];
    for (const outcome of ['player', 'banker', 'tie'] as Outcome[]) {
      for (const playerPair of [false, true]) {
        for (const bankerPair of [false, true]) {
          for (let total = 0; total <= 9; total++) {
            results.push({
              outcome,
              playerPair,
              bankerPair,
              playerTotal: total,
              bankerTotal: 9 - total,
            });
          }
        }
      }
    }
    // Totals are optional on a road result: one without them keeps them out.
    results.push({ outcome: 'tie', playerPair: true, bankerPair: false });
    results.push({ outcome: 'banker', playerPair: false, bankerPair: true, bankerTotal: 6 });
    const text = storedRoads(results);
    expect(text).toHaveLength(4 * results.length);
    const back = restoredRoads(JSON.parse(JSON.stringify(text)));
    expect(back).toEqual({ ok: true, value: results });
    expect(back.ok && back.value.at(-2)).not.toHaveProperty('playerTotal');
    expect(restoredRoads('')).toEqual({ ok: true, value: [] });
  });

  it('R12.1: text that is not stored results is refused', () => {
    for (const bad of ['p0', 'x012', 'p412', 'p0a1', 'p01-x', 42, null, {}]) {
      expect(restoredRoads(bad).ok).toBe(false);
    }
  });
});
