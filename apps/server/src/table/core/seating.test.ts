import { describe, expect, it } from 'vitest';
import { tableEventSchema } from '@banco/protocol';
import { commitmentOf } from '@banco/rules';
import type { TableInput } from './inputs.js';
import { initialTableState } from './initial-state.js';
import { reduce } from './reducer.js';
import { tableSettings } from './settings.js';
import { ReducerHarness } from '../testing/reducer-harness.js';
import {
  everyoneNoBet,
  expectRefused,
  fireUntil,
  ROUNDS,
  scriptedShoe,
  typesOf,
} from '../testing/scripted-shoes.js';
import { defaultGame } from '../testing/table-game.js';
import { shoeHolding } from '../testing/table-game.js';

const NOW = 1_700_000_000_000;
const SEED = 'a'.repeat(64);

const sitInput = (playerId: string, seat: number): TableInput => ({
  type: 'command',
  now: NOW,
  playerId,
  command: { name: 'seat.take', payload: { tableId: 't1', seat } },
  seating: { player: { id: playerId, name: playerId }, balance: 100_000 },
});

describe('the first seat starts the table (T2.1)', () => {
  it('T2.1 T7.1 T4.1: waiting → shuffling → opening → betting, one input at a time', () => {
    const state0 = initialTableState(
      { id: 't1', name: 'One', settings: tableSettings() },
      defaultGame,
    );
    expect(state0.phase).toEqual({ kind: 'waiting' });

    const sat = reduce(state0, sitInput('ann', 3), defaultGame);
    expect(sat.reply).toEqual({ ok: true, seat: 3, balance: 100_000, version: 1 });
    expect(sat.state.phase).toEqual({ kind: 'shuffling' });
    expect(sat.effects).toEqual([
      {
        type: 'broadcast',
        event: {
          type: 'seat.taken',
          seat: 3,
          player: { id: 'ann', name: 'ann' },
          balance: 100_000,
          tableId: 't1',
          version: 1,
          at: NOW,
        },
      },
      // T9.8: keyed by table and version; the shoe's number is fixed before it is stored.
      { type: 'record-seat', seat: 3, playerId: 'ann', kind: 'SIT', key: 't1:1' },
      { type: 'new-shoe', number: 1 },
    ]);

    const shoe = {
      id: 'shoe-9',
      number: 1,
      serverSeed: SEED,
      commitment: commitmentOf(SEED),
      scripted: scriptedShoe([ROUNDS.bankerWin]),
    };
    // A shoe answer while the table is not shuffling is ignored.
    expect(reduce(state0, { type: 'shoe-ready', now: NOW, shoe }, defaultGame).state).toEqual(
      state0,
    );

    // R11.7: the commitment goes out first; seed contributions are taken for 5 s.
    const seeding = reduce(sat.state, { type: 'shoe-ready', now: NOW, shoe }, defaultGame);
    expect(seeding.state.phase).toEqual({
      kind: 'seeding',
      shoe,
      deadline: NOW + 5_000,
      contributions: [],
    });
    expect(seeding.effects.map((e) => (e.type === 'broadcast' ? e.event.type : e.type))).toEqual([
      'shoe.new',
      'schedule',
    ]);

    const ready = reduce(seeding.state, { type: 'timer', now: NOW + 5_000, token: 1 }, defaultGame);
    expect(ready.state.phase).toEqual({ kind: 'opening', seq: 1 });
    expect(ready.state).toMatchObject({ roundSeq: 1, version: 5 });
    expect(ready.state.game).toMatchObject({ holder: 3, lastHolder: 3 });
    expect(ready.effects.map((e) => (e.type === 'broadcast' ? e.event.type : e.type))).toEqual([
      'shoe.shuffled',
      'shoe.burned',
      'record-shuffle',
      'shoe.holder',
      'open-round',
    ]);
    expect(ready.effects.at(-1)).toEqual({
      type: 'open-round',
      seq: 1,
      shoeId: 'shoe-9',
      shoeRound: 1,
      holder: 3,
      refills: [],
    });

    // The ledger's answer for another round is ignored.
    const stale = reduce(
      ready.state,
      {
        type: 'round-opened',
        now: NOW,
        seq: 2,
        roundId: 'r2',
        refills: [],
      },
      defaultGame,
    );
    expect(stale.state).toEqual(ready.state);
    expect(stale.effects).toEqual([]);

    const open = reduce(
      ready.state,
      {
        type: 'round-opened',
        now: NOW + 7,
        seq: 1,
        roundId: 'r1',
        refills: [],
      },
      defaultGame,
    );
    expect(open.state.phase).toMatchObject({
      kind: 'betting',
      closesAt: NOW + 7 + 15_000,
      lastBetsAt: NOW + 7 + 10_000,
      lastCallSent: false,
      round: { seq: 1, roundId: 'r1', shoeRound: 1, bets: [], noBet: [], result: null },
    });
    expect(open.effects).toEqual([
      {
        type: 'broadcast',
        event: {
          type: 'betting.opened',
          round: 1,
          shoeRound: 1,
          closesAt: NOW + 15_007,
          lastBetsAt: NOW + 10_007,
          tableId: 't1',
          version: 6,
          at: NOW + 7,
        },
      },
      { type: 'schedule', token: 2, at: NOW + 10_007 },
    ]);
    expect(open.state.timer).toEqual({ token: 2, at: NOW + 10_007 });
  });

  it('T2.1 T4.1 T7.2: through the harness the events go out in order with versions 1, 2, 3, …', () => {
    const t = new ReducerHarness();
    t.sit('ann', 3);
    expect(typesOf(t.events)).toEqual([
      'seat.taken',
      'shoe.new',
      'shoe.shuffled',
      'shoe.burned',
      'shoe.holder',
      'betting.opened',
    ]);
    expect(t.events.map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(t.last('shoe.holder')).toEqual({
      type: 'shoe.holder',
      seat: 3,
      houseDeals: false,
      reason: 'first-seat',
      tableId: 'test',
      version: 5,
      at: t.now,
    });
    expect(t.last('betting.opened')).toMatchObject({
      round: 1,
      closesAt: t.now + 15_000,
      lastBetsAt: t.now + 10_000,
    });
    for (const event of t.events) expect(tableEventSchema.safeParse(event).success).toBe(true);
  });
});

describe('seats (T1)', () => {
  it('T1.1: seats run from 1 to the table setting (SEAT_OUT_OF_RANGE)', () => {
    const t = new ReducerHarness();
    expectRefused(t, () => t.sit('ann', 15), 'SEAT_OUT_OF_RANGE');
    expect(t.sit('ann', 14)).toMatchObject({ ok: true, seat: 14 });
    const small = new ReducerHarness({ seats: 6 });
    expectRefused(small, () => small.sit('bob', 7), 'SEAT_OUT_OF_RANGE');
    expect(small.sit('bob', 6)).toMatchObject({ ok: true });
    expect(small.sit('cat', 1)).toMatchObject({ ok: true });
    expect(small.state.seats.map((s) => s.seat)).toEqual([1, 6]);
  });

  it('T1.1: a table of one seat works', () => {
    const t = new ReducerHarness({ seats: 1 }, [scriptedShoe([ROUNDS.playerWin])]);
    expect(t.sit('ann', 1)).toMatchObject({ ok: true });
    expectRefused(t, () => t.sit('bob', 2), 'SEAT_OUT_OF_RANGE');
    expectRefused(t, () => t.sit('bob', 1), 'SEAT_TAKEN');
    everyoneNoBet(t);
    fireUntil(t, 'result');
    expect(shoeHolding(t.state).holder).toBe(1);
  });

  it('T1.2: a player sits in at most one seat (ALREADY_SEATED); a taken seat stays taken (SEAT_TAKEN)', () => {
    const t = new ReducerHarness();
    t.sit('ann', 3);
    expectRefused(t, () => t.sit('ann', 4), 'ALREADY_SEATED');
    expectRefused(t, () => t.sit('ann', 3), 'ALREADY_SEATED');
    expectRefused(t, () => t.sit('bob', 3), 'SEAT_TAKEN');
    expect(t.state.seats).toHaveLength(1);
  });

  it('T1.3 T3.1: a seat taken during betting may bet in that round', () => {
    const t = new ReducerHarness();
    t.sit('ann', 3);
    t.advance(9_000);
    const from = t.events.length;
    expect(t.sit('bob', 1)).toEqual({ ok: true, seat: 1, balance: 100_000, version: from + 1 });
    expect(t.events.slice(from)).toMatchObject([
      { type: 'seat.taken', seat: 1, player: { id: 'bob' }, balance: 100_000 },
    ]);
    expect(t.effects.at(-1)).toEqual({
      type: 'record-seat',
      seat: 1,
      playerId: 'bob',
      kind: 'SIT',
      key: `test:${from + 1}`,
    });
    // Seats are kept in seat order; the shoe stays where it is.
    expect(t.state.seats.map((s) => s.seat)).toEqual([1, 3]);
    expect(shoeHolding(t.state).holder).toBe(3);
    expect(
      t.command('bob', 'bets.confirm', {
        round: 1,
        seat: 1,
        confirmId: 'confirm-bob-1',
        bets: [{ spot: 'player', amount: 1_000 }],
      }),
    ).toMatchObject({ ok: true, balance: 99_000 });
    // Ann has not decided yet, so betting stays open (T2.3).
    expect(t.state.phase.kind).toBe('betting');
  });

  it('T1.3: a seat may be taken in any phase; a newcomer joins the next round', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.bankerWin, ROUNDS.bankerWin])]);
    t.sit('ann', 3);
    everyoneNoBet(t);
    expect(t.state.phase.kind).toBe('dealing');
    expect(t.sit('bob', 5)).toMatchObject({ ok: true });
    t.command('ann', 'shoe.deal', { round: 1 });
    expect(t.state.phase.kind).toBe('turning');
    expect(t.sit('cat', 7)).toMatchObject({ ok: true });
    fireUntil(t, 'result');
    expect(t.sit('dan', 9)).toMatchObject({ ok: true });
    t.fire();
    t.command('ann', 'bets.none', { round: 2, seat: 3 });
    t.command('bob', 'bets.none', { round: 2, seat: 5 });
    t.command('cat', 'bets.none', { round: 2, seat: 7 });
    expect(t.state.phase.kind).toBe('betting');
    t.command('dan', 'bets.none', { round: 2, seat: 9 });
    expect(t.state.phase.kind).toBe('dealing');
  });

  it('T1.4: only the seat’s own player leaves it (NOT_SEATED, NOT_YOUR_SEAT)', () => {
    const t = new ReducerHarness();
    t.sit('ann', 3);
    t.sit('bob', 5);
    expectRefused(t, () => t.command('zed', 'seat.leave', { seat: 3 }), 'NOT_SEATED');
    expectRefused(t, () => t.command('ann', 'seat.leave', { seat: 5 }), 'NOT_YOUR_SEAT');
    expectRefused(t, () => t.command('ann', 'seat.leave', { seat: 9 }), 'NOT_YOUR_SEAT');
  });

  it('T1.4: a player may leave at any time and sit again', () => {
    const t = new ReducerHarness();
    t.sit('ann', 3);
    t.sit('bob', 5);
    const from = t.events.length;
    expect(t.command('bob', 'seat.leave', { seat: 5 })).toEqual({ ok: true, version: from + 1 });
    expect(t.events.slice(from)).toMatchObject([
      { type: 'seat.left', seat: 5, playerId: 'bob', version: from + 1 },
    ]);
    expect(t.effects.at(-1)).toEqual({
      type: 'record-seat',
      seat: 5,
      playerId: 'bob',
      kind: 'LEAVE',
      key: `test:${from + 1}`,
    });
    expect(t.state.seats.map((s) => s.player.id)).toEqual(['ann']);
    expect(t.sit('bob', 2)).toMatchObject({ ok: true, seat: 2 });
  });

  it('T1.4 T6.1: confirmed bets of a player who leaves stay on the layout and settle as usual', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.bankerWin])]);
    t.sit('ann', 3);
    t.sit('bob', 5);
    t.command('bob', 'bets.confirm', {
      round: 1,
      seat: 5,
      confirmId: 'confirm-bob-1',
      bets: [
        { spot: 'banker', amount: 2_000 },
        { spot: 'tie', amount: 1_000 },
      ],
    });
    t.command('bob', 'seat.leave', { seat: 5 });
    const { phase } = t.state;
    expect(phase.kind === 'betting' && phase.round.bets.map((b) => b.playerId)).toEqual(['bob']);
    // Ann alone is undecided now; once she is, betting closes.
    t.command('ann', 'bets.none', { round: 1, seat: 3 });
    fireUntil(t, 'result');
    const settle = t.effects.find((e) => e.type === 'settle');
    expect(settle).toMatchObject({
      settled: [
        { seat: 5, playerId: 'bob', spot: 'tie', result: 'lose', returned: 0 },
        { seat: 5, playerId: 'bob', spot: 'banker', result: 'win', returned: 3_900 },
      ],
    });
    expect(t.last('settlement.paid')).toMatchObject({
      balances: [{ playerId: 'bob', seat: 5, balance: 100_900 }],
    });
    expect(t.wallets.get('bob')).toBe(100_900);
    expect(t.state.seats.map((s) => s.player.id)).toEqual(['ann']);
  });

  it('T2.1 T1.4: when the last player leaves between rounds the table waits instead of opening one', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.bankerWin])]);
    t.sit('ann', 3);
    everyoneNoBet(t);
    fireUntil(t, 'result');
    t.command('ann', 'seat.leave', { seat: 3 });
    const from = t.events.length;
    const effects = t.effects.length;
    t.fire();
    expect(t.events.slice(from)).toEqual([]);
    expect(t.effects.slice(effects)).toEqual([]);
    expect(t.state.phase).toEqual({ kind: 'waiting' });
    expect(t.round).toBe(1);
  });
});
