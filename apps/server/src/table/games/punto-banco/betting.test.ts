import { describe, expect, it } from 'vitest';
import { tableEventSchema, type Stake, type TableSettings } from '@banco/protocol';
import {
  allRoads,
  factsOf,
  houseEdges,
  payoutFor,
  probabilities,
  RANKS,
  rankOf,
  resolveFromCards,
  roundCounts,
  settle,
  STANDARD_RULES,
  type CardCode,
  type RoadResult,
} from '@banco/rules';
import type { Effect } from '../../core/state.js';
import { STARTING_BALANCE } from '../../core/settings.js';
import { ReducerHarness } from '../../testing/reducer-harness.js';
import {
  BURN,
  everyoneNoBet,
  expectRefused,
  fireUntil,
  ROUNDS,
  scriptedShoe,
  typesOf,
} from '../../testing/scripted-shoes.js';
import { puntoOf } from './state.js';

type Harness = ReducerHarness;

const confirm = (
  table: Harness,
  playerId: string,
  seat: number,
  bets: Stake[],
  confirmId = `confirm-${playerId}-${table.round}`,
  round = table.round,
) => table.command(playerId, 'bets.confirm', { round, seat, confirmId, bets });

const noBet = (table: Harness, playerId: string, seat: number, round = table.round) =>
  table.command(playerId, 'bets.none', { round, seat });

/** Ann (seat 3) holds the shoe, Bob sits in seat 5; round 1 is open for bets. */
function annAndBob(shoes: CardCode[][] = [], settings: Partial<TableSettings> = {}): Harness {
  const table = new ReducerHarness(settings, shoes);
  table.sit('ann', 3);
  table.sit('bob', 5);
  expect(table.state.phase.kind).toBe('betting');
  return table;
}

const escrows = (table: Harness) =>
  table.effects.filter((e): e is Extract<Effect, { type: 'escrow' }> => e.type === 'escrow');

describe('confirming bets (T3)', () => {
  it('T3.1 T3.8: one confirm carries every spot; the stake leaves the wallet at once', () => {
    const table = annAndBob();
    const bets: Stake[] = [
      { spot: 'player', amount: 1_000 },
      { spot: 'tie', amount: 2_000 },
    ];
    const events = table.events.length;
    const reply = confirm(table, 'ann', 3, bets, 'confirm-0001');
    expect(reply).toEqual({
      ok: true,
      bets,
      balance: 97_000,
      replayed: false,
      version: table.state.version,
    });
    expect(escrows(table)).toEqual([
      {
        type: 'escrow',
        roundId: 'round-1',
        seat: 3,
        playerId: 'ann',
        confirmId: 'confirm-0001',
        bets,
      },
    ]);
    const emitted = table.events.slice(events);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({
      type: 'bets.confirmed',
      round: 1,
      seat: 3,
      bets,
      balance: 97_000,
      version: events + 1,
    });
    expect(tableEventSchema.safeParse(emitted[0]).success).toBe(true);
    expect(table.state.seats.find((s) => s.seat === 3)?.balance).toBe(97_000);
    expect(table.wallets.get('ann')).toBe(97_000);
    const { phase } = table.state;
    expect(phase.kind === 'betting' && phase.round.bets).toEqual([
      {
        seat: 3,
        playerId: 'ann',
        confirmId: 'confirm-0001',
        bets: [
          { spot: 'player', amount: 1_000, id: 'round-1:3:player' },
          { spot: 'tie', amount: 2_000, id: 'round-1:3:tie' },
        ],
      },
    ]);
  });

  it('T3.8: a 10-chip bet takes the balance from 100000 to 99000', () => {
    const table = annAndBob();
    expect(confirm(table, 'bob', 5, [{ spot: 'banker', amount: 1_000 }])).toMatchObject({
      ok: true,
      balance: 99_000,
    });
    expect(table.state.seats.map((s) => s.balance)).toEqual([100_000, 99_000]);
  });

  it('T1.2 T2.1: bets outside the betting window are refused (WRONG_PHASE)', () => {
    const table = annAndBob();
    confirm(table, 'ann', 3, [{ spot: 'player', amount: 1_000 }]);
    noBet(table, 'bob', 5);
    expect(table.state.phase.kind).toBe('dealing');
    expectRefused(
      table,
      () => confirm(table, 'bob', 5, [{ spot: 'player', amount: 1_000 }]),
      'WRONG_PHASE',
    );
    expectRefused(table, () => noBet(table, 'bob', 5), 'WRONG_PHASE');
    fireUntil(table, 'result');
    expectRefused(
      table,
      () => confirm(table, 'bob', 5, [{ spot: 'player', amount: 1_000 }]),
      'WRONG_PHASE',
    );
  });

  it('T3.1: a confirm for another round is refused (STALE_ROUND)', () => {
    const table = annAndBob();
    const stake = [{ spot: 'player', amount: 1_000 }] satisfies Stake[];
    expectRefused(table, () => confirm(table, 'ann', 3, stake, 'confirm-0001', 2), 'STALE_ROUND');
    expectRefused(table, () => noBet(table, 'ann', 3, 2), 'STALE_ROUND');
    everyoneNoBet(table);
    fireUntil(table, 'result');
    table.fire();
    expect(table.round).toBe(2);
    expectRefused(table, () => confirm(table, 'ann', 3, stake, 'confirm-0002', 1), 'STALE_ROUND');
  });

  it('T1.2: only seated players bet, and only from their own seat', () => {
    const table = annAndBob();
    const stake = [{ spot: 'player', amount: 1_000 }] satisfies Stake[];
    expectRefused(table, () => confirm(table, 'zed', 7, stake), 'NOT_SEATED');
    expectRefused(table, () => noBet(table, 'zed', 7), 'NOT_SEATED');
    expectRefused(table, () => confirm(table, 'ann', 9, stake), 'NOT_SEATED');
    expectRefused(table, () => confirm(table, 'ann', 5, stake), 'NOT_YOUR_SEAT');
    expectRefused(table, () => noBet(table, 'ann', 5), 'NOT_YOUR_SEAT');
  });

  it('T3.3: every spot has a minimum and a maximum (UNDER_MIN, OVER_MAX), Tie at most 100 chips', () => {
    const table = annAndBob();
    const refused = (bets: Stake[], code: string) =>
      expectRefused(table, () => confirm(table, 'ann', 3, bets), code);
    refused([{ spot: 'player', amount: 900 }], 'UNDER_MIN');
    refused([{ spot: 'banker', amount: 100 }], 'UNDER_MIN');
    refused([{ spot: 'tie', amount: 900 }], 'UNDER_MIN');
    refused([{ spot: 'player', amount: 50_100 }], 'OVER_MAX');
    refused([{ spot: 'banker', amount: 60_000 }], 'OVER_MAX');
    refused([{ spot: 'tie', amount: 10_100 }], 'OVER_MAX');
    refused(
      [
        { spot: 'player', amount: 1_000 },
        { spot: 'tie', amount: 20_000 },
      ],
      'OVER_MAX',
    );
    // The limits themselves are fine.
    expect(
      confirm(table, 'ann', 3, [
        { spot: 'player', amount: 50_000 },
        { spot: 'tie', amount: 10_000 },
      ]),
    ).toMatchObject({ ok: true, balance: 40_000 });
    expect(confirm(table, 'bob', 5, [{ spot: 'banker', amount: 1_000 }])).toMatchObject({
      ok: true,
    });
  });

  it('P2.6: a refused bet names its spot in the reply; a refusal of the whole draft names none', () => {
    const table = annAndBob();
    const twoSpots = [
      { spot: 'player', amount: 1_000 },
      { spot: 'tie', amount: 20_000 },
    ] as Stake[];
    expect(confirm(table, 'ann', 3, twoSpots)).toMatchObject({
      ok: false,
      code: 'OVER_MAX',
      spot: 'tie',
    });
    expect(confirm(table, 'ann', 3, [{ spot: 'banker', amount: 150 }])).toMatchObject({
      code: 'FRACTIONAL_CHIPS',
      spot: 'banker',
    });
    expect(confirm(table, 'ann', 3, [{ spot: 'super6', amount: 1_000 }])).toMatchObject({
      code: 'SPOT_DISABLED',
      spot: 'super6',
    });
    const tooMuch = confirm(
      table,
      'ann',
      3,
      [{ spot: 'player', amount: 50_000 }],
      'x',
      table.round,
    );
    expect(tooMuch).toMatchObject({ ok: true });
    const broke = confirm(table, 'bob', 5, [
      { spot: 'player', amount: 50_000 },
      { spot: 'banker', amount: 50_000 },
      { spot: 'tie', amount: 10_000 },
    ]);
    expect(broke).toMatchObject({ ok: false, code: 'INSUFFICIENT_BALANCE' });
    expect(broke).not.toHaveProperty('spot');
  });

  it('T3.4: stakes are whole chips (FRACTIONAL_CHIPS)', () => {
    const table = annAndBob();
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'player', amount: 1_050 }]),
      'FRACTIONAL_CHIPS',
    );
    expectRefused(
      table,
      () =>
        confirm(table, 'ann', 3, [
          { spot: 'banker', amount: 2_000 },
          { spot: 'tie', amount: 1_001 },
        ]),
      'FRACTIONAL_CHIPS',
    );
  });

  it('T3.5: the draft may not exceed the balance (INSUFFICIENT_BALANCE)', () => {
    const table = new ReducerHarness();
    table.sit('ann', 3, 5_000);
    table.sit('bob', 5);
    expectRefused(
      table,
      () =>
        confirm(table, 'ann', 3, [
          { spot: 'player', amount: 3_000 },
          { spot: 'tie', amount: 3_000 },
        ]),
      'INSUFFICIENT_BALANCE',
    );
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'banker', amount: 5_100 }]),
      'INSUFFICIENT_BALANCE',
    );
    // Exactly the balance is allowed.
    expect(
      confirm(table, 'ann', 3, [
        { spot: 'player', amount: 3_000 },
        { spot: 'tie', amount: 2_000 },
      ]),
    ).toMatchObject({ ok: true, balance: 0 });
  });

  it('T3.5: a refusal from the ledger (its balance constraint) leaves the table unchanged', () => {
    const table = annAndBob();
    const before = table.state;
    const events = table.events.length;
    const effects = table.effects.length;
    table.refuseNextEscrow = 'INSUFFICIENT_BALANCE';
    const reply = confirm(table, 'ann', 3, [{ spot: 'player', amount: 1_000 }], 'confirm-0001');
    expect(reply).toMatchObject({ ok: false, code: 'INSUFFICIENT_BALANCE' });
    expect(table.state).toEqual(before);
    expect(table.events.slice(events)).toEqual([]);
    // The reducer asked for the escrow once; the ledger refused it, so no chip moved.
    expect(table.effects.slice(effects).map((e) => e.type)).toEqual(['escrow']);
    expect(table.wallets.get('ann')).toBe(100_000);
    // Nothing was recorded, so the same confirm can be sent again and goes through.
    expect(
      confirm(table, 'ann', 3, [{ spot: 'player', amount: 1_000 }], 'confirm-0001'),
    ).toMatchObject({
      ok: true,
      balance: 99_000,
      replayed: false,
    });
  });

  it('T3.2 R9.9: spots the table does not offer are refused (SPOT_DISABLED)', () => {
    const table = annAndBob();
    for (const spot of ['playerPair', 'bankerPair', 'dragonPlayer', 'super6'] as const) {
      expectRefused(
        table,
        () => confirm(table, 'ann', 3, [{ spot, amount: 1_000 }]),
        'SPOT_DISABLED',
      );
    }
    expectRefused(
      table,
      () =>
        confirm(table, 'ann', 3, [
          { spot: 'player', amount: 1_000 },
          { spot: 'bankerPair', amount: 1_000 },
        ]),
      'SPOT_DISABLED',
    );
  });

  it('T3.2 T3.3: a table with side bets takes them within 10–100 chips', () => {
    const table = annAndBob([], {
      rules: {
        commission: 'standard',
        tiePays: 8,
        sideBets: ['playerPair', 'bankerPair', 'super6'],
      },
    });
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'dragonBanker', amount: 1_000 }]),
      'SPOT_DISABLED',
    );
    // Super 6 exists only under no-commission rules (R9.9), whatever the table lists.
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'super6', amount: 1_000 }]),
      'SPOT_DISABLED',
    );
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'playerPair', amount: 900 }]),
      'UNDER_MIN',
    );
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'bankerPair', amount: 10_100 }]),
      'OVER_MAX',
    );
    expect(
      confirm(table, 'ann', 3, [
        { spot: 'banker', amount: 1_000 },
        { spot: 'playerPair', amount: 10_000 },
        { spot: 'bankerPair', amount: 1_000 },
      ]),
    ).toMatchObject({ ok: true, balance: 88_000 });
  });

  it('T3.6: a spot appears at most once in a draft (INVALID_PAYLOAD)', () => {
    const table = annAndBob();
    expectRefused(
      table,
      () =>
        confirm(table, 'ann', 3, [
          { spot: 'player', amount: 1_000 },
          { spot: 'player', amount: 2_000 },
        ]),
      'INVALID_PAYLOAD',
    );
  });

  it('T3.7: the same confirm id with the same bets is answered again without moving a chip', () => {
    const table = annAndBob();
    const bets: Stake[] = [
      { spot: 'banker', amount: 2_000 },
      { spot: 'tie', amount: 1_000 },
    ];
    expect(confirm(table, 'ann', 3, bets, 'confirm-0001')).toMatchObject({
      ok: true,
      replayed: false,
    });
    const before = table.state;
    const events = table.events.length;
    const effects = table.effects.length;
    const again = confirm(table, 'ann', 3, bets, 'confirm-0001');
    expect(again).toEqual({
      ok: true,
      bets,
      balance: 97_000,
      replayed: true,
      version: before.version,
    });
    expect(table.state).toEqual(before);
    expect(table.events.length).toBe(events);
    expect(table.effects.slice(effects)).toEqual([]);
    expect(escrows(table)).toHaveLength(1);
    expect(table.wallets.get('ann')).toBe(97_000);
  });

  it('T3.7: the same id with other bets is refused (DUPLICATE_CONFIRM_ID)', () => {
    const table = annAndBob();
    confirm(table, 'ann', 3, [{ spot: 'banker', amount: 2_000 }], 'confirm-0001');
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'banker', amount: 3_000 }], 'confirm-0001'),
      'DUPLICATE_CONFIRM_ID',
    );
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'player', amount: 2_000 }], 'confirm-0001'),
      'DUPLICATE_CONFIRM_ID',
    );
    expectRefused(
      table,
      () =>
        confirm(
          table,
          'ann',
          3,
          [
            { spot: 'banker', amount: 2_000 },
            { spot: 'tie', amount: 1_000 },
          ],
          'confirm-0001',
        ),
      'DUPLICATE_CONFIRM_ID',
    );
  });

  it('T3.1 T3.7: a second confirm is refused (ALREADY_CONFIRMED); confirmed bets cannot become no bet', () => {
    const table = annAndBob();
    confirm(table, 'ann', 3, [{ spot: 'banker', amount: 2_000 }], 'confirm-0001');
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'banker', amount: 2_000 }], 'confirm-0002'),
      'ALREADY_CONFIRMED',
    );
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'player', amount: 1_000 }], 'confirm-0003'),
      'ALREADY_CONFIRMED',
    );
    expectRefused(table, () => noBet(table, 'ann', 3), 'ALREADY_CONFIRMED');
  });

  it('T3.7: a confirm after "no bet" is refused (ALREADY_CONFIRMED); "no bet" twice changes nothing', () => {
    const table = annAndBob();
    const events = table.events.length;
    expect(noBet(table, 'ann', 3)).toEqual({ ok: true, version: events + 1 });
    expect(table.events.slice(events)).toMatchObject([
      { type: 'bets.none', round: 1, seat: 3, version: events + 1 },
    ]);
    expectRefused(
      table,
      () => confirm(table, 'ann', 3, [{ spot: 'banker', amount: 2_000 }]),
      'ALREADY_CONFIRMED',
    );
    const before = table.state;
    expect(noBet(table, 'ann', 3)).toEqual({ ok: true, version: before.version });
    expect(table.state).toEqual(before);
    expect(table.events).toHaveLength(events + 1);
  });
});

describe('closing bets early (T2.3)', () => {
  it('T2.3: betting closes once every seated player confirmed or declared no bet', () => {
    const table = annAndBob();
    const { closesAt } = table.last('betting.opened')!;
    confirm(table, 'ann', 3, [{ spot: 'player', amount: 1_000 }]);
    expect(table.state.phase.kind).toBe('betting');
    const events = table.events.length;
    noBet(table, 'bob', 5);
    expect(typesOf(table.events.slice(events))).toEqual([
      'bets.none',
      'betting.closed',
      'dealing.started',
    ]);
    expect(table.now).toBeLessThan(closesAt!);
    expect(table.state.phase.kind).toBe('dealing');
    expect(table.state.timer?.at).toBe(table.now + 5_000);
  });

  it('T2.3: a seat still deciding keeps betting open', () => {
    const table = annAndBob();
    table.sit('cat', 9);
    confirm(table, 'ann', 3, [{ spot: 'player', amount: 1_000 }]);
    noBet(table, 'bob', 5);
    expect(table.state.phase.kind).toBe('betting');
    noBet(table, 'cat', 9);
    expect(table.state.phase.kind).toBe('dealing');
  });
});

describe('settlement (T6)', () => {
  /** Ann bets Banker 20 + Tie 10; Bob bets Player 10; whoever holds the shoe deals. */
  function playBets(table: Harness) {
    const annBets: Stake[] = [
      { spot: 'banker', amount: 2_000 },
      { spot: 'tie', amount: 1_000 },
    ];
    const bobBets: Stake[] = [{ spot: 'player', amount: 1_000 }];
    confirm(table, 'ann', 3, annBets);
    confirm(table, 'bob', 5, bobBets);
    const holder = table.state.seats.find((s) => s.seat === puntoOf(table.state).holder)!;
    expect(table.command(holder.player.id, 'shoe.deal', { round: table.round })).toMatchObject({
      ok: true,
    });
    fireUntil(table, 'result');
    return { annBets, bobBets };
  }

  const expected = (
    cards: readonly CardCode[],
    round: number,
    annBets: Stake[],
    bobBets: Stake[],
  ) => {
    const result = resolveFromCards(cards);
    if (!result.ok) throw new Error(result.error.message);
    const bets = [
      ...annBets.map((b) => ({ ...b, id: `round-${round}:3:${b.spot}` })),
      ...bobBets.map((b) => ({ ...b, id: `round-${round}:5:${b.spot}` })),
    ];
    const settled = settle(bets, factsOf(result.value), STANDARD_RULES);
    if (!settled.ok) throw new Error(settled.error.message);
    return { result: result.value, settled: settled.value };
  };

  it('T6.1 T3.8 R9.3 R9.4 R9.5 R9.6: balances settle as the rules package says, round after round', () => {
    const rounds = [ROUNDS.playerWin, ROUNDS.bankerWin, ROUNDS.tie];
    const table = annAndBob([scriptedShoe(rounds)]);
    const balances = { ann: 100_000, bob: 100_000 };
    for (const [i, cards] of rounds.entries()) {
      const { annBets, bobBets } = playBets(table);
      const { settled, result } = expected(cards, i + 1, annBets, bobBets);
      expect(table.last('round.result')?.outcome).toBe(result.outcome);
      for (const s of settled) {
        const who = s.bet.id.endsWith(':3:' + s.bet.spot) ? 'ann' : 'bob';
        const payout = payoutFor(s.bet.spot, factsOf(result), STANDARD_RULES);
        expect(s.result).toBe(payout.result);
        balances[who] += s.returned - s.bet.amount;
      }
      expect(table.wallets.get('ann')).toBe(balances.ann);
      expect(table.wallets.get('bob')).toBe(balances.bob);
      expect(table.state.seats.map((s) => s.balance)).toEqual([balances.ann, balances.bob]);
      table.fire();
    }
    // Player win: Ann loses 30, Bob wins 10. Banker win: Ann +19 (5 % commission), -10 on Tie;
    // Bob -10. Tie: Ann's Banker 20 and Bob's Player 10 push, Ann's Tie 10 wins 80.
    expect(balances).toEqual({ ann: 100_000 - 3_000 + 900 + 8_000, bob: 100_000 + 1_000 - 1_000 });
  });

  it('T6.2 T6.3 T6.4: losers collected, then winners paid, then the result with trace, roads and odds', () => {
    const table = annAndBob([scriptedShoe([ROUNDS.bankerWin])]);
    const start = table.events.length;
    const { annBets, bobBets } = playBets(table);
    const { settled, result } = expected(ROUNDS.bankerWin, 1, annBets, bobBets);
    const settles = table.effects.filter(
      (e): e is Extract<Effect, { type: 'settle' }> => e.type === 'settle',
    );
    expect(settles).toHaveLength(1);
    // One ledger transaction with losers first (T6.2, R9.1).
    expect(settles[0]!.roundId).toBe('round-1');
    expect(settles[0]!.settled.map((s) => [s.betId, s.result, s.returned])).toEqual(
      settled.map((s) => [s.bet.id, s.result, s.returned]),
    );
    expect(settles[0]!.settled.map((s) => s.result)).toEqual(['lose', 'lose', 'win']);
    const tail = typesOf(table.events.slice(start)).slice(-3);
    expect(tail).toEqual(['settlement.collected', 'settlement.paid', 'round.result']);
    expect(table.last('settlement.collected')).toMatchObject({
      round: 1,
      losers: [
        { seat: 3, playerId: 'ann', spot: 'tie', amount: 1_000 },
        { seat: 5, playerId: 'bob', spot: 'player', amount: 1_000 },
      ],
      total: 2_000,
    });
    expect(table.last('settlement.paid')).toMatchObject({
      round: 1,
      winners: [
        {
          seat: 3,
          playerId: 'ann',
          spot: 'banker',
          stake: 2_000,
          result: 'win',
          returned: 3_900,
          rule: 'R9.4',
        },
      ],
      balances: expect.arrayContaining([
        { playerId: 'ann', seat: 3, balance: 100_900 },
        { playerId: 'bob', seat: 5, balance: 99_000 },
      ]),
    });
    const shown = table.last('round.result')!;
    expect(shown).toMatchObject({
      round: 1,
      shoeRound: 1,
      outcome: 'banker',
      player: { cards: result.player.cards, total: 5, natural: false, pair: false },
      banker: { cards: result.banker.cards, total: 9, natural: true, pair: false },
      trace: result.trace.map((t) => ({ ...t })),
      nextAt: table.now + 4_000,
    });
    const road: RoadResult = {
      outcome: 'banker',
      playerPair: false,
      bankerPair: false,
      playerTotal: 5,
      bankerTotal: 9,
    };
    expect(shown.roads).toEqual(JSON.parse(JSON.stringify(allRoads([road]))));
    // The exact odds of every card nobody has seen after this round: the shoe's remaining cards
    // and the one burned face down (R13, R13.5).
    const shoe = scriptedShoe([ROUNDS.bankerWin]);
    const left = shoe.slice(BURN.length + ROUNDS.bankerWin.length);
    const unseen = [...left, ...BURN.slice(1)];
    const ranks = RANKS.map((rank) => unseen.filter((card) => rankOf(card) === rank).length);
    const counts = roundCounts(ranks);
    if (!counts.ok) throw new Error(counts.error.message);
    const p = probabilities(counts.value);
    expect(shown.odds).toEqual({
      cardsLeft: left.length,
      unseen: ranks,
      probabilities: {
        player: p.player,
        banker: p.banker,
        tie: p.tie,
        playerPair: p.playerPair,
        bankerPair: p.bankerPair,
      },
      edges: { ...houseEdges(counts.value, STANDARD_RULES) },
    });
    for (const event of table.events) expect(tableEventSchema.safeParse(event).success).toBe(true);
  });

  it('T6.5: every bet is settled exactly once, however often settlement is answered', () => {
    const table = annAndBob([scriptedShoe([ROUNDS.playerWin, ROUNDS.bankerWin])]);
    playBets(table);
    const before = table.state;
    const events = table.events.length;
    const effects = table.effects.length;
    const wallets = new Map(table.wallets);
    // A second answer from the ledger for the same settlement changes nothing.
    table.dispatch({ type: 'settled', now: table.now, balances: new Map([['bob', 1]]) });
    expect(table.state).toEqual(before);
    expect(table.events.length).toBe(events);
    expect(table.effects.length).toBe(effects);
    expect(table.wallets).toEqual(wallets);
    table.fire();
    playBets(table);
    const ids = table.effects.flatMap((e) =>
      e.type === 'settle' ? e.settled.map((s) => s.betId) : [],
    );
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(table.ofType('settlement.collected')).toHaveLength(2);
  });

  it('T6.1: a round without bets settles nothing and pays nobody', () => {
    const table = annAndBob([scriptedShoe([ROUNDS.playerWin])]);
    everyoneNoBet(table);
    fireUntil(table, 'result');
    expect(table.last('settlement.collected')).toMatchObject({ losers: [], total: 0 });
    expect(table.last('settlement.paid')).toMatchObject({ winners: [], balances: [] });
    expect(table.state.seats.map((s) => s.balance)).toEqual([100_000, 100_000]);
  });
});

describe('chips (T8)', () => {
  it('T8.1: a new player sits down with 1,000 chips', () => {
    const table = new ReducerHarness();
    expect(STARTING_BALANCE).toBe(100_000);
    expect(table.sit('ann', 3)).toMatchObject({ ok: true, seat: 3, balance: 100_000 });
    expect(table.ofType('seat.taken')[0]).toMatchObject({ seat: 3, balance: 100_000 });
    expect(table.ofType('balance.refilled')).toEqual([]);
  });

  it('T8.2: a balance below the table minimum is topped up to 1,000 chips when the round opens', () => {
    const table = new ReducerHarness();
    table.sit('ann', 3, 500);
    const openRound = table.effects.find((e) => e.type === 'open-round');
    expect(openRound).toMatchObject({ refills: [{ seat: 3, playerId: 'ann' }] });
    const types = typesOf(table.events);
    expect(types.indexOf('balance.refilled')).toBeLessThan(types.indexOf('betting.opened'));
    expect(table.ofType('balance.refilled')).toMatchObject([
      { seat: 3, playerId: 'ann', amount: 99_500, balance: 100_000 },
    ]);
    expect(table.state.seats[0]!.balance).toBe(100_000);
    expect(tableEventSchema.safeParse(table.last('balance.refilled')).success).toBe(true);
  });

  it('T8.2: a player at the minimum is not topped up; one who drops below it is, at the next round', () => {
    const table = new ReducerHarness({}, [scriptedShoe([ROUNDS.playerWin, ROUNDS.playerWin])]);
    table.sit('ann', 3, 1_000);
    table.sit('bob', 5, 1_500);
    expect(table.ofType('balance.refilled')).toEqual([]);
    confirm(table, 'bob', 5, [{ spot: 'banker', amount: 1_000 }]);
    noBet(table, 'ann', 3);
    fireUntil(table, 'result');
    expect(table.state.seats.map((s) => s.balance)).toEqual([1_000, 500]);
    table.fire();
    expect(table.effects.filter((e) => e.type === 'open-round').at(-1)).toMatchObject({
      seq: 2,
      refills: [{ seat: 5, playerId: 'bob' }],
    });
    expect(table.ofType('balance.refilled')).toMatchObject([
      { seat: 5, playerId: 'bob', amount: 99_500, balance: 100_000 },
    ]);
    expect(table.state.seats.map((s) => s.balance)).toEqual([1_000, 100_000]);
    // Seated mid-round with a low balance: topped up only when the next round opens.
    table.sit('cat', 7, 200);
    expect(table.ofType('balance.refilled')).toHaveLength(1);
    everyoneNoBet(table);
    fireUntil(table, 'result');
    table.fire();
    expect(table.ofType('balance.refilled').at(-1)).toMatchObject({ seat: 7, amount: 99_800 });
  });

  it('T8.3: chips only move between wallets and the house; the sum never changes and nothing goes negative', () => {
    const rounds = [
      ROUNDS.playerWin,
      ROUNDS.bankerWin,
      ROUNDS.tie,
      ROUNDS.bothDraw,
      ROUNDS.bankerDraws,
    ];
    const table = annAndBob([scriptedShoe(rounds)]);
    table.sit('cat', 9, 5_000);
    const sum = () => table.state.seats.reduce((total, s) => total + s.balance, 0);
    const total = sum();
    let house = 0;
    for (let i = 0; i < rounds.length; i++) {
      confirm(table, 'ann', 3, [{ spot: 'banker', amount: 5_000 }]);
      confirm(table, 'bob', 5, [
        { spot: 'player', amount: 3_000 },
        { spot: 'tie', amount: 1_000 },
      ]);
      confirm(table, 'cat', 9, [{ spot: 'player', amount: 1_000 }]);
      const escrowed = [5_000, 4_000, 1_000].reduce((a, b) => a + b, 0);
      // Before settlement the stakes sit in escrow, outside every wallet.
      expect(sum()).toBe(total - house - escrowed);
      fireUntil(table, 'result');
      const collected = table.last('settlement.collected')!;
      const paid = table.last('settlement.paid')!;
      house += collected.total - paid.winners.reduce((net, w) => net + w.returned - w.stake, 0);
      expect(sum() + house).toBe(total);
      for (const seat of table.state.seats) expect(seat.balance).toBeGreaterThanOrEqual(0);
      expect([...table.wallets.values()].reduce((a, b) => a + b, 0)).toBe(sum());
      table.fire();
    }
    expect(house).not.toBe(0);
  });
});
