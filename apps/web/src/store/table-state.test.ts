import type { Layout, TableEvent, TableSnapshot } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { applyEvent, applyPeek, applySnapshot, emptyTable } from './table-state';
import { mainTableSettings } from '../testing/table-settings';

const emptyRoads = {
  beadPlate: { rows: 6, width: 0, beads: [] },
  bigRoad: { rows: 6, columns: [], pendingTies: 0, width: 0 },
  bigEyeBoy: { name: 'bigEyeBoy' as const, lookback: 1 as const, rows: 6, columns: [], width: 0 },
  smallRoad: { name: 'smallRoad' as const, lookback: 2 as const, rows: 6, columns: [], width: 0 },
  cockroachPig: {
    name: 'cockroachPig' as const,
    lookback: 3 as const,
    rows: 6,
    columns: [],
    width: 0,
  },
  ask: {
    banker: { bigEyeBoy: null, smallRoad: null, cockroachPig: null },
    player: { bigEyeBoy: null, smallRoad: null, cockroachPig: null },
  },
};

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
const closed = (version: number): TableEvent => ({
  ...base,
  version,
  type: 'betting.closed',
  round: 7,
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

  it('holds an event past a gap and asks for a snapshot, then replays it on top of one', () => {
    let state = applySnapshot(emptyTable('main'), snapshot(10), 1_000_000);
    state = applyEvent(state, closed(12));
    expect(state.version).toBe(10);
    expect(state.needsSnapshot).toBe(true);
    expect(state.phase.kind).toBe('betting');

    state = applySnapshot(
      state,
      snapshot(11, {
        seats: [
          {
            seat: 3,
            player: { id: 'ann', name: 'Ann' },
            balance: 98_000,
            betting: 'confirmed',
            awayUntil: null,
          },
        ],
      }),
      1_000_000,
    );
    expect(state.version).toBe(12);
    expect(state.needsSnapshot).toBe(false);
    expect(state.phase).toEqual({ kind: 'closed', round: 7 });
    expect(state.seats[0]?.balance).toBe(98_000);
  });

  it('fills a gap from held events when the missing one arrives late', () => {
    let state = applySnapshot(emptyTable('main'), snapshot(10), 1_000_000);
    state = applyEvent(state, closed(12));
    state = applyEvent(state, confirmed(11, 2_000));
    expect(state.version).toBe(12);
    expect(state.pending).toEqual([]);
    expect(state.needsSnapshot).toBe(false);
  });

  it('never steps back to a snapshot older than what it shows', () => {
    let state = applySnapshot(emptyTable('main'), snapshot(10), 1_000_000);
    state = applyEvent(state, confirmed(11, 2_000));
    state = applyEvent(state, closed(12));
    const older = applySnapshot(state, snapshot(11), 1_000_000);
    expect(older.version).toBe(12);
    expect(older.phase.kind).toBe('closed');
    expect(older.round?.bets).toHaveLength(1);
  });

  it('keeps waiting when the snapshot is still short of a seen gap', () => {
    let state = applySnapshot(emptyTable('main'), snapshot(10), 1_000_000);
    state = applyEvent(state, confirmed(11, 2_000));
    state = applyEvent(state, closed(14));
    const early = applySnapshot(state, snapshot(10), 1_000_000);
    expect(early.needsSnapshot).toBe(true);
    expect(early.version).toBe(11);
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
    for (const event of events) state = applyEvent(state, event);
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
