import { describe, expect, it } from 'vitest';
import { fromStored, toStored } from '../../core/stored-state.js';
import { ReducerHarness } from '../../testing/reducer-harness.js';

const CHEMIN = {
  cheminDeFer: {
    decks: 6,
    cagnottePercent: 5,
    bank: { min: 100, max: 100_000 },
    choices: { mode: 'by-rule' as const },
  },
};

describe('a Chemin de Fer table stored as before the games had a state of their own (T15.9)', () => {
  it('T15.9 T9.1: the bank sits under `chemin` in the stored JSON, as it did, and comes back', () => {
    const t = new ReducerHarness(CHEMIN);
    t.sit('ann', 1);
    t.sit('bob', 2);
    expect(t.state.phase.kind).toBe('chemin');
    const row = JSON.parse(JSON.stringify(toStored(t.state, [], t.game)));
    expect(row.state.game).toBeUndefined();
    expect(row.state.chemin).toMatchObject({ offer: { kind: 'fresh', seat: 1 }, coup: null });
    expect(row.state.chemin.kind).toBeUndefined();
    expect(row.state.phase).toEqual({ kind: 'chemin' });
    const back = fromStored(row, new ReducerHarness(CHEMIN).state, t.game)!;
    expect(back.state.game).toEqual(t.state.game);
    // Rows stored before the seam also held the shoe holder's fields, always at their fresh
    // values at such a table; they restore to the same table.
    const before = {
      ...row,
      state: { ...row.state, holder: null, houseDeals: false, offer: null, lastHolder: null },
    };
    expect(fromStored(before, new ReducerHarness(CHEMIN).state, t.game)!.state).toEqual(back.state);
  });
});
