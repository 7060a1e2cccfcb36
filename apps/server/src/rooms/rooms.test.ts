import type { RoomState, TableSettings, TableSnapshot } from '@banco/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import type { LiveTables } from '../cluster/registry.js';
import { createPrisma } from '../db/prisma.js';
import { RoomStore } from '../db/rooms.js';
import { UNREACHABLE_DB_URL } from '../http/test-support.js';
import type { TablePort } from '../table/runtime/table-port.js';
import { Rooms } from './rooms.js';

/** The real store, counting the tries to mark a room closed. */
class CountingStore extends RoomStore {
  closes = 0;
  override async close(roomId: string, at: Date): Promise<boolean> {
    this.closes += 1;
    return super.close(roomId, at);
  }
}

describe('marking a room closed (T10.5)', () => {
  const prisma = createPrisma(UNREACHABLE_DB_URL);
  afterAll(() => prisma.$disconnect());

  it('T10.5 retries with growing waits, then gives up loudly', async () => {
    const store = new CountingStore(prisma);
    const errors: { obj: unknown; msg?: string }[] = [];
    const rooms = new Rooms({
      store,
      tables: () => undefined,
      playerName: async () => null,
      pace: 'fast',
      roomsPerHost: 3,
      maxOpenRooms: 10,
      log: { error: (obj, msg) => errors.push({ obj, msg }), info: () => undefined },
      closeRetryMs: [1, 5, 20],
    });
    await rooms.closed('r_AAAAAAAAAAAAAAAAAAAAAA');
    expect(store.closes).toBe(4);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      obj: { table: 'r_AAAAAAAAAAAAAAAAAAAAAA' },
      msg: 'room could not be marked closed: it will start again at the next restart',
    });
  });
});

describe("a room's host (T10.3, T11.5)", () => {
  const prisma = createPrisma(UNREACHABLE_DB_URL);
  afterAll(() => prisma.$disconnect());
  const ROOM = 'r_BBBBBBBBBBBBBBBBBBBBBB';
  const now: RoomState = {
    hostPlayerId: 'p-new-host',
    hostName: 'Nadia',
    locked: true,
    paused: false,
    closing: false,
    nextSettings: null,
    watchersWrite: true,
    muted: [],
  };

  /** One live room whose host was handed on: its opener is no longer its host. */
  function roomsWith(port: Partial<TablePort>): Rooms {
    const table = {
      id: ROOM,
      name: 'Friday',
      settings: {} as TableSettings,
      seatedCount: () => 0,
      spectatorCount: () => 0,
      ...port,
    } as TablePort;
    const tables = {
      get: (id: string) => (id === ROOM ? table : undefined),
      definition: (id: string) =>
        id === ROOM ? { id, name: 'Friday', isPublic: false, hostPlayerId: 'p-opener' } : undefined,
    } as unknown as LiveTables;
    return new Rooms({
      store: new RoomStore(prisma),
      tables: () => tables,
      playerName: async (playerId) => (playerId === 'p-opener' ? 'Olga' : null),
      pace: 'fast',
      roomsPerHost: 3,
      maxOpenRooms: 10,
    });
  }

  it('T11.5 asks the table for its host now, not for a snapshot', async () => {
    const rooms = roomsWith({
      roomState: async () => now,
      snapshot: () => Promise.reject(new Error('a snapshot was asked for')),
    });
    expect(await rooms.summary(ROOM)).toMatchObject({
      hostPlayerId: 'p-new-host',
      hostName: 'Nadia',
      locked: true,
    });
  });

  it('T10.3 names the opener while the table cannot answer (resuming)', async () => {
    const rooms = roomsWith({ roomState: () => Promise.reject(new Error('resuming')) });
    expect(await rooms.summary(ROOM)).toMatchObject({
      hostPlayerId: 'p-opener',
      hostName: 'Olga',
      locked: false,
    });
  });

  it("reads a snapshot's room from a port that has no roomState (the cluster's)", async () => {
    const rooms = roomsWith({
      snapshot: async () => ({ room: now }) as unknown as TableSnapshot,
    });
    expect(await rooms.summary(ROOM)).toMatchObject({ hostPlayerId: 'p-new-host' });
  });
});
