import type { TableEvent, TableSnapshot } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { mainTableSettings } from '../testing/table-settings';
import { goneReason, undecided } from './derive';
import { narrated as applyEvent } from './narrator';
import { applySnapshot, emptyTable, type TableState } from './table-state';
import { hostedRoom } from '../testing/room';

const ROOM_ID = 'r_Qk3vV9xw7nE2bL0aZpT5sg';
const room = hostedRoom;

function roomSnapshot(version: number, overrides: Partial<TableSnapshot> = {}): TableSnapshot {
  return {
    tableId: ROOM_ID,
    name: 'Friday',
    version,
    serverTime: 1_000_000,
    settings: { ...mainTableSettings, decks: 6, untimedBetting: true },
    seats: [
      {
        seat: 1,
        player: { id: 'ann', name: 'Ann' },
        balance: 100_000,
        betting: 'confirmed',
        awayUntil: null,
      },
      {
        seat: 2,
        player: { id: 'bob', name: 'Bob' },
        balance: 100_000,
        betting: 'open',
        awayUntil: null,
      },
      {
        seat: 3,
        player: { id: 'cat', name: 'Cat' },
        balance: 100_000,
        betting: 'open',
        awayUntil: null,
      },
    ],
    spectators: 0,
    shoe: null,
    holder: 1,
    houseDeals: false,
    offer: null,
    phase: { kind: 'betting', round: 2, closesAt: null, lastBetsAt: null },
    round: { seq: 2, shoeRound: 2, bets: [], layout: { player: [], banker: [] } },
    roads: {
      beadPlate: { rows: 6, width: 0, beads: [] },
      bigRoad: { rows: 6, columns: [], pendingTies: 0, width: 0 },
      bigEyeBoy: { name: 'bigEyeBoy', lookback: 1, rows: 6, columns: [], width: 0 },
      smallRoad: { name: 'smallRoad', lookback: 2, rows: 6, columns: [], width: 0 },
      cockroachPig: { name: 'cockroachPig', lookback: 3, rows: 6, columns: [], width: 0 },
      ask: {
        banker: { bigEyeBoy: null, smallRoad: null, cockroachPig: null },
        player: { bigEyeBoy: null, smallRoad: null, cockroachPig: null },
      },
    },
    odds: null,
    you: { playerId: 'bob', seat: 2 },
    room,
    lastRound: null,
    chat: [],
    ...overrides,
  };
}

const at = { tableId: ROOM_ID, at: 1_000_100 };
const start = (overrides: Partial<TableSnapshot> = {}): TableState =>
  applySnapshot(emptyTable(ROOM_ID), roomSnapshot(10, overrides), 1_000_000);

describe('a private room in the table state', () => {
  it('takes the room from the snapshot; a public table has none', () => {
    expect(start().room).toEqual(room);
    expect(start({ room: null }).room).toBeNull();
  });

  it('follows room.updated and tells the story of what the host changed', () => {
    const locked = applyEvent(start(), {
      ...at,
      version: 11,
      type: 'room.updated',
      room: { ...room, locked: true },
    } satisfies TableEvent);
    expect(locked.room?.locked).toBe(true);
    expect(locked.story.at(-1)).toBe('The host locked the room: no new players.');
    const handed = applyEvent(locked, {
      ...at,
      version: 12,
      type: 'room.updated',
      room: { ...room, locked: true, hostPlayerId: 'bob', hostName: 'Bob' },
    });
    expect(handed.story.at(-1)).toBe('You are the host now.');
  });

  it('takes new settings when room.updated brings them (a new shoe under the host’s rules)', () => {
    const next = { ...mainTableSettings, decks: 4 };
    const state = applyEvent(start(), {
      ...at,
      version: 11,
      type: 'room.updated',
      room,
      settings: next,
    });
    expect(state.settings?.decks).toBe(4);
  });

  it('another player kicked: their seat empties and the story says so', () => {
    const state = applyEvent(start(), {
      ...at,
      version: 11,
      type: 'player.kicked',
      playerId: 'cat',
      seat: 3,
    });
    expect(state.seats.map((s) => s.seat)).toEqual([1, 2]);
    expect(state.story.at(-1)).toBe('Cat was removed by the host.');
    expect(goneReason(state)).toBeNull();
  });

  it('this player kicked: the table is gone for them', () => {
    const state = applyEvent(start(), {
      ...at,
      version: 11,
      type: 'player.kicked',
      playerId: 'bob',
      seat: 2,
    });
    expect(state.gone).toBe('kicked');
    expect(state.you.seat).toBeNull();
    expect(goneReason(state)).toBe('kicked');
  });

  it('room.closed closes the table for everyone at it', () => {
    const state = applyEvent(start(), { ...at, version: 11, type: 'room.closed', reason: 'host' });
    expect(goneReason(state)).toBe('closed');
    expect(state.story.at(-1)).toBe('The host closed the room.');
  });

  it('a refused join says why: kicked, locked, or no such table', () => {
    const refused = (code: string): TableState => ({
      ...emptyTable(ROOM_ID),
      connection: 'refused',
      refusal: { code, message: '' },
    });
    expect(goneReason(refused('KICKED'))).toBe('kicked');
    expect(goneReason(refused('ROOM_LOCKED'))).toBe('locked');
    expect(goneReason(refused('UNKNOWN_TABLE'))).toBe('unknown');
    expect(goneReason(refused('PROTOCOL_MISMATCH'))).toBeNull();
  });

  it('untimed betting counts who has not decided yet', () => {
    expect(undecided(start())).toBe(2);
  });
});
