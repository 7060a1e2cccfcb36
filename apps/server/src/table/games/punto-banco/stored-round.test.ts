import { describe, expect, it } from 'vitest';
import { fromStored, toStored } from '../../core/stored-state.js';
import { ReducerHarness } from '../../testing/reducer-harness.js';
import { fireUntil } from '../../testing/scripted-shoes.js';

/** The keys of a Punto Banco table's stored JSON as tables stored them before the seam. */
const STORED_KEYS = [
  'watchers',
  'tableId',
  'name',
  'version',
  'seats',
  'shoe',
  'holder',
  'houseDeals',
  'offer',
  'lastHolder',
  'roundSeq',
  'phase',
  'timer',
  'nextTimerToken',
  'lastShoeNumber',
  'closing',
  'room',
  'chat',
];

describe('a Punto Banco table stored as before the games had a state of their own (T9.1)', () => {
  it('T9.1 T9.10: the shoe holder and the round sit at the top of the stored JSON, and come back', () => {
    const t = new ReducerHarness();
    t.sit('ann', 1);
    t.sit('bob', 2);
    fireUntil(t, 'turning');
    const row = JSON.parse(JSON.stringify(toStored(t.state, ['wes'], t.game)));
    expect(Object.keys(row.state).sort()).toEqual([...STORED_KEYS].sort());
    expect(row.state).toMatchObject({ holder: 1, houseDeals: false, offer: null, lastHolder: 1 });
    expect(row.state.phase.kind).toBe('turning');
    const back = fromStored(row, new ReducerHarness().state, t.game)!;
    expect(back.state.game).toEqual(t.state.game);
    expect(back.state.phase).toEqual(t.state.phase);
  });
});
