import { describe, expect, it } from 'vitest';
import { tableSnapshotSchema, type TableSnapshot } from '@banco/protocol';
import { commitmentOf, type CardCode } from '@banco/rules';
import { reduce } from './reducer.js';
import { snapshotOf } from './snapshot.js';
import type { TableState } from './state.js';
import { roadsView } from './views.js';
import { HARNESS_CLIENT_SEED, ReducerHarness } from '../testing/reducer-harness.js';
import { BURN, everyoneNoBet, ROUNDS, scriptedShoe } from '../testing/scripted-shoes.js';
import { defaultGame } from '../testing/table-game.js';

const SEED = 'a'.repeat(64);

function snap(state: TableState, playerId = 'ann', now = 1_700_000_000_000): TableSnapshot {
  const snapshot = snapshotOf(state, { playerId, spectators: 2, now }, defaultGame);
  const parsed = tableSnapshotSchema.safeParse(snapshot);
  expect(parsed.success, parsed.error?.message).toBe(true);
  return snapshot;
}

/** The faces of `cards` that appear anywhere in the snapshot's JSON. */
const facesIn = (snapshot: TableSnapshot, cards: readonly CardCode[]) => {
  const json = JSON.stringify(snapshot);
  return cards.filter((card) => json.includes(`"${card}"`));
};

/** Ann holds the shoe (seat 1), Bob sits in 4; the round to play is `cards`. */
function table(cards: readonly CardCode[]): ReducerHarness {
  const t = new ReducerHarness({}, [scriptedShoe([cards])]);
  t.sit('ann', 1);
  t.sit('bob', 4);
  return t;
}

describe('snapshots (P1.3)', () => {
  it('P1.3 T2.1: a snapshot validates in every phase of a round', () => {
    const kinds: string[] = [];
    const check = (state: TableState, expected: string) => {
      const snapshot = snap(state);
      expect(snapshot.phase.kind).toBe(expected);
      kinds.push(state.phase.kind);
      return snapshot;
    };
    // Waiting: nobody seated, no shoe yet.
    const empty = new ReducerHarness();
    expect(check(empty.state, 'waiting')).toMatchObject({
      shoe: null,
      round: null,
      holder: null,
      odds: null,
    });

    // Shuffling and opening, one reducer step at a time.
    const now = empty.now;
    const sat = reduce(
      empty.state,
      {
        type: 'command',
        now,
        playerId: 'ann',
        command: { name: 'seat.take', payload: { tableId: 'test', seat: 1 } },
        seating: { player: { id: 'ann', name: 'Ann' }, balance: 100_000 },
      },
      defaultGame,
    );
    expect(check(sat.state, 'waiting')).toMatchObject({ shoe: null, you: { seat: 1 } });
    const ready = reduce(
      sat.state,
      {
        type: 'shoe-ready',
        now,
        shoe: {
          id: 'shoe-1',
          number: 1,
          serverSeed: SEED,
          commitment: commitmentOf(SEED),
          scripted: scriptedShoe([ROUNDS.bothDraw]),
        },
      },
      defaultGame,
    );
    const opening = check(ready.state, 'waiting');
    expect(opening.shoe).toMatchObject({
      number: 1,
      commitment: commitmentOf(SEED),
      burnShown: 'AS',
      burned: 1,
    });
    expect(JSON.stringify(opening)).not.toContain(SEED);

    // The rest of a round through the harness.
    const t = table(ROUNDS.bothDraw);
    check(t.state, 'betting');
    t.command('bob', 'bets.confirm', {
      round: 1,
      seat: 4,
      confirmId: 'confirm-bob-1',
      bets: [{ spot: 'player', amount: 1_000 }],
    });
    everyoneNoBet(t);
    check(t.state, 'dealing');
    t.command('ann', 'shoe.deal', { round: 1 });
    for (const turner of ['bob', 'ann', 'bob']) {
      check(t.state, 'turning');
      t.command(turner, 'cards.reveal', { round: 1 });
    }
    check(t.state, 'turning');
    // Settling: the last reveal, before the ledger answers.
    const settling = reduce(
      t.state,
      {
        type: 'command',
        now: t.now,
        playerId: 'ann',
        command: { name: 'cards.reveal', payload: { tableId: 'test', round: 1 } },
      },
      defaultGame,
    );
    expect(settling.effects.at(-1)?.type).toBe('settle');
    check(settling.state, 'settling');
    t.command('ann', 'cards.reveal', { round: 1 });
    check(t.state, 'result');
    expect(kinds).toEqual([
      'waiting',
      'shuffling',
      'opening',
      'betting',
      'dealing',
      'turning',
      'turning',
      'turning',
      'turning',
      'settling',
      'result',
    ]);
  });

  it('P1.4 T5.4 T7.1: no snapshot holds an unrevealed face or the server seed of the shoe in play', () => {
    const round = ROUNDS.bothDraw;
    const t = table(round);
    t.command('bob', 'bets.confirm', {
      round: 1,
      seat: 4,
      confirmId: 'confirm-bob-1',
      bets: [{ spot: 'player', amount: 1_000 }],
    });
    const seen: string[][] = [];
    const look = (viewer: string) => {
      const snapshot = snap(t.state, viewer);
      expect(JSON.stringify(snapshot)).not.toContain(SEED);
      seen.push(facesIn(snapshot, round));
      return snapshot;
    };
    look('bob');
    everyoneNoBet(t);
    look('bob');
    t.command('ann', 'shoe.deal', { round: 1 });
    // The turner's own snapshot shows no more than anyone else's: peeks are private messages.
    for (const turner of ['bob', 'ann', 'bob', 'ann']) {
      look(turner);
      look('zed');
      t.command(turner, 'cards.reveal', { round: 1 });
    }
    look('zed');
    expect(seen).toEqual([
      // Betting, dealing, then Player's two face down (turner and watcher alike).
      [],
      [],
      [],
      [],
      ['2H', '3D'],
      ['2H', '3D'],
      ['2H', 'KC', '3D', 'QS'],
      ['2H', 'KC', '3D', 'QS'],
      ['2H', 'KC', '3D', 'QS', '4C'],
      ['2H', 'KC', '3D', 'QS', '4C'],
      ['2H', 'KC', '3D', 'QS', '4C', '5S'],
    ]);
  });

  it('P1.3 P1.4 T5.4: the layout shows face-down cards as null, and cards left count the cards on the table', () => {
    const t = table(ROUNDS.bothDraw);
    const before = snap(t.state).shoe!.cardsLeft;
    everyoneNoBet(t);
    t.command('ann', 'shoe.deal', { round: 1 });
    // Nobody bet Player: the house turned it; Ann turns Banker.
    const s = snap(t.state);
    expect(s.round).toMatchObject({
      seq: 1,
      shoeRound: 1,
      layout: { player: ['2H', '3D'], banker: [null, null] },
    });
    expect(s.shoe!.cardsLeft).toBe(before - 4);
    expect(s.odds).toBeNull();
    t.command('ann', 'cards.reveal', { round: 1 });
    expect(snap(t.state).round!.layout).toEqual({
      player: ['2H', '3D', '4C'],
      banker: ['KC', 'QS', null],
    });
    expect(snap(t.state).shoe!.cardsLeft).toBe(before - 6);
    t.command('ann', 'cards.reveal', { round: 1 });
    const done = snap(t.state);
    expect(done.round!.layout).toEqual({ player: ['2H', '3D', '4C'], banker: ['KC', 'QS', '5S'] });
    expect(done.shoe).toMatchObject({ cardsLeft: before - 6, roundsDealt: 1 });
    expect(done.roads).toEqual(roadsView(t.state.shoe));
    expect(done.roads).toEqual(t.last('round.result')!.roads);
    expect(done.odds).toEqual(t.last('round.result')!.odds);
  });

  it('P1.3 T1.1: you.seat for a seated player and null for a watcher', () => {
    const t = table(ROUNDS.playerWin);
    expect(snap(t.state, 'bob').you).toEqual({ playerId: 'bob', seat: 4 });
    expect(snap(t.state, 'ann').you).toEqual({ playerId: 'ann', seat: 1 });
    const watcher = snap(t.state, 'zed', 1_800_000_000_000);
    expect(watcher).toMatchObject({
      tableId: 'test',
      name: 'Test table',
      version: t.state.version,
      serverTime: 1_800_000_000_000,
      spectators: 2,
      you: { playerId: 'zed', seat: null },
      settings: t.state.settings,
    });
  });

  it('P1.3 T3.1: the snapshot shows confirmed bets on the layout and where each seat stands', () => {
    const t = table(ROUNDS.playerWin);
    t.sit('cat', 9);
    t.command('bob', 'bets.confirm', {
      round: 1,
      seat: 4,
      confirmId: 'confirm-bob-1',
      bets: [
        { spot: 'player', amount: 2_000 },
        { spot: 'tie', amount: 1_000 },
      ],
    });
    t.command('ann', 'bets.none', { round: 1, seat: 1 });
    const s = snap(t.state, 'cat');
    expect(s.seats).toEqual([
      {
        seat: 1,
        player: { id: 'ann', name: 'ann' },
        balance: 100_000,
        betting: 'no-bet',
        awayUntil: null,
      },
      {
        seat: 4,
        player: { id: 'bob', name: 'bob' },
        balance: 97_000,
        betting: 'confirmed',
        awayUntil: null,
      },
      {
        seat: 9,
        player: { id: 'cat', name: 'cat' },
        balance: 100_000,
        betting: 'open',
        awayUntil: null,
      },
    ]);
    expect(s.round).toEqual({
      seq: 1,
      shoeRound: 1,
      bets: [
        { seat: 4, spot: 'player', amount: 2_000 },
        { seat: 4, spot: 'tie', amount: 1_000 },
      ],
      layout: { player: [], banker: [] },
    });
  });

  it('P1.3 T2.2 T2.4 T5.3: the phase view carries the round, its deadline and who acts', () => {
    const t = table(ROUNDS.bankerWin);
    const opened = t.last('betting.opened')!;
    expect(snap(t.state).phase).toEqual({
      kind: 'betting',
      round: 1,
      closesAt: opened.closesAt,
      lastBetsAt: opened.lastBetsAt,
    });
    t.command('bob', 'bets.confirm', {
      round: 1,
      seat: 4,
      confirmId: 'confirm-bob-1',
      bets: [{ spot: 'player', amount: 1_000 }],
    });
    everyoneNoBet(t);
    const dealing = t.last('dealing.started')!;
    // The holder is the one to deal, as dealing.started said.
    expect(snap(t.state).phase).toEqual({
      kind: 'dealing',
      round: 1,
      dealer: 1,
      deadline: dealing.deadline,
    });
    t.command('ann', 'shoe.deal', { round: 1 });
    const turn = t.last('turn.started')!;
    expect(snap(t.state).phase).toEqual({
      kind: 'turning',
      round: 1,
      hand: 'player',
      stage: 'initial',
      turner: 4,
      deadline: turn.deadline,
    });
    t.fire();
    expect(snap(t.state).phase).toMatchObject({ kind: 'turning', hand: 'banker', turner: 1 });
    t.fire();
    expect(snap(t.state).phase).toEqual({
      kind: 'result',
      round: 1,
      nextAt: t.last('round.result')!.nextAt,
    });
  });

  it('P1.3 T2.4: a holder who leaves during the deal window leaves the deal to the next holder', () => {
    const t = table(ROUNDS.bankerWin);
    everyoneNoBet(t);
    t.command('ann', 'seat.leave', { seat: 1 });
    expect(snap(t.state, 'bob').phase).toMatchObject({ kind: 'dealing', dealer: 4 });
    t.command('bob', 'seat.leave', { seat: 4 });
    expect(snap(t.state, 'bob').phase).toMatchObject({ kind: 'dealing', dealer: null });
  });

  it('P1.3 T4.5 T4.4: the snapshot shows the holder, an open offer and whether the house deals', () => {
    const t = table(ROUNDS.bankerWin);
    expect(snap(t.state)).toMatchObject({ holder: 1, offer: null, houseDeals: false });
    t.command('ann', 'shoe.pass', {});
    expect(snap(t.state)).toMatchObject({
      holder: 1,
      offer: { seat: 4, from: 1 },
      houseDeals: false,
    });
    t.command('bob', 'shoe.refuse', {});
    expect(snap(t.state)).toMatchObject({ holder: null, offer: null, houseDeals: true });
  });

  it('P1.3 T7.1 T7.2: the shoe view carries the commitment and the burn, never the cards', () => {
    const t = table(ROUNDS.playerWin);
    const s = snap(t.state);
    expect(s.shoe).toEqual({
      shoeId: 'shoe-1',
      number: 1,
      commitment: commitmentOf(SEED),
      clientSeed: HARNESS_CLIENT_SEED,
      decks: 8,
      cut: 16,
      lastHand: 'plus-one',
      burnShown: BURN[0],
      burned: 1,
      cardsLeft: scriptedShoe([ROUNDS.playerWin]).length - 2,
      roundsDealt: 0,
      cutCardOut: false,
    });
    expect(facesIn(s, ROUNDS.playerWin)).toEqual([]);
  });
});
