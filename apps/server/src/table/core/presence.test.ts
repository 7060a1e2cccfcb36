import { tableEventSchema } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { restoreSeatsAway } from './presence.js';
import { ReducerHarness } from '../testing/reducer-harness.js';
import { fireUntil, ROUNDS, scriptedShoe } from '../testing/scripted-shoes.js';
import { shoeHolding } from '../testing/table-game.js';

const HOLD = 60_000;
const bet = (
  t: ReducerHarness,
  who: string,
  seat: number,
  spot: 'player' | 'banker',
  amount = 1_000,
) =>
  t.command(who, 'bets.confirm', {
    round: t.round,
    seat,
    confirmId: `${who}-${t.round}`,
    bets: [{ spot, amount }],
  });

/** Ann holds the shoe in seat 1, Bob sits in seat 2; betting is open for round 1. */
function annAndBob(rounds: readonly (readonly CardCode[])[] = [ROUNDS.bankerWin]) {
  const t = new ReducerHarness({}, [scriptedShoe(rounds)]);
  t.sit('ann', 1);
  t.sit('bob', 2);
  expect(t.state.phase.kind).toBe('betting');
  return t;
}

describe('presence: away seats are held, then freed (T1.5–T1.7)', () => {
  it('T1.5 T1.6: a dropped player keeps the seat for the hold, then it is freed with a reason', () => {
    const t = annAndBob();
    const at = t.now;
    t.away('bob');
    expect(t.last('seat.away')).toMatchObject({ seat: 2, playerId: 'bob', until: at + HOLD });
    expect(t.state.settings.seatHoldMs).toBe(HOLD);
    expect(t.effects.at(-1)).toEqual({ type: 'hold', playerId: 'bob', at: at + HOLD });
    t.away('bob');
    expect(t.ofType('seat.away')).toHaveLength(1);
    t.advance(HOLD - 1);
    expect(t.state.seats.map((s) => s.seat)).toEqual([1, 2]);
    expect(t.ofType('seat.left')).toHaveLength(0);
    t.advance(1);
    expect(t.state.seats.map((s) => s.seat)).toEqual([1]);
    expect(t.last('seat.left')).toMatchObject({ seat: 2, playerId: 'bob', reason: 'hold-expired' });
    expect(t.effects).toContainEqual(
      expect.objectContaining({ type: 'record-seat', seat: 2, playerId: 'bob', kind: 'LEAVE' }),
    );
    for (const event of t.events) expect(tableEventSchema.safeParse(event).success).toBe(true);
  });

  it('T1.7: back within the hold, in the same seat; the old hold then frees nothing', () => {
    const t = annAndBob();
    t.away('bob');
    t.advance(30_000);
    t.away('bob', false);
    expect(t.last('seat.back')).toMatchObject({ seat: 2, playerId: 'bob' });
    expect(t.state.seats.find((s) => s.seat === 2)?.awayUntil).toBeUndefined();
    t.advance(HOLD);
    expect(t.state.seats.find((s) => s.seat === 2)?.player.id).toBe('bob');
    expect(t.ofType('seat.left')).toHaveLength(0);
    // Coming back when not away, or not seated at all, says nothing.
    const events = t.events.length;
    t.away('bob', false);
    t.away('zed', false);
    t.away('zed');
    expect(t.events).toHaveLength(events);
  });

  it('T1.5 T2.3: an away seat counts as no bet, so betting closes once the present have decided', () => {
    const t = annAndBob();
    t.away('bob');
    expect(t.state.phase.kind).toBe('betting');
    bet(t, 'ann', 1, 'banker');
    expect(t.last('betting.closed')).toMatchObject({ round: 1 });
    expect(t.state.phase.kind).toBe('dealing');
  });

  it('T1.5 T2.3: a drop that leaves nobody undecided closes betting at once', () => {
    const t = annAndBob();
    bet(t, 'ann', 1, 'banker');
    expect(t.state.phase.kind).toBe('betting');
    t.away('bob');
    expect(t.state.phase.kind).toBe('dealing');
  });

  it('T1.5 T6.5: confirmed bets stand and settle while their player is away', () => {
    const t = annAndBob();
    bet(t, 'bob', 2, 'banker', 5_000);
    t.away('bob');
    bet(t, 'ann', 1, 'player');
    fireUntil(t, 'result');
    expect(t.last('round.result')).toMatchObject({ outcome: 'banker' });
    expect(t.last('settlement.paid')!.winners).toEqual([
      expect.objectContaining({ seat: 2, playerId: 'bob', stake: 5_000, result: 'win' }),
    ]);
    expect(t.wallets.get('bob')).toBe(100_000 + 4_750);
  });

  it('T1.5 T5.3: a turner who drops has their cards turned by the house at once', () => {
    const t = annAndBob();
    bet(t, 'bob', 2, 'player', 3_000);
    bet(t, 'ann', 1, 'banker');
    t.command('ann', 'shoe.deal', { round: t.round });
    expect(t.state.phase).toMatchObject({ kind: 'turning', turner: 2 });
    t.away('bob');
    expect(t.ofType('cards.revealed')[0]).toMatchObject({ hand: 'player', by: null });
    expect(t.last('turn.started')).toMatchObject({ hand: 'banker', turner: 1 });
  });

  it('T1.5 T5.1: an away Player bettor never gets the turn; the house turns for them', () => {
    const t = annAndBob();
    bet(t, 'bob', 2, 'player', 3_000);
    t.away('bob');
    bet(t, 'ann', 1, 'banker');
    t.command('ann', 'shoe.deal', { round: t.round });
    expect(t.ofType('cards.revealed')[0]).toMatchObject({ hand: 'player', by: null });
    expect(t.ofType('turn.started').map((e) => [e.hand, e.turner])).toEqual([['banker', 1]]);
  });

  it('T1.5 T4.8: an away holder passes the shoe when the deal comes', () => {
    const t = annAndBob();
    t.away('ann');
    expect(shoeHolding(t.state).holder).toBe(1);
    bet(t, 'bob', 2, 'banker');
    expect(t.last('shoe.holder')).toMatchObject({ seat: 2, reason: 'holder-away' });
    expect(t.last('dealing.started')).toMatchObject({ dealer: 2 });
    expect(shoeHolding(t.state).holder).toBe(2);
  });

  it('T1.5 T2.4: a holder who drops in the deal window leaves the deal to the house at once', () => {
    const t = annAndBob();
    bet(t, 'ann', 1, 'banker');
    bet(t, 'bob', 2, 'banker');
    expect(t.state.phase.kind).toBe('dealing');
    t.away('ann');
    expect(t.last('shoe.holder')).toMatchObject({ seat: 2, reason: 'holder-away' });
    expect(t.last('cards.dealt')).toMatchObject({ by: null });
    // Bob holds the shoe now, so he turns Banker's cards.
    expect(t.last('turn.started')).toMatchObject({ hand: 'banker', turner: 2 });
  });

  it('T1.5 T4.7: an offer open to an away seat is refused when betting closes', () => {
    const t = annAndBob();
    t.sit('cat', 3);
    t.command('ann', 'shoe.pass', {});
    expect(shoeHolding(t.state).offer?.seat).toBe(2);
    t.away('bob');
    bet(t, 'ann', 1, 'banker');
    t.command('cat', 'bets.none', { round: t.round, seat: 3 });
    expect(t.ofType('shoe.refused').at(-1)).toMatchObject({ seat: 2 });
    expect(t.last('shoe.offered')).toMatchObject({ seat: 3 });
  });

  it('T1.5 T2.5 T1.7: with only away seats no round opens; one coming back starts play again', () => {
    const t = annAndBob();
    t.away('ann');
    t.away('bob');
    // Nobody present and nobody bet: betting closed at once and the round was dropped.
    expect(t.state.phase.kind).toBe('waiting');
    expect(t.ofType('cards.dealt')).toHaveLength(0);
    const opened = t.ofType('betting.opened').length;
    t.away('bob', false);
    expect(t.ofType('betting.opened')).toHaveLength(opened + 1);
    expect(t.state.phase.kind).toBe('betting');
  });

  it('T1.6: a restored table holds every seat as away, and frees those not back in time', () => {
    const t = annAndBob();
    t.state = restoreSeatsAway(t.state, t.now);
    expect(t.state.seats.map((s) => s.awayUntil)).toEqual([t.now + HOLD, t.now + HOLD]);
    // Restoring again keeps the deadlines already running.
    expect(restoreSeatsAway(t.state, t.now + 5_000).seats).toEqual(t.state.seats);
    t.away('ann', false);
    t.dispatch({ type: 'hold-expired', now: t.now + HOLD, playerId: 'bob' });
    expect(t.last('seat.left')).toMatchObject({ seat: 2, reason: 'hold-expired' });
    expect(t.state.seats.map((s) => s.player.id)).toEqual(['ann']);
  });
});
