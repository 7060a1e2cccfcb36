import { afterAll, describe, expect, it } from 'vitest';
import { createPrisma } from '../db/prisma.js';
import { RoomStore } from '../db/rooms.js';
import { UNREACHABLE_DB_URL } from '../http/test-support.js';
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
