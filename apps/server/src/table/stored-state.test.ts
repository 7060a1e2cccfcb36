import { roomTableSettings } from '@banco/protocol';
import { commitmentOf } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { roomSettings } from '../testing/rooms.js';
import { initialTableState } from './initial-state.js';
import { tableSettings } from './settings.js';
import { fromStored, toStored, VERSION_LEASE } from './stored-state.js';
import { ReducerHarness } from './testing/reducer-harness.js';
import { everyoneNoBet, nextRound, ROUNDS, scriptedShoe } from './testing/scripted-shoes.js';

/** A restart as the reducer sees it: the stored JSON read back over a fresh table. */
function restart(t: ReducerHarness): void {
  const stored = JSON.parse(JSON.stringify(toStored(t.state, ['watcher'])));
  const fresh = initialTableState({ id: 'test', name: 'Test table', settings: t.state.settings });
  const restored = fromStored(stored, fresh);
  if (!restored) throw new Error('the stored state did not read back');
  expect(restored.watchers).toEqual(['watcher']);
  t.state = restored.state;
  t.dispatch({ type: 'resume', now: t.now });
}

describe('a table read back from its stored state', () => {
  it('T9.1 T9.4 T7.3: plays its shoe on to the end and publishes the committed seed', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.playerWin], { length: 40 })]);
    t.sit('ann', 1);
    const commitment = t.last('shoe.new')!.commitment;
    everyoneNoBet(t);
    nextRound(t);
    expect(t.state.phase.kind).toBe('betting');
    const seen = t.events.at(-1)!.version;
    restart(t);
    // The round in betting is voided (T9.2); versions go on above the stored floor.
    const voided = t.last('round.voided')!;
    expect(voided).toMatchObject({ round: 2, reason: 'restart' });
    expect(voided.version).toBe(seen + VERSION_LEASE + 1);
    expect(t.last('betting.opened')).toMatchObject({ round: 3, shoeRound: 2 });
    for (let i = 0; i < 20 && !t.last('shoe.ended'); i++) {
      if (t.state.phase.kind === 'betting') everyoneNoBet(t);
      nextRound(t);
    }
    expect(t.last('shoe.ended')).toMatchObject({
      commitment,
      serverSeed: 'a'.repeat(64),
    });
    expect(commitmentOf('a'.repeat(64))).toBe(commitment);
    expect(t.ofType('shoe.new')).toHaveLength(2);
  });

  it('T9.1: refuses a stored state that is not this table’s', () => {
    const t = new ReducerHarness();
    const stored = toStored(t.state, []);
    const other = initialTableState({ id: 'other', name: 'Other', settings: t.state.settings });
    expect(fromStored(stored, other)).toBeNull();
    expect(fromStored({ ...stored, state: 'garbage' }, t.state)).toBeNull();
    expect(fromStored(stored, t.state)?.state.version).toBe(VERSION_LEASE);
  });

  it('T11.11: a room keeps its host controls and its own settings across a restart', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.playerWin])], { host: 'ann' });
    t.sit('ann', 1);
    t.sit('bob', 2);
    t.sit('cat', 3);
    t.command('ann', 'room.kick', { playerId: 'cat' });
    t.command('ann', 'room.lock', { locked: true });
    t.command('ann', 'room.pause', { paused: true });
    t.command('ann', 'room.settings', { settings: roomSettings({ decks: 4 }) });
    t.command('ann', 'room.host', { playerId: 'bob' });
    const room = t.state.room;
    expect(room).toMatchObject({
      hostPlayerId: 'bob',
      locked: true,
      paused: true,
      kicked: ['cat'],
      nextSettings: roomTableSettings(roomSettings({ decks: 4 }), t.state.settings),
    });
    // A room's own settings (here: changed by its host) win over the definition's.
    t.state = { ...t.state, settings: tableSettings({ untimedBetting: true }) };
    const stored = JSON.parse(JSON.stringify(toStored(t.state, [])));
    const fresh = initialTableState({
      id: 'test',
      name: 'Test table',
      settings: tableSettings(),
      hostPlayerId: 'ann',
    });
    const restored = fromStored(stored, fresh)!.state;
    expect(restored.room).toEqual(room);
    expect(restored.settings).toEqual(tableSettings({ untimedBetting: true }));
    // A public table's settings still come from its definition.
    const open = new ReducerHarness();
    const publicFresh = initialTableState({
      id: 'test',
      name: 'Test table',
      settings: tableSettings({ bettingMs: 1_000 }),
    });
    const back = fromStored(JSON.parse(JSON.stringify(toStored(open.state, []))), publicFresh)!;
    expect(back.state.room).toBeNull();
    expect(back.state.settings.bettingMs).toBe(1_000);
  });

  it('T11.7 T11.11: a room closed before the restart reports itself closed again', () => {
    const t = new ReducerHarness({}, [], { host: 'ann' });
    t.command('ann', 'room.close', {});
    expect(t.roomsClosed).toBe(1);
    const events = t.events.length;
    restart(t);
    expect(t.roomsClosed).toBe(2);
    expect(t.events.length).toBe(events);
  });
});
