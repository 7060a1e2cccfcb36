import type { TableEvent, TableSnapshot } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { emptyRoads } from '../testing/roads';
import { hostedRoom } from '../testing/room';
import { mainTableSettings } from '../testing/table-settings';
import { narrate, narrated, narratedSnapshot } from './narrator';
import { applySnapshot, emptyTable, type TableState } from './table-state';

const roads = emptyRoads;
const at = { tableId: 'main', at: 1 };

function snapshot(version: number, overrides: Partial<TableSnapshot> = {}): TableSnapshot {
  return {
    tableId: 'main',
    name: 'Main table',
    version,
    serverTime: 1_000_000,
    settings: mainTableSettings,
    seats: [
      {
        seat: 3,
        player: { id: 'ann', name: 'Ann' },
        balance: 95_000,
        betting: 'confirmed',
        awayUntil: null,
      },
    ],
    spectators: 0,
    shoe: null,
    holder: 3,
    houseDeals: false,
    offer: null,
    phase: { kind: 'betting', round: 7, closesAt: 2_000_000, lastBetsAt: 1_990_000 },
    round: {
      seq: 7,
      shoeRound: 7,
      bets: [{ seat: 3, spot: 'banker', amount: 5_000 }],
      layout: { player: [], banker: [] },
    },
    roads,
    odds: null,
    you: { playerId: 'ann', seat: 3 },
    room: null,
    lastRound: null,
    chat: [],
    ...overrides,
  };
}

const result = (
  version: number,
  round: number,
  outcome: 'banker' | 'player' | 'tie',
): Extract<TableEvent, { type: 'round.result' }> => ({
  ...at,
  version,
  type: 'round.result',
  round,
  shoeRound: round,
  outcome,
  player: { cards: ['2C', '3D'], total: 5, natural: false, pair: false },
  banker: {
    cards: ['9H', 'KD'],
    total: outcome === 'banker' ? 9 : 5,
    natural: outcome === 'banker',
    pair: false,
  },
  trace: [],
  roads,
  odds: null,
  nextAt: 5,
});

const inBetting = (): TableState => applySnapshot(emptyTable('main'), snapshot(20), 1_000_000);

describe('the narrator: the shoe’s story from events', () => {
  it('says who keeps the shoe after a Banker win, by the name of the holder before it', () => {
    expect(narrate(inBetting(), result(21, 7, 'banker'))).toBe(
      'Banker wins 9 to 5. Banker won: Ann keeps the shoe.',
    );
    expect(narrate(inBetting(), result(21, 7, 'player'))).toBe('Player wins 5 to 5.');
  });

  it('says why a round was voided, and that the stakes went back', () => {
    const voided = {
      ...at,
      version: 21,
      type: 'round.voided' as const,
      round: 7,
      reason: 'restart' as const,
      refunds: [{ playerId: 'ann', balance: 100_000 }],
    };
    const state = narrated(inBetting(), voided);
    expect(state.story.at(-1)).toBe(
      'Round 7 was called off when the table restarted; every stake in it was returned.',
    );
    expect(state.voided?.round).toBe(7);
    expect(state.seats[0]?.balance).toBe(100_000);
  });

  it("tells a restart in the table's own words, not the server's log message", () => {
    const closing = {
      ...at,
      version: 21,
      type: 'table.closing' as const,
      reason: 'shutdown' as const,
      message: 'the server is restarting: bets in betting are refunded, a dealt round is finished',
    };
    expect(narrate(inBetting(), closing)).toBe(
      'The table is restarting. Open bets are returned; a dealt round is finished first.',
    );
  });

  it('events worth no line add none', () => {
    const before = inBetting();
    const after = narrated(before, { ...at, version: 21, type: 'bets.none', round: 7, seat: 3 });
    expect(after.story).toEqual(before.story);
  });

  it('across a restart: a snapshot after a voided round says so in the story', () => {
    const voided = {
      ...at,
      version: 40,
      type: 'round.voided' as const,
      round: 7,
      reason: 'restart' as const,
      refunds: [],
    };
    const state = narratedSnapshot(
      inBetting(),
      snapshot(41, { lastRound: { collected: null, paid: null, result: null, voided } }),
      1_000_000,
    );
    expect(state.story.at(-1)).toBe(
      'Round 7 was called off when the table restarted; every stake in it was returned.',
    );
    expect(state.voided?.version).toBe(40);
  });

  it('across a restart: a round the house finished while the page was away is told', () => {
    const state = narratedSnapshot(
      inBetting(),
      snapshot(45, {
        phase: { kind: 'betting', round: 8, closesAt: 2_000_000, lastBetsAt: 1_990_000 },
        round: { seq: 8, shoeRound: 8, bets: [], layout: { player: [], banker: [] } },
        lastRound: { collected: null, paid: null, result: result(44, 7, 'banker'), voided: null },
      }),
      1_000_000,
    );
    expect(state.story.at(-1)).toBe(
      'While you were away, round 7 was finished: Banker wins 9 to 5.',
    );
    // …and where a returning player looks, above the felt, until the next round's result.
    expect(state.notices.away).toBe(
      'While you were away, round 7 was finished: Banker wins 9 to 5.',
    );
  });

  it('a first look says nothing of rounds before it, only who holds the shoe', () => {
    const first = narratedSnapshot(
      emptyTable('main'),
      snapshot(45, {
        shoe: {
          shoeId: 's',
          number: 1,
          commitment: 'c'.repeat(64),
          clientSeed: 'x',
          decks: 8,
          cut: 16,
          lastHand: 'plus-one',
          burnShown: null,
          burned: 0,
          cardsLeft: 400,
          roundsDealt: 3,
          cutCardOut: false,
        },
        lastRound: { collected: null, paid: null, result: result(44, 7, 'banker'), voided: null },
      }),
      1_000_000,
    );
    expect(first.story).toEqual(['Ann holds the shoe.']);
  });

  it('P11.7: the host muting someone earns a story line, for the table and for the muted', () => {
    const bob = {
      seat: 4,
      player: { id: 'bob', name: 'Bob' },
      balance: 1_000,
      betting: 'open' as const,
      awayUntil: null,
    };
    const before = applySnapshot(
      emptyTable('main'),
      snapshot(10, { room: hostedRoom, seats: [...snapshot(10).seats, bob] }),
      1_000_000,
    );
    const mute = (muted: string[], version: number): TableEvent => ({
      ...at,
      version,
      type: 'room.updated',
      room: { ...hostedRoom, muted },
    });
    const muted = narrated(before, mute(['bob'], 11));
    expect(muted.story.at(-1)).toBe('The host muted Bob in the chat.');
    expect(narrated(muted, mute([], 12)).story.at(-1)).toBe('The host unmuted Bob.');
    const asBob = { ...before, you: { playerId: 'bob', seat: 4 } };
    expect(narrated(asBob, mute(['bob'], 11)).story.at(-1)).toMatch(/^The host muted you/);
  });
});
