import type { CheminDeFerView, CoupView, Layout, TableEvent, TableSnapshot } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { narrated } from './narrator';
import { applyEvent, applyPeek, applySnapshot, emptyTable } from './table-state';
import { emptyRoads } from '../testing/roads';
import { mainTableSettings } from '../testing/table-settings';

function snapshot(version: number, overrides: Partial<TableSnapshot> = {}): TableSnapshot {
  return {
    tableId: 'main',
    name: 'Main table',
    version,
    serverTime: 1_000_000,
    settings: { ...mainTableSettings, limits: { player: { min: 1_000, max: 50_000 } }, seedMs: 0 },
    seats: [
      {
        seat: 3,
        player: { id: 'ann', name: 'Ann' },
        balance: 100_000,
        betting: 'open',
        awayUntil: null,
      },
    ],
    spectators: 0,
    shoe: null,
    holder: 3,
    houseDeals: false,
    offer: null,
    phase: { kind: 'betting', round: 7, closesAt: 1_015_000, lastBetsAt: 1_010_000 },
    round: { seq: 7, shoeRound: 7, bets: [], layout: { player: [], banker: [] } },
    roads: emptyRoads,
    odds: null,
    you: { playerId: 'ann', seat: 3 },
    room: null,
    lastRound: null,
    chat: [],
    ...overrides,
  };
}

const base = { tableId: 'main', at: 1_000_100 };

/** A snapshot's phase and round while seat 3 turns a hand's first two cards. */
const turning = (hand: 'player' | 'banker', layout: Layout): Partial<TableSnapshot> => ({
  phase: { kind: 'turning', round: 7, hand, stage: 'initial', turner: 3, deadline: 1_005_000 },
  round: { seq: 7, shoeRound: 7, bets: [], layout },
});
const confirmed = (version: number, amount: number): TableEvent => ({
  ...base,
  version,
  type: 'bets.confirmed',
  round: 7,
  seat: 3,
  bets: [{ spot: 'player', amount }],
  balance: 100_000 - amount,
});

const resultEvent = (version: number) => ({
  ...base,
  version,
  type: 'round.result' as const,
  round: 7,
  shoeRound: 7,
  outcome: 'banker' as const,
  player: { cards: ['2C', '3D'], total: 5, natural: false, pair: false },
  banker: { cards: ['9H', 'KD'], total: 9, natural: true, pair: false },
  trace: [
    { hand: 'banker' as const, action: 'stand' as const, total: 9, rule: 'R4.1', text: 'natural' },
  ],
  roads: emptyRoads,
  odds: null,
  nextAt: 1_004_000,
});

describe('table state', () => {
  it('takes the first snapshot and notes the server clock offset', () => {
    const state = applySnapshot(emptyTable('main'), snapshot(10), 999_000);
    expect(state.version).toBe(10);
    expect(state.clockOffset).toBe(1_000);
    expect(state.seats[0]?.player.name).toBe('Ann');
  });

  it('applies the next event and ignores old news', () => {
    let state = applySnapshot(emptyTable('main'), snapshot(10), 1_000_000);
    state = applyEvent(state, confirmed(11, 2_000));
    expect(state.version).toBe(11);
    expect(state.seats[0]).toMatchObject({
      balance: 98_000,
      betting: 'confirmed',
      awayUntil: null,
    });
    expect(state.round?.bets).toEqual([{ seat: 3, spot: 'player', amount: 2_000 }]);
    expect(applyEvent(state, confirmed(11, 9_000))).toBe(state);
    expect(applyEvent(state, confirmed(5, 9_000))).toBe(state);
  });

  it('P1.8: a snapshot taken while a result is up shows that result and its settlement', () => {
    const at = { tableId: 'main', at: 1_000_100 };
    const lastRound = {
      collected: {
        ...at,
        version: 8,
        type: 'settlement.collected' as const,
        round: 7,
        losers: [{ seat: 3, playerId: 'ann', spot: 'player' as const, amount: 2_000 }],
        total: 2_000,
      },
      paid: {
        ...at,
        version: 9,
        type: 'settlement.paid' as const,
        round: 7,
        winners: [],
        balances: [{ seat: 3, playerId: 'ann', balance: 98_000 }],
      },
      result: resultEvent(10),
      voided: null,
    };
    const state = applySnapshot(
      emptyTable('main'),
      snapshot(10, {
        phase: { kind: 'result', round: 7, nextAt: 1_004_000 },
        round: {
          seq: 7,
          shoeRound: 7,
          bets: [{ seat: 3, spot: 'player', amount: 2_000 }],
          layout: { player: ['2C', '3D'], banker: ['9H', 'KD'] },
        },
        lastRound,
      }),
      1_000_000,
    );
    expect(state.result?.round).toBe(7);
    expect(state.settlement.collected?.total).toBe(2_000);
    expect(state.settlement.paid?.round).toBe(7);
    expect(state.why.banker?.rule).toBe('R4.1');
    // The same last round is no news once the next round is in betting.
    const later = applySnapshot(
      state,
      snapshot(12, {
        lastRound,
        phase: { kind: 'betting', round: 8, closesAt: 1_015_000, lastBetsAt: 1_010_000 },
        round: { seq: 8, shoeRound: 8, bets: [], layout: { player: [], banker: [] } },
      }),
      1_000_000,
    );
    expect(later.result).toBeNull();
    expect(later.settlement).toEqual({ collected: null, paid: null });
  });

  it('a reveal lands the faces in the layout and drops the turner’s private peek', () => {
    let state = applySnapshot(
      emptyTable('main'),
      snapshot(10, turning('player', { player: [null, null], banker: [null, null] })),
      1_000_000,
    );
    state = applyPeek(state, {
      tableId: 'main',
      type: 'cards.peek',
      round: 7,
      hand: 'player',
      stage: 'initial',
      cards: ['9H', 'KD'],
      deadline: 1_005_000,
    });
    expect(state.peek?.cards).toEqual(['9H', 'KD']);
    state = applyEvent(state, {
      ...base,
      version: 11,
      type: 'cards.revealed',
      round: 7,
      hand: 'player',
      by: 3,
      cards: ['9H', 'KD'],
      total: 9,
      layout: { player: ['9H', 'KD'], banker: [null, null] },
    });
    expect(state.peek).toBeNull();
    expect(state.round?.layout.player).toEqual(['9H', 'KD']);
  });

  it('tells the shoe’s story: pass, refusal, acceptance, and who keeps it after a Banker win', () => {
    const seats = [
      {
        seat: 1,
        player: { id: 'bob', name: 'Bob' },
        balance: 100_000,
        betting: 'open' as const,
        awayUntil: null,
      },
      {
        seat: 3,
        player: { id: 'ann', name: 'Ann' },
        balance: 100_000,
        betting: 'open' as const,
        awayUntil: null,
      },
      {
        seat: 5,
        player: { id: 'cat', name: 'Cat' },
        balance: 100_000,
        betting: 'open' as const,
        awayUntil: null,
      },
    ];
    let state = applySnapshot(emptyTable('main'), snapshot(10, { seats }), 1_000_000);
    const events: TableEvent[] = [
      { ...base, version: 11, type: 'shoe.offered', seat: 5, from: 3 },
      { ...base, version: 12, type: 'shoe.refused', seat: 5 },
      { ...base, version: 13, type: 'shoe.offered', seat: 1, from: 3 },
      { ...base, version: 14, type: 'shoe.holder', seat: 1, houseDeals: false, reason: 'accepted' },
    ];
    for (const event of events) state = narrated(state, event);
    expect(state.holder).toBe(1);
    expect(state.offer).toBeNull();
    expect(state.story).toEqual([
      'Ann passes the shoe; it is offered to Cat.',
      'Cat refuses the shoe.',
      'Ann passes the shoe; it is offered to Bob.',
      'Bob accepts the shoe and deals.',
    ]);
  });

  it('counts cards out of the shoe as they reach the layout, then takes the result’s count', () => {
    const shoe = {
      shoeId: 's1',
      number: 1,
      commitment: 'a'.repeat(64),
      clientSeed: 'c',
      decks: 8,
      cut: 16,
      lastHand: 'plus-one' as const,
      burnShown: '5H',
      burned: 5,
      cardsLeft: 410,
      roundsDealt: 0,
      cutCardOut: false,
    };
    let state = applySnapshot(emptyTable('main'), snapshot(10, { shoe }), 1_000_000);
    state = applyEvent(state, {
      ...base,
      version: 11,
      type: 'cards.dealt',
      round: 7,
      by: 3,
      layout: { player: [null, null], banker: [null, null] },
    });
    expect(state.shoe?.cardsLeft).toBe(406);
    state = applyEvent(state, {
      ...base,
      version: 12,
      type: 'turn.started',
      round: 7,
      hand: 'player',
      stage: 'third',
      turner: null,
      deadline: 1_005_000,
      layout: { player: ['2S', '3D', null], banker: ['KH', 'QH'] },
    });
    expect(state.shoe?.cardsLeft).toBe(405);
    state = applyEvent(state, {
      ...base,
      version: 13,
      type: 'shoe.cut-card',
      round: 7,
      when: 'during-round',
      lastRound: false,
    });
    expect(state.notices.cutCard?.lastRound).toBe(false);
    expect(state.shoe?.cutCardOut).toBe(true);
  });

  it('keeps a top-up notice for this player only, until the round settles', () => {
    let state = applySnapshot(emptyTable('main'), snapshot(10), 1_000_000);
    state = applyEvent(state, {
      ...base,
      version: 11,
      type: 'balance.refilled',
      seat: 3,
      playerId: 'ann',
      amount: 99_500,
      balance: 100_000,
    });
    expect(state.notices.refill?.amount).toBe(99_500);
    state = applyEvent(state, {
      ...base,
      version: 12,
      type: 'settlement.collected',
      round: 7,
      losers: [],
      total: 0,
    });
    expect(state.notices.refill).toBeNull();
    const other = applyEvent(applySnapshot(emptyTable('main'), snapshot(10), 1_000_000), {
      ...base,
      version: 11,
      type: 'balance.refilled',
      seat: 5,
      playerId: 'cat',
      amount: 1_000,
      balance: 100_000,
    });
    expect(other.notices.refill).toBeNull();
  });

  it('keeps a third-card peek when the initial reveal is applied after it', () => {
    let state = applySnapshot(
      emptyTable('main'),
      snapshot(10, turning('banker', { player: ['2S', '3D'], banker: [null, null] })),
      1_000_000,
    );
    const peek = (stage: 'initial' | 'third', cards: string[]) =>
      ({
        tableId: 'main',
        type: 'cards.peek',
        round: 7,
        hand: 'banker',
        stage,
        cards,
        deadline: 1_005_000,
      }) as const;
    const revealed = (version: number, cards: string[]): TableEvent => ({
      ...base,
      version,
      type: 'cards.revealed',
      round: 7,
      hand: 'banker',
      by: 3,
      cards,
      total: 3,
      layout: { player: ['2S', '3D'], banker: cards },
    });
    state = applyPeek(state, peek('third', ['4C']));
    state = applyEvent(state, revealed(11, ['3C', 'KH']));
    expect(state.peek?.stage).toBe('third');
    state = applyEvent(state, revealed(12, ['3C', 'KH', '4C']));
    expect(state.peek).toBeNull();
  });
});

describe('a Chemin de Fer snapshot', () => {
  it('R17.3 tells a pass by the coup before it: the banker won, then refused the ride', () => {
    const view = (last: CoupView): CheminDeFerView => ({
      offer: { kind: 'fresh', seat: 2, declined: [1] },
      offerUntil: 5_000,
      coup: null,
      last,
      bancoSuivi: null,
      nextCoup: 3,
    });
    const won = { coup: 2, banker: 1, settlement: { outcome: 'banker' } } as CoupView;
    const lost = { ...won, settlement: { outcome: 'player' } } as CoupView;
    const at = (last: CoupView) =>
      applySnapshot(emptyTable('main'), snapshot(9, { cheminDeFer: view(last) }), 0).cheminPassed;
    expect(at(won)).toBe(1);
    expect(at(lost)).toBeNull();
  });
});
