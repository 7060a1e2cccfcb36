import { describe, expect, it } from 'vitest';
import { ReducerHarness } from '../testing/reducer-harness.js';
import { fireUntil } from '../testing/scripted-shoes.js';
import { shoeHolding } from '../testing/table-game.js';

const confirm = (table: ReducerHarness, seat: number, confirmId: string) => ({
  round: table.round,
  seat,
  confirmId,
  bets: [{ spot: 'banker' as const, amount: 1_000 }],
});

describe('players leaving in the middle of things', () => {
  it('T2.3 T1.4: when the only undecided player leaves, betting closes at once', () => {
    const table = new ReducerHarness();
    table.sit('ann', 1);
    table.sit('bob', 2);
    expect(table.command('ann', 'bets.none', { round: table.round, seat: 1 })).toMatchObject({
      ok: true,
    });
    expect(table.state.phase.kind).toBe('betting');
    table.command('bob', 'seat.leave', { seat: 2 });
    expect(table.ofType('betting.closed')).toHaveLength(1);
    expect(table.state.phase.kind).toBe('dealing');
  });

  it('T2.3: a "no bet" stays with the player, not the seat', () => {
    const table = new ReducerHarness();
    table.sit('ann', 1);
    table.sit('bob', 2);
    table.command('bob', 'bets.none', { round: table.round, seat: 2 });
    table.command('bob', 'seat.leave', { seat: 2 });
    table.sit('cat', 2);
    expect(table.state.phase.kind).toBe('betting');
    table.command('ann', 'bets.none', { round: table.round, seat: 1 });
    // Cat has not decided yet, so betting waits for her.
    expect(table.state.phase.kind).toBe('betting');
    table.command('cat', 'bets.none', { round: table.round, seat: 2 });
    expect(table.state.phase.kind).toBe('dealing');
  });

  it('T3.7: a confirm resent after betting closed is answered again, moving nothing', () => {
    const table = new ReducerHarness();
    table.sit('ann', 1);
    const placed = table.command('ann', 'bets.confirm', confirm(table, 1, 'confirm-ann-9'));
    expect(placed).toMatchObject({ ok: true, replayed: false });
    expect(table.state.phase.kind).toBe('dealing');
    const before = {
      state: table.state,
      events: table.events.length,
      effects: table.effects.length,
    };
    expect(table.command('ann', 'bets.confirm', confirm(table, 1, 'confirm-ann-9'))).toMatchObject({
      ok: true,
      replayed: true,
      bets: [{ spot: 'banker', amount: 1_000 }],
    });
    expect(table.state).toEqual(before.state);
    expect(table.events).toHaveLength(before.events);
    expect(table.effects).toHaveLength(before.effects);
    expect(table.command('ann', 'bets.confirm', confirm(table, 1, 'confirm-ann-10'))).toMatchObject(
      { ok: false, code: 'WRONG_PHASE' },
    );
  });

  it('T4.8: a holder who leaves while passing the shoe leaves it to the open offer', () => {
    const table = new ReducerHarness();
    table.sit('ann', 1);
    table.sit('bob', 2);
    table.sit('cat', 3);
    table.command('ann', 'shoe.pass', {});
    expect(shoeHolding(table.state).offer).toMatchObject({ seat: 2, from: 1 });
    table.command('ann', 'seat.leave', { seat: 1 });
    expect(table.last('shoe.holder')).toMatchObject({ seat: null, reason: 'holder-left' });
    expect(shoeHolding(table.state).offer).toMatchObject({ seat: 2 });
    table.command('bob', 'shoe.refuse', {});
    expect(shoeHolding(table.state).offer).toMatchObject({ seat: 3 });
    table.command('cat', 'shoe.accept', {});
    expect(shoeHolding(table.state).holder).toBe(3);
    fireUntil(table, 'dealing');
    expect(table.state.phase.kind).toBe('dealing');
  });
});
