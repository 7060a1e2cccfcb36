import type { RuleSet } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { ReducerHarness } from '../../testing/reducer-harness.js';
import { nextRound } from '../../testing/scripted-shoes.js';
import { liveOdds } from './odds.js';

describe('live odds are worked out once per shoe state (P1.3, R13.5)', () => {
  it('P1.3 P1.10 R13.5: every snapshot of a round shares one computation; the next round gets new odds', () => {
    const t = new ReducerHarness();
    t.sit('ann', 1);
    const rules = t.state.settings.rules as RuleSet;
    const first = liveOdds(t.state.shoe!, rules);
    expect(first).not.toBeNull();
    // The same shoe state, reached through another table state: the very same object.
    t.sit('bob', 2);
    expect(liveOdds(t.state.shoe!, rules)).toBe(first);
    nextRound(t);
    const second = liveOdds(t.state.shoe!, rules);
    expect(second).not.toBe(first);
    expect(second!.cardsLeft).toBeLessThan(first!.cardsLeft);
    // P1.10: the counts the odds come from; the face-down burn is among them (R13.5).
    const shoe = t.state.shoe!.state;
    const burned = shoe.burn?.burned ?? 0;
    expect(second!.unseen).toHaveLength(13);
    expect(second!.unseen.reduce((a, b) => a + b, 0)).toBe(second!.cardsLeft + burned);
    // Other rules price the same cards afresh.
    const noCommission = { ...rules, commission: 'no-commission' } as RuleSet;
    expect(liveOdds(t.state.shoe!, noCommission)!.edges).not.toEqual(second!.edges);
  });
});
