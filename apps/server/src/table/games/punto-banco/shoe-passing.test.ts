import { describe, expect, it } from 'vitest';
import { tableEventSchema } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { ReducerHarness } from '../../testing/reducer-harness.js';
import {
  everyoneNoBet,
  expectRefused,
  fireUntil,
  ROUNDS,
  scriptedShoe,
  typesOf,
} from '../../testing/scripted-shoes.js';
import { puntoOf } from './state.js';

/** Seats players in the order given: the first one to sit takes the shoe (T4.1). */
function table(seats: [string, number][], rounds: (readonly CardCode[])[] = []): ReducerHarness {
  const harness = new ReducerHarness({}, [scriptedShoe(rounds)]);
  for (const [playerId, seat] of seats)
    expect(harness.sit(playerId, seat)).toMatchObject({ ok: true });
  return harness;
}

const ABC: [string, number][] = [
  ['ann', 2],
  ['bob', 5],
  ['cat', 14],
];

/** Nobody bets: the round plays out by timeouts to its result. */
function playRound(t: ReducerHarness): void {
  everyoneNoBet(t);
  fireUntil(t, 'result');
}

const holderEvents = (t: ReducerHarness, from: number) =>
  t.events.slice(from).filter((e) => e.type === 'shoe.holder');

describe('who holds the shoe (T4.1–T4.3)', () => {
  it('T4.1: the first seated player takes the shoe when the table starts', () => {
    const t = table([['ann', 5]]);
    expect(t.ofType('shoe.holder')).toMatchObject([
      { seat: 5, houseDeals: false, reason: 'first-seat' },
    ]);
    expect(t.state.game).toMatchObject({
      holder: 5,
      lastHolder: 5,
      houseDeals: false,
      offer: null,
    });
    expect(t.effects.find((e) => e.type === 'open-round')).toMatchObject({ seq: 1, holder: 5 });
  });

  it('T4.1 T4.8: when nobody holds the shoe, the lowest occupied seat takes it at the next round', () => {
    const t = table([['ann', 5]], [ROUNDS.bankerWin]);
    t.command('ann', 'seat.leave', { seat: 5 });
    expect(t.last('shoe.holder')).toMatchObject({
      seat: null,
      houseDeals: false,
      reason: 'holder-left',
    });
    expect(puntoOf(t.state).holder).toBeNull();
    t.sit('bob', 9);
    t.sit('cat', 3);
    const from = t.events.length;
    everyoneNoBet(t);
    // Nobody holds the shoe: the house deals at once (T2.4).
    expect(typesOf(t.events.slice(from))).not.toContain('dealing.started');
    expect(t.last('cards.dealt')).toMatchObject({ by: null });
    fireUntil(t, 'result');
    t.fire();
    expect(t.last('shoe.holder')).toMatchObject({
      seat: 3,
      houseDeals: false,
      reason: 'first-seat',
    });
    expect(puntoOf(t.state).holder).toBe(3);
  });

  it('T4.2: after a Player win the shoe moves to the next occupied seat, wrapping to the lowest', () => {
    const t = table(ABC, [ROUNDS.playerWin, ROUNDS.playerWin, ROUNDS.playerWin]);
    const holders: (number | null)[] = [];
    for (let round = 1; round <= 3; round++) {
      const from = t.events.length;
      playRound(t);
      expect(t.last('round.result')?.outcome).toBe('player');
      const types = typesOf(t.events.slice(from));
      expect(types.indexOf('shoe.holder')).toBe(types.indexOf('round.result') + 1);
      const moved = holderEvents(t, from);
      expect(moved).toHaveLength(1);
      expect(moved[0]).toMatchObject({ houseDeals: false, reason: 'player-win' });
      expect(puntoOf(t.state).lastHolder).toBe(puntoOf(t.state).holder);
      holders.push(puntoOf(t.state).holder);
      t.fire();
    }
    expect(holders).toEqual([5, 14, 2]);
  });

  it('T4.2: the shoe wraps from seat 14 to seat 1', () => {
    const t = table(
      [
        ['ann', 14],
        ['bob', 1],
      ],
      [ROUNDS.playerWin],
    );
    expect(puntoOf(t.state).holder).toBe(14);
    playRound(t);
    expect(t.last('shoe.holder')).toMatchObject({ seat: 1, reason: 'player-win' });
    expect(puntoOf(t.state).holder).toBe(1);
  });

  it('T4.2: a lone player keeps the shoe after a Player win', () => {
    const t = table([['ann', 7]], [ROUNDS.playerWin]);
    const from = t.events.length;
    playRound(t);
    expect(t.last('round.result')?.outcome).toBe('player');
    expect(holderEvents(t, from)).toEqual([]);
    expect(puntoOf(t.state).holder).toBe(7);
  });

  it('T4.3: after a Banker win or a tie the holder keeps the shoe', () => {
    const t = table(ABC, [ROUNDS.bankerWin, ROUNDS.tie, ROUNDS.bankerDraws]);
    const from = t.events.length;
    const outcomes: string[] = [];
    for (let round = 1; round <= 3; round++) {
      playRound(t);
      outcomes.push(t.last('round.result')!.outcome);
      expect(puntoOf(t.state).holder).toBe(2);
      t.fire();
    }
    expect(outcomes).toEqual(['banker', 'tie', 'banker']);
    expect(holderEvents(t, from)).toEqual([]);
    expect(t.ofType('dealing.started').map((e) => e.dealer)).toEqual([2, 2, 2]);
  });
});

describe('passing the shoe (T4.4–T4.8)', () => {
  it('T4.5: during betting the holder may pass the shoe: it is offered to the next occupied seat', () => {
    const t = table(ABC);
    const from = t.events.length;
    const reply = t.command('ann', 'shoe.pass', {});
    expect(reply).toEqual({ ok: true, version: from + 1 });
    expect(t.events.slice(from)).toMatchObject([
      { type: 'shoe.offered', seat: 5, from: 2, version: from + 1 },
    ]);
    expect(tableEventSchema.safeParse(t.last('shoe.offered')).success).toBe(true);
    // The passer keeps the shoe until someone takes it.
    expect(t.state.game).toMatchObject({ holder: 2, offer: { seat: 5, from: 2, refused: [] } });
  });

  it('T4.6: the offered seat may accept', () => {
    const t = table(ABC);
    t.command('ann', 'shoe.pass', {});
    const from = t.events.length;
    expect(t.command('bob', 'shoe.accept', {})).toEqual({ ok: true, version: from + 1 });
    expect(t.events.slice(from)).toMatchObject([
      { type: 'shoe.holder', seat: 5, houseDeals: false, reason: 'accepted' },
    ]);
    expect(t.state.game).toMatchObject({
      holder: 5,
      lastHolder: 5,
      offer: null,
      houseDeals: false,
    });
    everyoneNoBet(t);
    expect(t.last('dealing.started')).toMatchObject({ dealer: 5 });
    expect(t.command('bob', 'shoe.deal', { round: t.round })).toMatchObject({ ok: true });
    expect(t.last('cards.dealt')).toMatchObject({ by: 5 });
  });

  it('T4.6: a refusal offers the shoe to the next seat', () => {
    const t = table(ABC);
    t.command('ann', 'shoe.pass', {});
    const from = t.events.length;
    expect(t.command('bob', 'shoe.refuse', {})).toMatchObject({ ok: true });
    expect(t.events.slice(from)).toMatchObject([
      { type: 'shoe.refused', seat: 5, version: from + 1 },
      { type: 'shoe.offered', seat: 14, from: 2, version: from + 2 },
    ]);
    expect(t.state.game).toMatchObject({ holder: 2, offer: { seat: 14, from: 2, refused: [5] } });
    expect(t.command('cat', 'shoe.accept', {})).toMatchObject({ ok: true });
    expect(t.state.game).toMatchObject({ holder: 14, offer: null });
  });

  it('T4.4 T4.6: when everyone refuses, the house deals until the next Player win; then the shoe is offered beside the last holder', () => {
    const t = table(ABC, [ROUNDS.bankerWin, ROUNDS.tie, ROUNDS.playerWin]);
    t.command('ann', 'shoe.pass', {});
    t.command('bob', 'shoe.refuse', {});
    const from = t.events.length;
    t.command('cat', 'shoe.refuse', {});
    // The offer came back round to the passer: everyone has refused.
    expect(t.events.slice(from)).toMatchObject([
      { type: 'shoe.refused', seat: 14 },
      { type: 'shoe.holder', seat: null, houseDeals: true, reason: 'all-refused' },
    ]);
    expect(t.state.game).toMatchObject({
      holder: null,
      houseDeals: true,
      offer: null,
      lastHolder: 2,
    });
    expect(tableEventSchema.safeParse(t.last('shoe.holder')).success).toBe(true);

    // Round 1 (Banker wins): the house deals at once, no dealing window.
    let mark = t.events.length;
    everyoneNoBet(t);
    const dealt = typesOf(t.events.slice(mark));
    expect(
      dealt.slice(dealt.indexOf('betting.closed'), dealt.indexOf('betting.closed') + 2),
    ).toEqual(['betting.closed', 'cards.dealt']);
    expect(dealt).not.toContain('dealing.started');
    expect(t.last('cards.dealt')).toMatchObject({ by: null });
    fireUntil(t, 'result');
    expect(t.last('round.result')?.outcome).toBe('banker');
    expect(t.state.game).toMatchObject({ holder: null, houseDeals: true, offer: null });
    expect(holderEvents(t, mark)).toEqual([]);

    // Round 2 (a tie): still the house; nobody may pass a shoe nobody holds.
    t.fire();
    expect(t.effects.filter((e) => e.type === 'open-round').at(-1)).toMatchObject({
      seq: 2,
      holder: null,
    });
    expectRefused(t, () => t.command('ann', 'shoe.pass', {}), 'NOT_SHOE_HOLDER');
    mark = t.events.length;
    playRound(t);
    expect(t.last('round.result')?.outcome).toBe('tie');
    expect(t.last('cards.dealt')).toMatchObject({ by: null });
    expect(t.state.game).toMatchObject({ holder: null, houseDeals: true });
    expect(typesOf(t.events.slice(mark))).not.toContain('shoe.offered');

    // Round 3 (Player wins): the shoe is offered again, beside seat 2 which held it last.
    t.fire();
    mark = t.events.length;
    playRound(t);
    expect(t.last('round.result')?.outcome).toBe('player');
    const after = typesOf(t.events.slice(mark));
    expect(after.indexOf('shoe.offered')).toBe(after.indexOf('round.result') + 1);
    expect(t.last('shoe.offered')).toMatchObject({ seat: 5, from: null });
    expect(t.state.game).toMatchObject({
      holder: null,
      houseDeals: false,
      offer: { seat: 5, from: null },
    });

    // Round 4: Bob takes it and deals.
    t.fire();
    expect(t.ofType('shoe.holder').at(-1)).toMatchObject({ reason: 'all-refused' });
    expect(t.command('bob', 'shoe.accept', {})).toMatchObject({ ok: true });
    expect(t.last('shoe.holder')).toMatchObject({ seat: 5, houseDeals: false, reason: 'accepted' });
    everyoneNoBet(t);
    expect(t.last('dealing.started')).toMatchObject({ dealer: 5 });
  });

  it('T4.4 T4.6: an offer after the house dealt goes round every seat, the last holder too', () => {
    const t = table(ABC, [ROUNDS.playerWin]);
    t.command('ann', 'shoe.pass', {});
    t.command('bob', 'shoe.refuse', {});
    t.command('cat', 'shoe.refuse', {});
    playRound(t);
    expect(puntoOf(t.state).offer).toMatchObject({ seat: 5, from: null });
    const from = t.events.length;
    t.command('bob', 'shoe.refuse', {});
    t.command('cat', 'shoe.refuse', {});
    expect(puntoOf(t.state).offer).toMatchObject({ seat: 2, from: null, refused: [5, 14] });
    t.command('ann', 'shoe.refuse', {});
    expect(t.events.slice(from)).toMatchObject([
      { type: 'shoe.refused', seat: 5 },
      { type: 'shoe.offered', seat: 14, from: null },
      { type: 'shoe.refused', seat: 14 },
      { type: 'shoe.offered', seat: 2, from: null },
      { type: 'shoe.refused', seat: 2 },
      { type: 'shoe.holder', seat: null, houseDeals: true, reason: 'all-refused' },
    ]);
    expect(t.state.game).toMatchObject({ holder: null, houseDeals: true, offer: null });
  });

  it('T4.4 T4.5: a lone holder who passes leaves the shoe to the house', () => {
    const t = table([['ann', 4]]);
    t.command('ann', 'shoe.pass', {});
    expect(t.last('shoe.holder')).toMatchObject({
      seat: null,
      houseDeals: true,
      reason: 'all-refused',
    });
    expect(t.ofType('shoe.offered')).toEqual([]);
  });

  it('T4.7: an offer nobody answered when betting closes counts as accepted', () => {
    const t = table(ABC);
    t.command('ann', 'shoe.pass', {});
    t.command('bob', 'shoe.refuse', {});
    const from = t.events.length;
    // The betting clock runs out: a last call, then the close.
    t.fire();
    t.fire();
    expect(typesOf(t.events.slice(from))).toEqual([
      'betting.last-call',
      'betting.closed',
      'shoe.holder',
      'dealing.started',
    ]);
    expect(t.last('shoe.holder')).toMatchObject({
      seat: 14,
      houseDeals: false,
      reason: 'accepted',
    });
    expect(t.last('dealing.started')).toMatchObject({ dealer: 14 });
    expect(t.state.game).toMatchObject({ holder: 14, lastHolder: 14, offer: null });
  });

  it('T4.7: an offer still open when everyone has decided is accepted as betting closes early', () => {
    const t = table(ABC);
    t.command('ann', 'shoe.pass', {});
    everyoneNoBet(t);
    expect(t.last('shoe.holder')).toMatchObject({ seat: 5, reason: 'accepted' });
    expect(t.last('dealing.started')).toMatchObject({ dealer: 5 });
  });

  it('T4.8 T1.4: a holder who leaves passes the shoe to the next occupied seat', () => {
    const t = table(ABC);
    let from = t.events.length;
    t.command('ann', 'seat.leave', { seat: 2 });
    expect(t.events.slice(from)).toMatchObject([
      { type: 'seat.left', seat: 2, playerId: 'ann' },
      { type: 'shoe.holder', seat: 5, houseDeals: false, reason: 'holder-left' },
    ]);
    expect(t.state.game).toMatchObject({ holder: 5, lastHolder: 5 });
    t.sit('ann', 2);
    t.command('bob', 'seat.leave', { seat: 5 });
    expect(t.last('shoe.holder')).toMatchObject({ seat: 14, reason: 'holder-left' });
    from = t.events.length;
    t.command('cat', 'seat.leave', { seat: 14 });
    // Wraps from seat 14 round to seat 2.
    expect(t.events.slice(from)).toMatchObject([
      { type: 'seat.left', seat: 14 },
      { type: 'shoe.holder', seat: 2, reason: 'holder-left' },
    ]);
  });

  it('T4.8 T2.4: a holder who leaves during the deal window hands the deal to the new holder', () => {
    const t = table(ABC);
    everyoneNoBet(t);
    expect(t.state.phase.kind).toBe('dealing');
    t.command('ann', 'seat.leave', { seat: 2 });
    expect(puntoOf(t.state).holder).toBe(5);
    expectRefused(t, () => t.command('ann', 'shoe.deal', { round: t.round }), 'NOT_SHOE_HOLDER');
    expect(t.command('bob', 'shoe.deal', { round: t.round })).toMatchObject({ ok: true });
    expect(t.last('cards.dealt')).toMatchObject({ by: 5 });
  });

  it('T4.8: an offered seat that leaves refuses the shoe', () => {
    const t = table(ABC);
    t.command('ann', 'shoe.pass', {});
    const from = t.events.length;
    t.command('bob', 'seat.leave', { seat: 5 });
    expect(t.events.slice(from)).toMatchObject([
      { type: 'seat.left', seat: 5 },
      { type: 'shoe.refused', seat: 5 },
      { type: 'shoe.offered', seat: 14, from: 2 },
    ]);
    expect(t.state.game).toMatchObject({ holder: 2, offer: { seat: 14, from: 2, refused: [5] } });
  });

  it('T4.8 T4.4: when the last offered seat leaves, everyone has refused', () => {
    const t = table([
      ['ann', 2],
      ['bob', 5],
    ]);
    t.command('ann', 'shoe.pass', {});
    const from = t.events.length;
    t.command('bob', 'seat.leave', { seat: 5 });
    expect(t.events.slice(from)).toMatchObject([
      { type: 'seat.left', seat: 5 },
      { type: 'shoe.refused', seat: 5 },
      { type: 'shoe.holder', seat: null, houseDeals: true, reason: 'all-refused' },
    ]);
  });
});

describe('shoe commands refused (T4.5, T4.6, T2.4)', () => {
  it('T4.5: only the holder passes the shoe (NOT_SHOE_HOLDER)', () => {
    const t = table(ABC);
    expectRefused(t, () => t.command('bob', 'shoe.pass', {}), 'NOT_SHOE_HOLDER');
    expectRefused(t, () => t.command('zed', 'shoe.pass', {}), 'NOT_SHOE_HOLDER');
  });

  it('T4.5: the shoe is passed only while bets are open, and only once at a time (WRONG_PHASE)', () => {
    const t = table(ABC, [ROUNDS.bankerWin]);
    t.command('ann', 'shoe.pass', {});
    expectRefused(t, () => t.command('ann', 'shoe.pass', {}), 'WRONG_PHASE');
    t.command('bob', 'shoe.refuse', {});
    t.command('cat', 'shoe.refuse', {});
    expect(puntoOf(t.state).houseDeals).toBe(true);

    const u = table(ABC, [ROUNDS.bankerWin]);
    everyoneNoBet(u);
    expect(u.state.phase.kind).toBe('dealing');
    expectRefused(u, () => u.command('ann', 'shoe.pass', {}), 'WRONG_PHASE');
    u.command('ann', 'shoe.deal', { round: u.round });
    expect(u.state.phase).toMatchObject({ kind: 'turning', turner: 2 });
    expectRefused(u, () => u.command('ann', 'shoe.pass', {}), 'WRONG_PHASE');
    fireUntil(u, 'result');
    expectRefused(u, () => u.command('ann', 'shoe.pass', {}), 'WRONG_PHASE');
  });

  it('T4.6: only the seat the shoe is offered to may answer (NOT_OFFERED)', () => {
    const t = table(ABC);
    expectRefused(t, () => t.command('bob', 'shoe.accept', {}), 'NOT_OFFERED');
    expectRefused(t, () => t.command('bob', 'shoe.refuse', {}), 'NOT_OFFERED');
    t.command('ann', 'shoe.pass', {});
    expectRefused(t, () => t.command('cat', 'shoe.accept', {}), 'NOT_OFFERED');
    expectRefused(t, () => t.command('cat', 'shoe.refuse', {}), 'NOT_OFFERED');
    expectRefused(t, () => t.command('ann', 'shoe.accept', {}), 'NOT_OFFERED');
    expectRefused(t, () => t.command('zed', 'shoe.accept', {}), 'NOT_OFFERED');
  });

  it('T2.4: only the holder deals, only while dealing, only the round in play', () => {
    const t = table(ABC);
    expectRefused(t, () => t.command('ann', 'shoe.deal', { round: t.round }), 'WRONG_PHASE');
    everyoneNoBet(t);
    expectRefused(t, () => t.command('ann', 'shoe.deal', { round: t.round + 1 }), 'STALE_ROUND');
    expectRefused(t, () => t.command('bob', 'shoe.deal', { round: t.round }), 'NOT_SHOE_HOLDER');
    expectRefused(t, () => t.command('zed', 'shoe.deal', { round: t.round }), 'NOT_SHOE_HOLDER');
    expect(t.command('ann', 'shoe.deal', { round: t.round })).toMatchObject({ ok: true });
    expectRefused(t, () => t.command('ann', 'shoe.deal', { round: t.round }), 'WRONG_PHASE');
  });
});
