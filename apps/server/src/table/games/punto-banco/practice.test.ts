import { tableEventSchema } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { practiceTableSettings } from '../../../rooms/practice.js';
import { TIMINGS } from '../../core/settings.js';
import { ReducerHarness } from '../../testing/reducer-harness.js';
import { expectRefused, ROUNDS, scriptedShoe, typesOf } from '../../testing/scripted-shoes.js';

/** A practice table (T12.1) with Pia seated alone; betting is open for the first round. */
function practice(balance?: number) {
  const settings = { ...practiceTableSettings(TIMINGS.live), seedMs: 0 };
  const t = new ReducerHarness(
    settings,
    [scriptedShoe([ROUNDS.playerWin, ROUNDS.bankerWin, ROUNDS.tie])],
    { host: 'pia' },
  );
  t.sit('pia', 1, balance);
  expect(t.state.phase.kind).toBe('betting');
  return t;
}

const bet = (t: ReducerHarness, spot: 'player' | 'banker' | 'tie', amount: number) =>
  t.command('pia', 'bets.confirm', {
    round: t.round,
    seat: 1,
    confirmId: `pia-${t.round}`,
    bets: [{ spot, amount }],
  });

/** The table's own reveals (T11.10) run on its reveal timer: fire them until the result. */
function revealAll(t: ReducerHarness) {
  for (let i = 0; i < 10 && t.state.phase.kind === 'turning'; i++) t.fire();
}

describe('a practice table (T12)', () => {
  it('T12.1: one seat, even-money Banker, untimed betting, 10 to 500 chips a bet', () => {
    const settings = practiceTableSettings(TIMINGS.live);
    expect(settings).toMatchObject({
      seats: 1,
      selfPaced: true,
      untimedBetting: true,
      cardTurning: false,
      rules: { commission: 'even-money', tiePays: 8, sideBets: [] },
      limits: {
        player: { min: 1_000, max: 50_000 },
        banker: { min: 1_000, max: 50_000 },
        tie: { min: 1_000, max: 50_000 },
      },
    });
    const t = practice();
    expect(t.state.phase).toMatchObject({ kind: 'betting', closesAt: null, lastBetsAt: null });
    expect(t.state.timer).toBeNull();
    expectRefused(t, () => bet(t, 'player', 50_100), 'OVER_MAX');
    expectRefused(t, () => bet(t, 'banker', 900), 'UNDER_MIN');
  });

  it('T12.2: the confirm deals at once, in the holder’s name, with no dealing window', () => {
    const t = practice();
    const from = t.events.length;
    expect(bet(t, 'player', 2_500)).toMatchObject({ ok: true });
    const types = typesOf(t.events.slice(from));
    expect(types).toContain('cards.dealt');
    expect(types).not.toContain('dealing.started');
    expect(t.last('cards.dealt')).toMatchObject({ by: 1 });
    revealAll(t);
    expect(t.state.phase.kind).toBe('result');
    expect(t.last('round.result')).toMatchObject({ outcome: 'player', nextAt: null });
    // Player paid 1:1 on a 25-chip stake.
    expect(t.state.seats[0]!.balance).toBe(100_000 + 2_500);
  });

  it('T12.3: after the result nothing happens until round.next; then the next round opens', () => {
    const t = practice();
    bet(t, 'banker', 1_000);
    revealAll(t);
    expect(t.state.phase).toMatchObject({ kind: 'result', nextAt: null });
    expect(t.state.timer).toBeNull();
    const before = t.events.length;
    t.advance(24 * 60 * 60_000);
    expect(t.events.length).toBe(before);
    expectRefused(t, () => t.command('someone', 'round.next', {}), 'NOT_SEATED');
    const round = t.round;
    expect(t.command('pia', 'round.next', {})).toMatchObject({ ok: true });
    expect(t.round).toBe(round + 1);
    expect(t.state.phase.kind).toBe('betting');
    // Asked again while bets are open: there is no result to move on from.
    expectRefused(t, () => t.command('pia', 'round.next', {}), 'WRONG_PHASE');
    // Every event still passes the shared schema with its null nextAt (P12.2).
    for (const event of t.events) expect(tableEventSchema.safeParse(event).success).toBe(true);
  });

  it('T12.3: a declared no-bet deals the round too, and a timed table refuses round.next', () => {
    const t = practice();
    t.command('pia', 'bets.none', { round: t.round, seat: 1 });
    revealAll(t);
    expect(t.state.phase.kind).toBe('result');
    const timed = new ReducerHarness({}, [scriptedShoe([ROUNDS.playerWin])]);
    timed.sit('ann', 1);
    expectRefused(timed, () => timed.command('ann', 'round.next', {}), 'WRONG_PHASE');
  });

  it('T12.4 T8.2: below the 10-chip minimum, the next round tops the wallet up', () => {
    const t = practice(1_500);
    bet(t, 'banker', 1_000);
    revealAll(t);
    // The first round is a Player win: 5 chips are left, under the table minimum.
    expect(t.state.seats[0]!.balance).toBe(500);
    t.command('pia', 'round.next', {});
    expect(t.last('balance.refilled')).toMatchObject({ seat: 1, balance: 100_000 });
    expect(t.state.seats[0]!.balance).toBe(100_000);
  });
});
