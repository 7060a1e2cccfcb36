import type { RuleSet } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { liveOdds, oddsReady } from './odds.js';
import { ReducerHarness } from '../../testing/reducer-harness.js';
import { fireUntil } from '../../testing/scripted-shoes.js';
import { prepareOdds } from './layout.js';

describe('the odds a result announces are worked out before it (P1.3, R13.5)', () => {
  it('P1.3 R13.5: once the cards are dealt, prepareOdds prices the shoe the round leaves, and the result shows those very odds', () => {
    const t = new ReducerHarness();
    t.sit('ann', 1);
    const rules = t.state.settings.rules as RuleSet;
    fireUntil(t, 'turning');
    const { phase } = t.state;
    if (phase.kind !== 'turning') throw new Error('not turning');
    const after = phase.round.shoeAfter!;
    expect(oddsReady(after, rules)).toBe(false);
    prepareOdds(t.state);
    expect(oddsReady(after, rules)).toBe(true);
    fireUntil(t, 'result');
    const result = t.ofType('round.result').at(-1);
    expect(result?.odds).toBe(liveOdds({ ...t.state.shoe!, state: after }, rules));
  });
});
