import { describe, expect, it } from 'vitest';
import { tableEventSchema } from '@banco/protocol';
import type { TableInput } from './inputs.js';
import { reduce } from './reducer.js';
import { TIMINGS } from './settings.js';
import type { Effect, TableState } from './state.js';
import { ReducerHarness } from '../testing/reducer-harness.js';
import {
  everyoneNoBet,
  fireUntil,
  ROUNDS,
  scriptedShoe,
  typesOf,
} from '../testing/scripted-shoes.js';
import { defaultGame } from '../testing/table-game.js';

/** Moves the clock on and returns the types of the events that went out meanwhile. */
function after(t: ReducerHarness, ms: number): string[] {
  const from = t.events.length;
  t.advance(ms);
  return typesOf(t.events.slice(from));
}

const schedules = (t: ReducerHarness) =>
  t.effects.filter((e): e is Extract<Effect, { type: 'schedule' }> => e.type === 'schedule');

/** A timer input that must change nothing at all. */
function expectIgnoredTimer(t: ReducerHarness, token: number): void {
  const before = t.state;
  const events = t.events.length;
  const effects = t.effects.length;
  t.dispatch({ type: 'timer', now: t.now, token });
  expect(t.state).toEqual(before);
  expect(t.events.length).toBe(events);
  expect(t.effects.length).toBe(effects);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe('the table clock (T2.1–T2.4)', () => {
  it('T2.1 T2.2 T2.4 T5.3: live windows: bets 15 s with a last call 5 s before, deal 5 s, reveal 5 s, result 4 s', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.bankerWin, ROUNDS.playerWin])]);
    t.sit('ann', 1);
    const opened = t.now;
    expect(t.last('betting.opened')).toMatchObject({
      round: 1,
      shoeRound: 1,
      closesAt: opened + 15_000,
      lastBetsAt: opened + 10_000,
    });
    expect(t.state.timer?.at).toBe(opened + 10_000);
    expect(after(t, 9_999)).toEqual([]);
    expect(after(t, 1)).toEqual(['betting.last-call']);
    expect(t.last('betting.last-call')).toMatchObject({ round: 1, closesAt: opened + 15_000 });
    expect(after(t, 4_999)).toEqual([]);
    expect(after(t, 1)).toEqual(['betting.closed', 'dealing.started']);
    expect(t.last('dealing.started')).toMatchObject({ dealer: 1, deadline: t.now + 5_000 });
    expect(after(t, 4_999)).toEqual([]);
    // The holder let the deal window run out: the house deals (T2.4). Nobody bet Player, so the
    // house turns Player at once; Ann turns Banker.
    expect(after(t, 1)).toEqual(['cards.dealt', 'cards.revealed', 'turn.started']);
    expect(t.last('cards.dealt')).toMatchObject({ by: null });
    expect(t.last('turn.started')).toMatchObject({
      hand: 'banker',
      turner: 1,
      deadline: t.now + 5_000,
    });
    expect(after(t, 4_999)).toEqual([]);
    expect(after(t, 1)).toEqual([
      'cards.revealed',
      'settlement.collected',
      'settlement.paid',
      'round.result',
    ]);
    expect(t.last('round.result')).toMatchObject({ nextAt: t.now + 4_000 });
    expect(after(t, 3_999)).toEqual([]);
    expect(after(t, 1)).toEqual(['betting.opened']);
    expect(t.last('betting.opened')).toMatchObject({
      round: 2,
      shoeRound: 2,
      closesAt: t.now + 15_000,
    });
    t.events.forEach((event, i) => {
      expect(event.version).toBe(i + 1);
      expect(tableEventSchema.safeParse(event).success).toBe(true);
    });
  });

  it('T2.4: a holder who deals within the window deals; the round goes on without waiting', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.bankerWin])]);
    t.sit('ann', 1);
    everyoneNoBet(t);
    t.advance(2_000);
    const from = t.events.length;
    expect(t.command('ann', 'shoe.deal', { round: 1 })).toMatchObject({
      ok: true,
      version: from + 3,
    });
    expect(typesOf(t.events.slice(from))).toEqual([
      'cards.dealt',
      'cards.revealed',
      'turn.started',
    ]);
    expect(t.last('cards.dealt')).toMatchObject({
      by: 1,
      layout: { player: [null, null], banker: [null, null] },
    });
  });

  it('T2.4 T4.4: with nobody holding the shoe the house deals as soon as bets close', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.bankerWin])]);
    t.sit('ann', 1);
    t.command('ann', 'shoe.pass', {});
    expect(t.state.game).toMatchObject({ holder: null, houseDeals: true });
    const from = t.events.length;
    t.command('ann', 'bets.confirm', {
      round: 1,
      seat: 1,
      confirmId: 'confirm-ann-1',
      bets: [{ spot: 'player', amount: 1_000 }],
    });
    const types = typesOf(t.events.slice(from));
    expect(types.slice(0, 3)).toEqual(['bets.confirmed', 'betting.closed', 'cards.dealt']);
    expect(types).not.toContain('dealing.started');
    expect(t.last('cards.dealt')).toMatchObject({ by: null });
    // Ann bet Player and does not hold the shoe, so she turns Player.
    expect(t.state.phase).toMatchObject({ kind: 'turning', turner: 1 });
  });

  it('T2.5: nobody seated and nobody bet when betting closes: no card is dealt and the table waits', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.bankerWin])]);
    t.sit('ann', 1);
    t.command('ann', 'seat.leave', { seat: 1 });
    expect(t.state.phase.kind).toBe('betting');
    const from = t.events.length;
    t.fire();
    t.fire();
    // T9.5: the round, which took no card and no bet, is closed in the ledger too.
    expect(typesOf(t.events.slice(from))).toEqual([
      'betting.last-call',
      'betting.closed',
      'round.voided',
    ]);
    expect(t.last('round.voided')).toMatchObject({ round: 1, reason: 'empty', refunds: [] });
    expect(t.state.phase).toEqual({ kind: 'waiting' });
    expect(t.state.timer).toBeNull();
    expect(t.state.shoe?.state.roundsDealt).toBe(0);
    expect(t.effects.filter((e) => e.type === 'settle')).toEqual([]);
    // Someone sits down: the next round opens on the same shoe.
    t.sit('bob', 6);
    expect(t.state.phase.kind).toBe('betting');
    expect(t.ofType('shoe.new')).toHaveLength(1);
    expect(t.last('betting.opened')).toMatchObject({ round: 2, shoeRound: 1 });
    expect(t.last('shoe.holder')).toMatchObject({ seat: 6, reason: 'first-seat' });
  });

  it('T2.5 T1.4: bets of players who have all left are still dealt and settled, then the table waits', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.playerWin])]);
    t.sit('ann', 1);
    t.sit('bob', 4);
    t.command('bob', 'bets.confirm', {
      round: 1,
      seat: 4,
      confirmId: 'confirm-bob-1',
      bets: [{ spot: 'player', amount: 1_000 }],
    });
    t.command('bob', 'seat.leave', { seat: 4 });
    t.command('ann', 'seat.leave', { seat: 1 });
    const from = t.events.length;
    fireUntil(t, 'result');
    expect(t.last('cards.dealt')).toMatchObject({ by: null });
    expect(t.last('settlement.paid')).toMatchObject({
      winners: [{ playerId: 'bob', returned: 2_000 }],
    });
    expect(t.wallets.get('bob')).toBe(101_000);
    expect(typesOf(t.events.slice(from))).not.toContain('turn.started');
    t.fire();
    expect(t.state.phase).toEqual({ kind: 'waiting' });
    expect(t.state.timer).toBeNull();
  });
});

describe('timers (T2.0)', () => {
  it('T2.0: a timer with a stale token is ignored', () => {
    const t = new ReducerHarness();
    t.sit('ann', 1);
    t.sit('bob', 2);
    const lastCall = t.state.timer!.token;
    t.fire();
    expect(t.last('betting.last-call')).toBeDefined();
    expectIgnoredTimer(t, lastCall);
    // Betting closes early: the pending close is replaced by the deal deadline.
    const close = t.state.timer!.token;
    everyoneNoBet(t);
    expect(t.state.phase.kind).toBe('dealing');
    expect(t.state.timer!.token).not.toBe(close);
    expectIgnoredTimer(t, close);
    expectIgnoredTimer(t, t.state.timer!.token + 1);
    expect(t.state.phase.kind).toBe('dealing');
  });

  it('T2.0: a timer while nothing is pending (waiting) changes nothing', () => {
    const t = new ReducerHarness();
    expect(t.state.timer).toBeNull();
    expectIgnoredTimer(t, 1);
    expectIgnoredTimer(t, 0);
  });

  it('T2.0: only one wake-up is pending at a time; every earlier one goes stale', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.bothDraw, ROUNDS.tie])]);
    t.sit('ann', 1);
    t.sit('bob', 4);
    t.command('bob', 'bets.confirm', {
      round: 1,
      seat: 4,
      confirmId: 'confirm-bob-1',
      bets: [{ spot: 'player', amount: 1_000 }],
    });
    for (let i = 0; i < 20 && t.round < 2; i++) {
      const last = schedules(t).at(-1);
      expect(t.state.timer).toEqual(last ? { token: last.token, at: last.at } : null);
      t.fire();
    }
    expect(t.round).toBe(2);
    const tokens = schedules(t).map((s) => s.token);
    expect(tokens.length).toBeGreaterThan(6);
    expect(tokens).toEqual(tokens.map((_, i) => tokens[0]! + i));
    expect(t.state.timer!.token).toBe(tokens.at(-1));
    for (const token of tokens.slice(0, -1)) expectIgnoredTimer(t, token);
  });

  it('T2.0: the reducer is a pure function of the state and one input', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.bankerWin])]);
    t.sit('ann', 1);
    t.sit('bob', 4);
    const state: TableState = deepFreeze(structuredClone(t.state));
    const copy = structuredClone(state);
    const inputs: TableInput[] = [
      { type: 'timer', now: t.now, token: state.timer!.token },
      {
        type: 'command',
        now: t.now,
        playerId: 'bob',
        command: {
          name: 'bets.confirm',
          payload: {
            tableId: 'test',
            round: 1,
            seat: 4,
            confirmId: 'confirm-bob-1',
            bets: [{ spot: 'banker', amount: 1_000 }],
          },
        },
      },
      {
        type: 'command',
        now: t.now,
        playerId: 'ann',
        command: { name: 'shoe.pass', payload: { tableId: 'test' } },
      },
      {
        type: 'command',
        now: t.now,
        playerId: 'ann',
        command: { name: 'seat.leave', payload: { tableId: 'test', seat: 1 } },
      },
    ];
    for (const input of inputs) {
      const first = reduce(state, input, defaultGame);
      const second = reduce(state, input, defaultGame);
      expect(second).toEqual(first);
      expect(state).toEqual(copy);
    }
  });

  it('T2.1: with the instant timings (every window 0 s) rounds play by timers alone', () => {
    const t = new ReducerHarness({ ...TIMINGS.instant });
    t.sit('ann', 1);
    t.sit('bob', 2);
    const opened = t.last('betting.opened')!;
    expect(opened.closesAt).toBe(opened.lastBetsAt);
    for (let i = 0; i < 60 && t.ofType('round.result').length < 8; i++) t.fire();
    expect(t.ofType('round.result')).toHaveLength(8);
    expect(t.ofType('betting.last-call')).toEqual([]);
    for (const s of schedules(t)) expect(s.at).toBe(t.now);
    expect(t.now).toBe(1_700_000_000_000);
    expect(t.ofType('round.result').map((r) => r.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    t.events.forEach((event, i) => expect(event.version).toBe(i + 1));
  });
});
