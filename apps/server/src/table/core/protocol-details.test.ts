import type { Stake } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { ReducerHarness } from '../testing/reducer-harness.js';
import { fireUntil, nextRound } from '../testing/scripted-shoes.js';
import { shoeHolding } from '../testing/table-game.js';

const banker = (amount = 1_000) => [{ spot: 'banker' as const, amount }];
const confirm = (
  t: ReducerHarness,
  who: string,
  seat: number,
  confirmId: string,
  bets: Stake[] = banker(),
) => t.command(who, 'bets.confirm', { round: t.round, seat, confirmId, bets });

/** Ann in seat 1 (holder), Bob in seat 2; round 1 open for bets. */
function annAndBob(settings = {}) {
  const t = new ReducerHarness(settings);
  t.sit('ann', 1);
  t.sit('bob', 2);
  return t;
}

describe('docs/protocol.md, the details checked against the table', () => {
  it('P2.4: refusals come in the documented order', () => {
    const t = new ReducerHarness({ seats: 6 });
    t.sit('ann', 1);
    expect(t.command('bob', 'seat.take', { seat: 7 })).toMatchObject({ code: 'SEAT_OUT_OF_RANGE' });
    // Ann sits already: that is said before whether the seat she asks for is free.
    expect(t.command('ann', 'seat.take', { seat: 1 })).toMatchObject({ code: 'ALREADY_SEATED' });
    expect(t.command('bob', 'seat.take', { seat: 1 })).toMatchObject({ code: 'SEAT_TAKEN' });
  });

  it('P2.6: seat refusals, then a second confirm, then the draft bet by bet, then the total', () => {
    const t = annAndBob();
    // Cat keeps betting open to the end of this test.
    t.sit('cat', 3);
    expect(confirm(t, 'dan', 5, 'c1')).toMatchObject({ code: 'NOT_SEATED' });
    expect(confirm(t, 'ann', 5, 'c1')).toMatchObject({ code: 'NOT_SEATED' });
    expect(confirm(t, 'ann', 2, 'c1')).toMatchObject({ code: 'NOT_YOUR_SEAT' });
    // Bet by bet in the order sent: the first bet's problem is the one reported.
    const draft = [
      { spot: 'tie' as const, amount: 150 },
      { spot: 'player' as const, amount: 900_000 },
    ];
    expect(confirm(t, 'ann', 1, 'c1', draft)).toMatchObject({ code: 'FRACTIONAL_CHIPS' });
    expect(confirm(t, 'ann', 1, 'c1', [...draft].reverse())).toMatchObject({ code: 'OVER_MAX' });
    const rich = [
      { spot: 'player' as const, amount: 50_000 },
      { spot: 'banker' as const, amount: 50_000 },
      { spot: 'tie' as const, amount: 10_000 },
    ];
    expect(confirm(t, 'ann', 1, 'c1', rich)).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(confirm(t, 'ann', 1, 'c1')).toMatchObject({ ok: true, replayed: false });
    // Another id is refused before the same id with other bets would be.
    expect(confirm(t, 'ann', 1, 'c2', banker(2_000))).toMatchObject({ code: 'ALREADY_CONFIRMED' });
    expect(confirm(t, 'ann', 1, 'c1', banker(2_000))).toMatchObject({
      code: 'DUPLICATE_CONFIRM_ID',
    });
    expect(confirm(t, 'ann', 1, 'c1')).toMatchObject({ ok: true, replayed: true });
    t.command('bob', 'bets.none', { round: t.round, seat: 2 });
    expect(confirm(t, 'bob', 2, 'b1')).toMatchObject({ code: 'ALREADY_CONFIRMED' });
  });

  it('P2.6 T3.7: a replay is answered while its round is in play, then refused like any confirm', () => {
    const t = annAndBob();
    const first = t.round;
    const replay = () =>
      t.command('ann', 'bets.confirm', { round: first, seat: 1, confirmId: 'c1', bets: banker() });
    confirm(t, 'ann', 1, 'c1');
    t.command('bob', 'bets.none', { round: t.round, seat: 2 });
    for (const phase of ['dealing', 'turning', 'result'] as const) {
      fireUntil(t, phase);
      expect(replay()).toMatchObject({ ok: true, replayed: true, version: t.state.version });
    }
    nextRound(t);
    expect(t.state.phase.kind).toBe('betting');
    expect(replay()).toMatchObject({ code: 'STALE_ROUND' });
    fireUntil(t, 'dealing');
    expect(replay()).toMatchObject({ code: 'WRONG_PHASE' });
  });

  it('P2.7: bets.none again is ok and silent; refused after bets, outside betting, for another round', () => {
    const t = annAndBob();
    expect(t.command('bob', 'bets.none', { round: t.round + 1, seat: 2 })).toMatchObject({
      code: 'STALE_ROUND',
    });
    expect(t.command('bob', 'bets.none', { round: t.round, seat: 1 })).toMatchObject({
      code: 'NOT_YOUR_SEAT',
    });
    confirm(t, 'ann', 1, 'c1');
    expect(t.command('ann', 'bets.none', { round: t.round, seat: 1 })).toMatchObject({
      code: 'ALREADY_CONFIRMED',
    });
    const sat = annAndBob();
    sat.sit('cat', 3);
    expect(sat.command('bob', 'bets.none', { round: sat.round, seat: 2 })).toMatchObject({
      ok: true,
    });
    const events = sat.events.length;
    expect(sat.command('bob', 'bets.none', { round: sat.round, seat: 2 })).toMatchObject({
      ok: true,
    });
    expect(sat.events).toHaveLength(events);
    fireUntil(sat, 'dealing');
    expect(sat.command('bob', 'bets.none', { round: sat.round, seat: 2 })).toMatchObject({
      code: 'WRONG_PHASE',
    });
  });

  it('P2.10 T4.4: while everyone refuses the shoe the house deals at once, with no deal window', () => {
    const t = annAndBob();
    t.command('ann', 'shoe.pass', {});
    t.command('bob', 'shoe.refuse', {});
    expect(shoeHolding(t.state).houseDeals).toBe(true);
    const from = t.events.length;
    confirm(t, 'ann', 1, 'c1');
    t.command('bob', 'bets.none', { round: t.round, seat: 2 });
    const types = t.events.slice(from).map((e) => e.type);
    expect(types).not.toContain('dealing.started');
    expect(t.last('cards.dealt')).toMatchObject({ by: null });
  });
});
