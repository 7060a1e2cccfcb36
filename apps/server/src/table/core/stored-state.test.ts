import { roomTableSettings } from '@banco/protocol';
import { commitmentOf } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { roomSettings } from '../../testing/rooms.js';
import { initialTableState } from './initial-state.js';
import { tableSettings } from './settings.js';
import { DurableKeys, durableKey, fromStored, toStored, VERSION_LEASE } from './stored-state.js';
import type { TableState } from './state.js';
import { busyTable, busyTableTurning, everyoneBets } from '../testing/busy-table.js';
import { ReducerHarness } from '../testing/reducer-harness.js';
import {
  everyoneNoBet,
  fireUntil,
  nextRound,
  ROUNDS,
  scriptedShoe,
} from '../testing/scripted-shoes.js';
import { defaultGame } from '../testing/table-game.js';

/** A restart as the reducer sees it: the stored JSON read back over a fresh table. */
function restart(t: ReducerHarness): void {
  const stored = JSON.parse(JSON.stringify(toStored(t.state, ['watcher'], defaultGame)));
  const fresh = initialTableState(
    { id: 'test', name: 'Test table', settings: t.state.settings },
    defaultGame,
  );
  const restored = fromStored(stored, fresh, defaultGame);
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
    const stored = toStored(t.state, [], defaultGame);
    const other = initialTableState(
      { id: 'other', name: 'Other', settings: t.state.settings },
      defaultGame,
    );
    expect(fromStored(stored, other, defaultGame)).toBeNull();
    expect(fromStored({ ...stored, state: 'garbage' }, t.state, defaultGame)).toBeNull();
    expect(fromStored(stored, t.state, defaultGame)?.state.version).toBe(VERSION_LEASE);
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
    const stored = JSON.parse(JSON.stringify(toStored(t.state, [], defaultGame)));
    const fresh = initialTableState(
      {
        id: 'test',
        name: 'Test table',
        settings: tableSettings(),
        hostPlayerId: 'ann',
      },
      defaultGame,
    );
    const restored = fromStored(stored, fresh, defaultGame)!.state;
    expect(restored.room).toEqual(room);
    expect(restored.settings).toEqual(tableSettings({ untimedBetting: true }));
    // A public table's settings still come from its definition.
    const open = new ReducerHarness();
    const publicFresh = initialTableState(
      {
        id: 'test',
        name: 'Test table',
        settings: tableSettings({ bettingMs: 1_000 }),
      },
      defaultGame,
    );
    const back = fromStored(
      JSON.parse(JSON.stringify(toStored(open.state, [], defaultGame))),
      publicFresh,
      defaultGame,
    )!;
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

/** A save as Postgres gives it back: plain JSON. */
function saved(state: TableState): StoredRow {
  return JSON.parse(JSON.stringify(toStored(state, [], defaultGame))) as StoredRow;
}

/** A shoe state as a save holds it: its cards, or the deck count and check that replace them. */
interface SavedShoeState {
  cards?: string[];
  decks?: number;
  check?: string;
  next: number;
}

/** The parts of a saved state these tests look into and change. */
interface SavedState {
  shoe: {
    serverSeed: string;
    number: number;
    scripted?: true;
    state: SavedShoeState;
    results: unknown;
  } | null;
  phase: { round: { shoeAfter: SavedShoeState } };
}

type StoredRow = ReturnType<typeof toStored> & { state: SavedState };

/** A public table's settings come from its definition: here, the saved table's. */
function readBack(row: StoredRow, table: ReducerHarness): TableState | null {
  const fresh = initialTableState(
    {
      id: 'test',
      name: 'Test table',
      settings: table.state.settings,
    },
    defaultGame,
  );
  return fromStored(row, fresh, defaultGame)?.state ?? null;
}

/** What a restarted table should hold: the saved state, less what belongs to the process. */
const asSaved = (state: TableState): TableState => ({
  ...state,
  timer: null,
  version: state.version + VERSION_LEASE,
});

describe('a save of a table mid-shoe (T9.10)', () => {
  it('T9.10 T9.1: a fair shoe in betting is saved without its cards and read back whole', () => {
    const t = busyTable(30);
    everyoneBets(t, 1);
    expect(t.state.phase.kind).toBe('betting');
    const row = saved(t.state);
    expect(row.state.shoe!.state).not.toHaveProperty('cards');
    expect(row.state.shoe!.state.decks).toBe(8);
    expect(JSON.stringify(row.state)).not.toMatch(/"cards"/);
    const back = readBack(row, t);
    expect(back).toEqual(asSaved(t.state));
    expect(back!.shoe!.state.cards).toHaveLength(416);
  });

  it('T9.10 T11.3: the shoe is re-derived with its own deck count, not the settings’', () => {
    const t = busyTable(10);
    const row = saved(t.state);
    // The table's settings now say 6 decks (a room's host changed them for the next shoe).
    t.state = { ...t.state, settings: tableSettings({ ...t.state.settings, decks: 6 }) };
    const back = readBack(row, t);
    expect(back!.shoe!.state.cards).toHaveLength(416);
    expect(back).toEqual(asSaved(t.state));
  });

  it('T9.10 T9.3: a dealt round saves neither card array and finishes with the same cards', () => {
    const t = busyTableTurning(30);
    const { phase } = t.state;
    if (phase.kind !== 'turning') throw new Error(`not turning: ${phase.kind}`);
    const row = saved(t.state);
    expect(row.state.shoe!.state).not.toHaveProperty('cards');
    expect(row.state.phase.round.shoeAfter).not.toHaveProperty('cards');
    expect(row.state.phase.round.shoeAfter.next).toBe(phase.round.shoeAfter!.next);
    const back = readBack(row, t)!;
    expect(back).toEqual(asSaved(t.state));
    // Shared again, so the next save leaves both out as well.
    const round = back.phase.kind === 'turning' ? back.phase.round : null;
    expect(round!.shoeAfter!.cards).toBe(back.shoe!.state.cards);
    expect(saved({ ...back, version: t.state.version }).state).toEqual(row.state);
    // The house finishes the round from the re-derived shoe: the very cards it had dealt.
    t.state = back;
    t.dispatch({ type: 'resume', now: t.now });
    fireUntil(t, 'result');
    expect(t.last('round.result')).toMatchObject({
      round: phase.round.seq,
      outcome: phase.round.result!.outcome,
      trace: phase.round.result!.trace,
    });
  });

  it('R12.1 T9.1: the roads are stored four characters a round and read back as they were', () => {
    const t = busyTableTurning(30);
    const row = saved(t.state);
    expect(t.state.shoe!.results).toHaveLength(30);
    expect(row.state.shoe!.results).toMatch(/^([pbt][0-3][0-9][0-9]){30}$/);
    expect(JSON.stringify(row.state)).not.toMatch(/"bankerPair"/);
    const back = readBack(row, t)!;
    expect(back).toEqual(asSaved(t.state));
    expect(back.shoe!.results).toEqual(t.state.shoe!.results);
    // Saved with its results as objects (before): loads as it was.
    row.state.shoe!.results = JSON.parse(JSON.stringify(t.state.shoe!.results));
    expect(readBack(row, t)).toEqual(asSaved(t.state));
    // Results that do not read back are another table's, not roads made up.
    row.state.shoe!.results = 'p05';
    expect(readBack(row, t)).toBeNull();
  });

  it('T9.10: a scripted shoe keeps its cards, and reads back whole', () => {
    const cards = scriptedShoe([ROUNDS.bothDraw, ROUNDS.tie]);
    const t = new ReducerHarness({}, [cards]);
    t.sit('ann', 1);
    t.command('ann', 'bets.confirm', {
      round: t.round,
      seat: 1,
      confirmId: 'c1',
      bets: [{ spot: 'player', amount: 1_000 }],
    });
    fireUntil(t, 'turning');
    expect(t.state.shoe!.scripted).toBe(true);
    const row = saved(t.state);
    expect(row.state.shoe!.state.cards).toEqual(cards);
    // The round's shoe is the session's cards further on: it still needs no copy.
    expect(row.state.phase.round.shoeAfter).not.toHaveProperty('cards');
    expect(readBack(row, t)).toEqual(asSaved(t.state));
  });

  it('T9.10: a fair shoe’s state stored with its cards (before T9.10) loads as it was', () => {
    const t = busyTableTurning(20);
    const old = saved(t.state);
    // The shape every save had: both card arrays in, no deck count, no check.
    old.state.shoe = JSON.parse(JSON.stringify(t.state.shoe));
    old.state.phase = JSON.parse(JSON.stringify(t.state.phase));
    expect(old.state.phase.round.shoeAfter.cards).toHaveLength(416);
    const back = readBack(old, t);
    expect(back).toEqual(asSaved(t.state));
    // Its seeds give its cards: the next save leaves them out.
    expect(saved(back!).state.shoe!.state).not.toHaveProperty('cards');
  });

  it('T9.10: a scripted shoe’s state stored before T9.10 (no marker) keeps its cards on', () => {
    const cards = scriptedShoe([ROUNDS.playerWin]);
    const t = new ReducerHarness({}, [cards]);
    t.sit('ann', 1);
    const old = saved(t.state);
    delete old.state.shoe!.scripted;
    const back = readBack(old, t)!;
    expect(back.shoe!.state.cards).toEqual(cards);
    expect(back.shoe!.scripted).toBe(true);
    expect(saved(back).state.shoe!.state.cards).toEqual(cards);
  });

  it('T9.10 T9.1: refuses a stored shoe its seeds do not give back', () => {
    const t = busyTableTurning(10);
    const good = saved(t.state);
    expect(readBack(good, t)).not.toBeNull();
    const altered = (change: (state: SavedState) => void): StoredRow => {
      const row = saved(t.state);
      change(row.state);
      return row;
    };
    // Another check, another server seed, another deck count: another shoe.
    const check = good.state.shoe!.state.check!;
    const shown = check.split(' ')[1];
    const other = shown === 'AS' ? 'KD' : 'AS';
    expect(
      readBack(
        altered((s) => (s.shoe!.state.check = check.replace(shown!, other))),
        t,
      ),
    ).toBeNull();
    expect(
      readBack(
        altered((s) => (s.shoe!.serverSeed = 'b'.repeat(64))),
        t,
      ),
    ).toBeNull();
    expect(
      readBack(
        altered((s) => (s.shoe!.state.decks = 6)),
        t,
      ),
    ).toBeNull();
    expect(
      readBack(
        altered((s) => (s.shoe!.number += 1)),
        t,
      ),
    ).toBeNull();
    // Nothing to re-derive the cards from, or no shoe to take the round's cards from.
    expect(
      readBack(
        altered((s) => delete s.shoe!.state.decks),
        t,
      ),
    ).toBeNull();
    expect(
      readBack(
        altered((s) => (s.shoe = null)),
        t,
      ),
    ).toBeNull();
  });

  it('T9.1 T9.3 T6.5: settling after its turning costs no save; settling straight from betting does', () => {
    const settlingOf = (state: TableState): TableState => {
      const { phase } = state;
      if (!('round' in phase)) throw new Error(`no round in ${phase.kind}`);
      return {
        ...state,
        phase: { kind: 'settling', round: phase.round, settled: [] } as TableState['phase'],
      };
    };
    const turning = busyTableTurning(1).state;
    expect(turning.phase.kind).toBe('turning');
    expect(durableKey(settlingOf(turning), defaultGame)).toBe(durableKey(turning, defaultGame));
    const betting = busyTable(1).state;
    expect(betting.phase.kind).toBe('betting');
    expect(durableKey(settlingOf(betting), defaultGame)).not.toBe(durableKey(betting, defaultGame));
  });

  it('T9.1: the key the saver keeps after every input is durableKey, though built only when a part moves', () => {
    const t = busyTable(1);
    // Every state the reducer hands the table, as the actor's saver is asked about each.
    const states: TableState[] = [];
    let current = t.state;
    Object.defineProperty(t, 'state', {
      get: () => current,
      set: (next: TableState) => {
        current = next;
        states.push(next);
      },
    });
    everyoneBets(t, 2);
    t.command('player-14', 'seat.leave', { seat: 14 });
    for (let i = 0; i < 30 && t.state.phase.kind !== 'betting'; i++) t.fire();
    t.sit('newcomer', 14);
    everyoneBets(t);
    for (let i = 0; i < 30 && t.state.phase.kind !== 'result'; i++) t.fire();
    const keys = new DurableKeys();
    const seen = new Set<string>();
    for (const state of states) {
      const key = keys.of(state, defaultGame);
      expect(key).toBe(durableKey(state, defaultGame));
      seen.add(key);
    }
    // Bets, turns, a seat left and taken: most states share a key, and each change made a new one.
    expect(states.length).toBeGreaterThan(40);
    expect(seen.size).toBeGreaterThan(4);
    expect(seen.size).toBeLessThan(states.length / 2);
  });
});
