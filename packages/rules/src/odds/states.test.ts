import { describe, expect, it } from 'vitest';
import { FINAL_STATES, STATE_COUNT, STATE_FACTS, stateIndex } from './states.js';

describe('R13.1 final states', () => {
  it('R13.1 stateIndex numbers every combination of totals, naturals and pairs once', () => {
    expect(STATE_FACTS).toHaveLength(STATE_COUNT);
    STATE_FACTS.forEach((facts, index) => expect(stateIndex(facts)).toBe(index));
  });

  it('R4.1 R4.2 naturals end on 8 or 9, and a lone natural faces a two-card 0–7', () => {
    expect(FINAL_STATES).toHaveLength(100 + 2 * 2 * 8 + 2 * 2);
    for (const state of FINAL_STATES) {
      if (state.playerNatural) expect(state.playerTotal).toBeGreaterThanOrEqual(8);
      if (state.bankerNatural) expect(state.bankerTotal).toBeGreaterThanOrEqual(8);
      if (state.playerNatural !== state.bankerNatural) {
        const other = state.playerNatural ? state.bankerTotal : state.playerTotal;
        expect(other).toBeLessThanOrEqual(7);
      }
    }
  });
});
