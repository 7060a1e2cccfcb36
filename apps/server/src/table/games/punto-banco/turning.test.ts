import { describe, expect, it } from 'vitest';
import { cardsPeekMessage, tableEventSchema, type Stake, type TableEvent } from '@banco/protocol';
import { resolveFromCards, type CardCode } from '@banco/rules';
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

/** Ann holds the shoe in seat 1, Bob sits in 4, Cat in 7; round 1 is open. */
function table(rounds: (readonly CardCode[])[]): ReducerHarness {
  const t = new ReducerHarness({}, [scriptedShoe(rounds)]);
  t.sit('ann', 1);
  t.sit('bob', 4);
  t.sit('cat', 7);
  return t;
}

const SEATS: Record<string, number> = { ann: 1, bob: 4, cat: 7 };

/** Each player confirms the bets given; the rest declare no bet; the holder deals. */
function betAndDeal(t: ReducerHarness, bets: Record<string, Stake[]>, deal = true): void {
  for (const [playerId, stakes] of Object.entries(bets)) {
    expect(
      t.command(playerId, 'bets.confirm', {
        round: t.round,
        seat: SEATS[playerId]!,
        confirmId: `confirm-${playerId}-${t.round}`,
        bets: stakes,
      }),
    ).toMatchObject({ ok: true });
  }
  if (t.state.phase.kind === 'betting') everyoneNoBet(t);
  if (deal && t.state.phase.kind === 'dealing') {
    const holder = t.state.seats.find((s) => s.seat === puntoOf(t.state).holder)!;
    expect(t.command(holder.player.id, 'shoe.deal', { round: t.round })).toMatchObject({
      ok: true,
    });
  }
}

const reveal = (t: ReducerHarness, playerId: string) =>
  t.command(playerId, 'cards.reveal', { round: t.round });

const player = (amount: number): Stake[] => [{ spot: 'player', amount }];

describe('who turns the cards (T5.1, T5.2)', () => {
  it('T5.1 T5.2: Player goes to the largest Player stake, never the holder; Banker to the holder', () => {
    const t = table([ROUNDS.bankerWin]);
    betAndDeal(t, { ann: player(5_000), bob: player(2_000), cat: player(3_000) });
    const dealtAt = t.now;
    expect(t.last('cards.dealt')).toMatchObject({
      by: 1,
      layout: { player: [null, null], banker: [null, null] },
    });
    // P1.4: Banker's two cards lie face down on the table while Player's are turned.
    expect(t.last('turn.started')).toMatchObject({
      round: 1,
      hand: 'player',
      stage: 'initial',
      turner: 7,
      deadline: dealtAt + 5_000,
      layout: { player: [null, null], banker: [null, null] },
    });
    expect(t.state.phase).toMatchObject({ kind: 'turning', turner: 7, deadline: dealtAt + 5_000 });
    expect(reveal(t, 'cat')).toMatchObject({ ok: true });
    expect(t.last('turn.started')).toMatchObject({ hand: 'banker', stage: 'initial', turner: 1 });
    expect(reveal(t, 'ann')).toMatchObject({ ok: true });
    expect(t.ofType('cards.revealed').map((e) => [e.hand, e.by])).toEqual([
      ['player', 7],
      ['banker', 1],
    ]);
    expect(t.state.phase.kind).toBe('result');
  });

  it('T5.1: equal Player stakes go to the lower seat; other spots do not count', () => {
    const t = table([ROUNDS.bankerWin]);
    betAndDeal(t, {
      bob: player(2_000),
      cat: [
        { spot: 'player', amount: 2_000 },
        { spot: 'banker', amount: 40_000 },
      ],
    });
    expect(t.last('turn.started')).toMatchObject({ hand: 'player', turner: 4 });
  });

  it('T5.1 T5.3: with nobody on Player the house turns Player at once', () => {
    const t = table([ROUNDS.bankerWin]);
    const from = t.events.length;
    betAndDeal(t, {
      bob: [{ spot: 'banker', amount: 1_000 }],
      cat: [{ spot: 'tie', amount: 1_000 }],
    });
    const types = typesOf(t.events.slice(from));
    const dealt = types.indexOf('cards.dealt');
    expect(types.slice(dealt, dealt + 3)).toEqual([
      'cards.dealt',
      'cards.revealed',
      'turn.started',
    ]);
    expect(t.ofType('cards.revealed')[0]).toMatchObject({
      hand: 'player',
      by: null,
      cards: ['2D', '3H'],
      total: 5,
    });
    expect(t.last('turn.started')).toMatchObject({ hand: 'banker', turner: 1 });
  });

  it('T5.1: the holder alone on Player does not turn Player; the house does', () => {
    const t = table([ROUNDS.bankerWin]);
    betAndDeal(t, { ann: player(10_000) });
    expect(t.ofType('cards.revealed')[0]).toMatchObject({ hand: 'player', by: null });
    expect(t.ofType('turn.started').map((e) => [e.hand, e.turner])).toEqual([['banker', 1]]);
  });

  it('T5.1 T1.4: a Player bettor who has left does not turn the cards', () => {
    const t = table([ROUNDS.bankerWin]);
    betAndDeal(t, { bob: player(9_000), cat: player(1_000) }, false);
    t.command('bob', 'seat.leave', { seat: 4 });
    t.command('ann', 'shoe.deal', { round: t.round });
    expect(t.last('turn.started')).toMatchObject({ hand: 'player', turner: 7 });
  });

  it('T5.2 T4.4: while the house deals, the house turns Banker; Player still goes to its bettor', () => {
    const t = table([ROUNDS.bankerWin]);
    t.command('ann', 'shoe.pass', {});
    t.command('bob', 'shoe.refuse', {});
    t.command('cat', 'shoe.refuse', {});
    expect(puntoOf(t.state).houseDeals).toBe(true);
    // The former holder is an ordinary bettor now and may turn Player.
    betAndDeal(t, { ann: player(3_000), bob: player(1_000) });
    expect(t.ofType('turn.started').map((e) => [e.hand, e.turner])).toEqual([['player', 1]]);
    const from = t.events.length;
    expect(reveal(t, 'ann')).toMatchObject({ ok: true });
    expect(typesOf(t.events.slice(from)).slice(0, 2)).toEqual(['cards.revealed', 'cards.revealed']);
    expect(t.ofType('cards.revealed').map((e) => [e.hand, e.by])).toEqual([
      ['player', 1],
      ['banker', null],
    ]);
    expect(t.ofType('turn.started')).toHaveLength(1);
  });
});

describe('the turning sequence (T5.3)', () => {
  it('T5.3: Player two, Banker two, Player third, Banker third, each by its turner', () => {
    const t = table([ROUNDS.bothDraw]);
    betAndDeal(t, { bob: player(1_000) });
    const from = t.events.length;
    const turners = [
      ['bob', 4, 'player', 'initial'],
      ['ann', 1, 'banker', 'initial'],
      ['bob', 4, 'player', 'third'],
      ['ann', 1, 'banker', 'third'],
    ] as const;
    for (const [playerId, seat, hand, stage] of turners) {
      expect(t.last('turn.started')).toMatchObject({
        hand,
        stage,
        turner: seat,
        deadline: t.now + 5_000,
      });
      t.advance(1_000);
      expect(reveal(t, playerId)).toMatchObject({ ok: true });
    }
    const revealed = t.ofType('cards.revealed');
    expect(revealed.map((e) => [e.hand, e.by, e.cards, e.total])).toEqual([
      ['player', 4, ['2H', '3D'], 5],
      ['banker', 1, ['KC', 'QS'], 0],
      ['player', 4, ['2H', '3D', '4C'], 9],
      ['banker', 1, ['KC', 'QS', '5S'], 5],
    ]);
    expect(revealed.map((e) => e.why?.rule)).toEqual([undefined, undefined, 'R5.1', 'R7.2']);
    expect(revealed.at(-1)!.layout).toEqual({
      player: ['2H', '3D', '4C'],
      banker: ['KC', 'QS', '5S'],
    });
    // Third-card turns show the new card face down beside the revealed ones.
    expect(t.ofType('turn.started').map((e) => e.layout)).toEqual([
      { player: [null, null], banker: [null, null] },
      { player: ['2H', '3D'], banker: [null, null] },
      { player: ['2H', '3D', null], banker: ['KC', 'QS'] },
      { player: ['2H', '3D', '4C'], banker: ['KC', 'QS', null] },
    ]);
    expect(typesOf(t.events.slice(from))).toEqual([
      'cards.revealed',
      'turn.started',
      'cards.revealed',
      'turn.started',
      'cards.revealed',
      'turn.started',
      'cards.revealed',
      'settlement.collected',
      'settlement.paid',
      'round.result',
      'shoe.holder',
    ]);
    expect(t.last('round.result')).toMatchObject({ outcome: 'player' });
    for (const event of t.events) expect(tableEventSchema.safeParse(event).success).toBe(true);
  });

  it('T5.3: a turn left alone for the reveal window is turned automatically', () => {
    const t = table([ROUNDS.bankerDraws]);
    betAndDeal(t, { cat: player(1_000) });
    const { deadline } = t.last('turn.started')!;
    t.advance(4_999);
    expect(t.ofType('cards.revealed')).toEqual([]);
    t.advance(1);
    expect(t.now).toBe(deadline);
    expect(t.ofType('cards.revealed')).toMatchObject([
      { hand: 'player', by: null, cards: ['7H', 'JD'] },
    ]);
    expect(t.last('turn.started')).toMatchObject({
      hand: 'banker',
      stage: 'initial',
      turner: 1,
      deadline: t.now + 5_000,
    });
    t.advance(5_000);
    expect(t.last('turn.started')).toMatchObject({ hand: 'banker', stage: 'third', turner: 1 });
    t.advance(5_000);
    expect(t.ofType('cards.revealed').map((e) => [e.hand, e.by, e.cards])).toEqual([
      ['player', null, ['7H', 'JD']],
      ['banker', null, ['3C', 'KH']],
      ['banker', null, ['3C', 'KH', '6S']],
    ]);
    expect(t.last('cards.revealed')?.why).toMatchObject({
      hand: 'banker',
      action: 'draw',
      rule: 'R6.1',
    });
    expect(t.last('round.result')).toMatchObject({ outcome: 'banker' });
  });

  it('T5.3 T2.4: house turns are immediate: with the house dealing and nobody on Player the round plays out at once', () => {
    const t = table([ROUNDS.bothDraw]);
    t.command('ann', 'shoe.pass', {});
    t.command('bob', 'shoe.refuse', {});
    t.command('cat', 'shoe.refuse', {});
    const from = t.events.length;
    betAndDeal(t, { bob: [{ spot: 'banker', amount: 1_000 }] });
    const types = typesOf(t.events.slice(from));
    expect(types.slice(types.indexOf('betting.closed'))).toEqual([
      'betting.closed',
      'cards.dealt',
      'cards.revealed',
      'cards.revealed',
      'cards.revealed',
      'cards.revealed',
      'settlement.collected',
      'settlement.paid',
      'round.result',
      'shoe.offered',
    ]);
    expect(t.privates).toEqual([]);
    expect(t.state.phase.kind).toBe('result');
  });

  it('R3.1 T5.3: Player and Banker third cards of the same face each sit in their own hand', () => {
    // Eight decks hold eight of each card: both third cards may be the 4 of clubs.
    const cards: CardCode[] = ['2H', 'KC', '3D', 'QS', '4C', '4C'];
    const round = resolveFromCards(cards);
    expect(round.ok && round.value.dealt).toEqual(cards);
    const t = table([cards]);
    betAndDeal(t, { bob: player(1_000) });
    for (const turner of ['bob', 'ann', 'bob']) reveal(t, turner);
    expect(t.last('turn.started')).toMatchObject({
      hand: 'banker',
      stage: 'third',
      layout: { player: ['2H', '3D', '4C'], banker: ['KC', 'QS', null] },
    });
    reveal(t, 'ann');
    expect(t.last('cards.revealed')).toMatchObject({
      hand: 'banker',
      cards: ['KC', 'QS', '4C'],
      total: 4,
      layout: { player: ['2H', '3D', '4C'], banker: ['KC', 'QS', '4C'] },
    });
    expect(t.last('round.result')).toMatchObject({ outcome: 'player' });
  });
});

describe('hidden cards (T5.3, T5.4)', () => {
  /** Every broadcast, checked against the cards not yet revealed when it went out. */
  function expectNoHiddenFaces(events: readonly TableEvent[], dealt: readonly CardCode[]): void {
    const shown = new Set<string>();
    for (const event of events) {
      if (event.type === 'cards.revealed') for (const card of event.cards) shown.add(card);
      const json = JSON.stringify(event);
      for (const card of dealt) {
        if (!shown.has(card))
          expect(json, `${event.type} shows ${card}`).not.toContain(`"${card}"`);
      }
    }
  }

  it('T5.3 T5.4: only the turner peeks, at exactly that step’s faces; no broadcast shows a face before its reveal', () => {
    const t = table([ROUNDS.bothDraw]);
    const from = t.events.length;
    betAndDeal(t, { bob: player(1_000) });
    const deadlines: number[] = [];
    for (const turner of ['bob', 'ann', 'bob', 'ann']) {
      deadlines.push(t.last('turn.started')!.deadline);
      // Before the reveal, the turner alone has seen these faces.
      expect(t.privates.at(-1)!.playerId).toBe(turner);
      t.advance(500);
      reveal(t, turner);
    }
    expect(t.privates).toEqual([
      {
        playerId: 'bob',
        message: {
          tableId: 'test',
          type: 'cards.peek',
          round: 1,
          hand: 'player',
          stage: 'initial',
          cards: ['2H', '3D'],
          deadline: deadlines[0],
        },
      },
      {
        playerId: 'ann',
        message: {
          tableId: 'test',
          type: 'cards.peek',
          round: 1,
          hand: 'banker',
          stage: 'initial',
          cards: ['KC', 'QS'],
          deadline: deadlines[1],
        },
      },
      {
        playerId: 'bob',
        message: {
          tableId: 'test',
          type: 'cards.peek',
          round: 1,
          hand: 'player',
          stage: 'third',
          cards: ['4C'],
          deadline: deadlines[2],
        },
      },
      {
        playerId: 'ann',
        message: {
          tableId: 'test',
          type: 'cards.peek',
          round: 1,
          hand: 'banker',
          stage: 'third',
          cards: ['5S'],
          deadline: deadlines[3],
        },
      },
    ]);
    for (const { message } of t.privates)
      expect(cardsPeekMessage.safeParse(message).success).toBe(true);
    expectNoHiddenFaces(t.events.slice(from), ROUNDS.bothDraw);
    // Each peek goes out right after its turn.started, never before the step begins.
    const order = t.effects.flatMap((e) =>
      e.type === 'private'
        ? ['peek']
        : e.type === 'broadcast' && e.event.type === 'turn.started'
          ? ['turn']
          : [],
    );
    expect(order).toEqual(['turn', 'peek', 'turn', 'peek', 'turn', 'peek', 'turn', 'peek']);
  });

  it('T5.4: nothing broadcast before a timed-out reveal shows its faces either', () => {
    const t = table([ROUNDS.bankerDraws]);
    const from = t.events.length;
    betAndDeal(t, { cat: player(1_000) });
    fireUntil(t, 'result');
    expectNoHiddenFaces(t.events.slice(from), ROUNDS.bankerDraws);
    expect(t.privates.map((p) => [p.playerId, p.message.cards])).toEqual([
      ['cat', ['7H', 'JD']],
      ['ann', ['3C', 'KH']],
      ['ann', ['6S']],
    ]);
  });
});

describe('turning refused and abandoned (T5.3, T1.4)', () => {
  it('T5.3: only the current turner reveals (NOT_TURNER), only while turning, only this round', () => {
    const t = table([ROUNDS.bothDraw]);
    expectRefused(t, () => reveal(t, 'ann'), 'WRONG_PHASE');
    betAndDeal(t, { bob: player(1_000) }, false);
    expectRefused(t, () => reveal(t, 'bob'), 'WRONG_PHASE');
    t.command('ann', 'shoe.deal', { round: t.round });
    expectRefused(t, () => reveal(t, 'ann'), 'NOT_TURNER');
    expectRefused(t, () => reveal(t, 'cat'), 'NOT_TURNER');
    expectRefused(t, () => reveal(t, 'zed'), 'NOT_TURNER');
    expectRefused(t, () => t.command('bob', 'cards.reveal', { round: 2 }), 'STALE_ROUND');
    reveal(t, 'bob');
    expectRefused(t, () => reveal(t, 'bob'), 'NOT_TURNER');
  });

  it('T1.4 T5.3: a turner who leaves mid-window has their cards turned by the house at once; their bet still settles', () => {
    const t = table([ROUNDS.bothDraw]);
    betAndDeal(t, { bob: player(2_000) });
    expect(t.state.phase).toMatchObject({ kind: 'turning', turner: 4 });
    const from = t.events.length;
    t.command('bob', 'seat.leave', { seat: 4 });
    expect(t.events.slice(from)).toMatchObject([
      { type: 'seat.left', seat: 4, playerId: 'bob' },
      { type: 'cards.revealed', hand: 'player', by: null, cards: ['2H', '3D'] },
      { type: 'turn.started', hand: 'banker', turner: 1 },
    ]);
    reveal(t, 'ann');
    // Player's third card: its bettor has gone, so the house turns it.
    expect(t.ofType('cards.revealed').at(2)).toMatchObject({
      hand: 'player',
      by: null,
      cards: ['2H', '3D', '4C'],
    });
    reveal(t, 'ann');
    expect(t.last('round.result')).toMatchObject({ outcome: 'player' });
    expect(t.last('settlement.paid')).toMatchObject({
      winners: [
        { seat: 4, playerId: 'bob', spot: 'player', stake: 2_000, result: 'win', returned: 4_000 },
      ],
      balances: [{ seat: 4, playerId: 'bob', balance: 102_000 }],
    });
    expect(t.wallets.get('bob')).toBe(102_000);
  });

  it('T1.4 T4.8 T5.2: a holder who leaves while turning Banker has it turned by the house; the shoe moves on', () => {
    const t = table([ROUNDS.bankerWin]);
    betAndDeal(t, { bob: player(1_000) });
    reveal(t, 'bob');
    expect(t.state.phase).toMatchObject({ kind: 'turning', turner: 1 });
    const from = t.events.length;
    t.command('ann', 'seat.leave', { seat: 1 });
    expect(typesOf(t.events.slice(from)).slice(0, 3)).toEqual([
      'seat.left',
      'shoe.holder',
      'cards.revealed',
    ]);
    expect(t.last('shoe.holder')).toMatchObject({ seat: 4, reason: 'holder-left' });
    expect(t.last('cards.revealed')).toMatchObject({ hand: 'banker', by: null });
    expect(t.state.phase.kind).toBe('result');
  });
});
