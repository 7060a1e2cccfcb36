import { createRoomReply, type TableEvent } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { call, newGuest } from '../testing/rooms.js';
import { freePort, ServerProcess } from '../testing/server-process.js';
import { TestClient } from '../testing/test-banco.js';

const is =
  <T extends TableEvent['type']>(type: T, round?: number) =>
  (e: TableEvent): e is Extract<TableEvent, { type: T }> =>
    e.type === type && (round === undefined || ('round' in e && e.round === round));

/**
 * T12: "Practise alone" over HTTP and a socket, on the real server as a child process: the room
 * is stored in Postgres, plays untimed rounds that wait for the player, and comes back after a
 * SIGKILL with its preset.
 */
describe('a practice table of your own (T12)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let server: ServerProcess;
  let port: number;
  const clients: TestClient[] = [];
  const env = () => ({ DATABASE_URL: db.url, PORT: String(port), TABLE_TIMINGS: 'fast' });

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

  it('T12.1 T12.2 T12.3 T10.4 P12.1 P12.2 P12.3 one click opens it, it waits, and it survives a crash', async () => {
    const pia = await newGuest(server.url, 'Pia');
    const opened = await call(server.url, '/api/rooms/practice', { token: pia.token, body: {} });
    expect(opened.status).toBe(201);
    const { room, link } = createRoomReply.parse(opened.body);
    expect(link).toBe(`/table/?id=${room.id}`);
    expect(room).toMatchObject({ name: 'Practice table', isPublic: false, hostName: 'Pia' });
    expect(room.settings).toMatchObject({
      seats: 1,
      selfPaced: true,
      untimedBetting: true,
      rules: { commission: 'even-money' },
    });
    // T12.1: asked again, the same table: one practice table a player.
    const again = await call(server.url, '/api/rooms/practice', { token: pia.token, body: {} });
    expect(again.status).toBe(200);
    expect(createRoomReply.parse(again.body).room.id).toBe(room.id);
    expect((await call(server.url, '/api/rooms/practice', { body: {} })).status).toBe(401);
    const stored = await prisma.table.findUniqueOrThrow({ where: { id: room.id } });
    expect(stored).toMatchObject({ isPublic: false, status: 'OPEN', hostPlayerId: pia.player.id });

    const client = await TestClient.connectAs(server.url, pia);
    clients.push(client);
    expect((await client.send('table.join', { tableId: room.id })).ok).toBe(true);
    const opening = client.next(is('betting.opened'));
    const shoe = client.next(is('shoe.new'));
    expect((await client.send('seat.take', { tableId: room.id, seat: 1 })).ok).toBe(true);
    // A fair shoe like any other: committed before it is shuffled (R11.1).
    expect((await shoe).commitment).toMatch(/^[0-9a-f]{64}$/);
    const first = await opening;
    expect(first).toMatchObject({ closesAt: null, lastBetsAt: null });

    const result = client.next(is('round.result', first.round));
    const dealt = client.next(is('cards.dealt', first.round));
    const confirmed = await client.send('bets.confirm', {
      tableId: room.id,
      round: first.round,
      seat: 1,
      confirmId: 'pia-1',
      bets: [{ spot: 'banker', amount: 5_000 }],
    });
    expect(confirmed).toMatchObject({ ok: true, balance: 95_000 });
    expect(await dealt).toMatchObject({ by: 1 });
    expect(await result).toMatchObject({ nextAt: null });

    // P12.3: the table's shoes, for the /shoes page: this one, in play, its seed still secret.
    const shoes = await call(server.url, `/api/tables/${room.id}/shoes`);
    expect(shoes.status).toBe(200);
    expect(shoes.body).toMatchObject({
      tableId: room.id,
      shoes: [{ number: 1, endedAt: null, revealed: false, rounds: 1 }],
    });
    expect((await call(server.url, '/api/tables/r_AAAAAAAAAAAAAAAAAAAAAA/shoes')).status).toBe(404);

    // T12.3: the table waits, through a crash too: round.next is accepted only in the result.
    await server.kill('SIGKILL');
    client.close();
    server = await ServerProcess.start(env());
    const back = await call(server.url, `/api/rooms/${room.id}`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: room.id, settings: room.settings, seated: 1 });
    const reused = await call(server.url, '/api/rooms/practice', { token: pia.token, body: {} });
    expect(createRoomReply.parse(reused.body).room.id).toBe(room.id);

    const returning = await TestClient.connectAs(server.url, pia);
    clients.push(returning);
    const snapshot = await returning.send('table.snapshot', { tableId: room.id });
    expect(snapshot.ok && snapshot.snapshot.you.seat).toBe(1);
    expect(snapshot.ok && snapshot.snapshot.phase).toMatchObject({ kind: 'result', nextAt: null });
    const second = returning.next(is('betting.opened'));
    expect((await returning.send('round.next', { tableId: room.id })).ok).toBe(true);
    expect((await second).round).toBe(first.round + 1);
  }, 120_000);
});
