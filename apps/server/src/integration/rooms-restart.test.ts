import { roomSummarySchema, type CreateGuestReply, type RoomSummary } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { call, newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { freePort, ServerProcess } from '../testing/server-process.js';
import { TestClient } from '../testing/test-banco.js';

/**
 * T10.4: the real server as a child process, three rooms open with different settings and two
 * players seated in each, killed with SIGKILL: the next start brings every room back.
 */
describe('rooms survive a crash (T10.4)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let server: ServerProcess;
  const clients: TestClient[] = [];
  const rooms: { room: RoomSummary; seated: { guest: CreateGuestReply; seat: number }[] }[] = [];
  let closedRoomId = '';

  const env = () => ({ DATABASE_URL: db.url, PORT: String(port), TABLE_TIMINGS: 'patient' });
  let port: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    port = await freePort();
    server = await ServerProcess.start(env());
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    if (server && server.child.exitCode === null) await server.kill('SIGKILL');
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('T10.4 T9.4 P8.4 three open rooms come back with their settings and seats held', async () => {
    const variants = [
      roomSettings({ decks: 1, cut: 13, ruleSet: 'standard', sideBets: [], seats: 2 }),
      roomSettings({
        decks: 4,
        ruleSet: 'even-money',
        tiePays: 9,
        sideBets: ['playerPair', 'dragonBanker'],
        untimedBetting: true,
        cardTurning: false,
        lastHand: 'finish-current',
        cut: 30,
      }),
      roomSettings({ decks: 8, seats: 14, bettingSeconds: 60, seatHoldSeconds: 600 }),
    ];
    for (const [i, settings] of variants.entries()) {
      const host = await newGuest(server.url, `Host${i}`);
      const guest = await newGuest(server.url, `Guest${i}`);
      const { room } = await openRoom(server.url, host.token, `Room ${i}`, settings);
      const seated = [
        { guest: host, seat: 1 },
        { guest, seat: 2 },
      ];
      for (const { guest: who, seat } of seated) {
        const client = await TestClient.connectAs(server.url, who);
        clients.push(client);
        expect((await client.send('table.join', { tableId: room.id })).ok).toBe(true);
        expect((await client.send('seat.take', { tableId: room.id, seat })).ok).toBe(true);
      }
      const now = roomSummarySchema.parse((await call(server.url, `/api/rooms/${room.id}`)).body);
      expect(now.seated).toBe(2);
      rooms.push({ room: now, seated });
    }
    // A fourth room whose close was already recorded must stay closed (T10.5).
    const leaver = await newGuest(server.url, 'Leaver');
    closedRoomId = (await openRoom(server.url, leaver.token, 'Gone')).room.id;
    await prisma.table.update({
      where: { id: closedRoomId },
      data: { status: 'CLOSED', closedAt: new Date() },
    });

    await server.kill('SIGKILL');
    for (const client of clients.splice(0)) client.close();
    server = await ServerProcess.start(env());

    for (const { room, seated } of rooms) {
      const answer = await call(server.url, `/api/rooms/${room.id}`);
      expect(answer.status).toBe(200);
      const back = roomSummarySchema.parse(answer.body);
      expect(back).toMatchObject({
        id: room.id,
        name: room.name,
        isPublic: false,
        hostPlayerId: room.hostPlayerId,
        hostName: room.hostName,
        settings: room.settings,
        seated: 2,
      });
      // Each seated player's new socket carries on without joining again (T9.4): same seat.
      for (const { guest, seat } of seated) {
        const client = await TestClient.connectAs(server.url, guest);
        clients.push(client);
        const ack = await client.send('table.snapshot', { tableId: room.id });
        expect(ack.ok).toBe(true);
        if (!ack.ok) continue;
        expect(ack.snapshot.you.seat).toBe(seat);
        expect(ack.snapshot.settings).toEqual(room.settings);
        expect(ack.snapshot.seats.map((s) => [s.seat, s.player.id]).sort()).toEqual(
          seated.map((s) => [s.seat, s.guest.player.id]).sort(),
        );
      }
    }
    expect((await call(server.url, `/api/rooms/${closedRoomId}`)).status).toBe(404);
    const lobby = await call(server.url, '/api/tables');
    expect((lobby.body as { id: string }[]).map((t) => t.id)).toEqual(['main']);
  }, 120_000);
});
