import type { CreateGuestReply, EveningView } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { freePort, ServerProcess } from '../testing/server-process.js';
import { TestClient } from '../testing/test-banco.js';

const STACK = 300_000;
const HELD = /test hook: room chips held/;

/**
 * T11.17, T9.8: the real server killed with SIGKILL in the one window a room stack can fall
 * into: the table has stored the state that counts a grant (or a top-up) and has not yet written
 * its ledger entry (TEST_HOLD_ROOM_CHIPS_MS holds the write there). After the restart the stack,
 * the queue and the seat agree, the ledger holds each entry once, and the audit is clean.
 */
describe('a room stack survives kill -9 between the state save and its ledger entry (T11.17)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let server: ServerProcess;
  let port: number;
  let roomId = '';
  const guests: Record<string, CreateGuestReply> = {};
  let clients: Record<string, TestClient> = {};
  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: db.url,
    PORT: String(port),
    TABLE_TIMINGS: 'patient',
    ...extra,
  });

  const connectAll = async () => {
    for (const client of Object.values(clients)) client.close();
    clients = {};
    for (const [name, guest] of Object.entries(guests)) {
      clients[name] = await TestClient.connectAs(server.url, guest);
      expect(await clients[name].send('table.join', { tableId: roomId })).toMatchObject({
        ok: true,
      });
    }
  };
  const restart = async (extra: Record<string, string> = {}) => {
    await server.kill('SIGKILL');
    server = await ServerProcess.start(env(extra));
    await connectAll();
  };
  /** The host's command, sent into the held write: its answer never comes (the kill). */
  const cutOff = async (name: 'room.seat.approve' | 'room.top-up.approve', playerId: string) => {
    const held = server.waitFor(HELD);
    void clients.host!.send(name, { tableId: roomId, playerId }).catch(() => undefined);
    await held;
  };
  const stackInPostgres = async (name: string) =>
    Number(
      (
        await prisma.account.findUnique({
          where: { id: `stack:${roomId}:${guests[name]!.player.id}` },
        })
      )?.balance ?? -1,
    );
  const entriesOf = async (name: string) =>
    (
      await prisma.transfer.findMany({
        where: {
          toAccountId: `stack:${roomId}:${guests[name]!.player.id}`,
          kind: { in: ['GRANT', 'TOP_UP', 'ADJUST'] },
        },
        orderBy: { id: 'asc' },
      })
    ).map((t) => [t.kind, Number(t.amount)]);

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    port = await freePort();
    server = await ServerProcess.start(env());
    for (const name of ['host', 'ana', 'bob']) guests[name] = await newGuest(server.url, name);
    const settings = roomSettings({
      seats: 3,
      seatHoldSeconds: 600,
      evening: {
        seating: 'host-approves',
        chips: 'room',
        roomChips: { startingStack: STACK, topUps: { autoBelowMinimum: false, perNight: null } },
        waitlistMax: 2,
        offerSeconds: 300,
        autoSitOutRounds: null,
        finish: null,
      },
    });
    roomId = (await openRoom(server.url, guests.host!.token, 'Crash night', settings)).room.id;
    await connectAll();
  }, 60_000);

  afterAll(async () => {
    for (const client of Object.values(clients)) client.close();
    if (server && server.child.exitCode === null) await server.kill('SIGKILL');
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('T11.17 T11.15 T9.8: a grant and a top-up cut off by kill -9 each land once; seat, stack and queue agree', async () => {
    const host = () => clients.host!;
    expect(await host().send('seat.take', { tableId: roomId, seat: 1 })).toMatchObject({
      ok: true,
    });
    for (const name of ['bob', 'ana']) {
      expect(await clients[name]!.send('seat.request', { tableId: roomId })).toMatchObject({
        ok: true,
      });
    }
    // bob sits on half a stack and asks for the rest; ana waits in the queue.
    expect(
      await host().send('room.seat.approve', {
        tableId: roomId,
        playerId: guests.bob!.player.id,
        stack: STACK / 2,
      }),
    ).toMatchObject({ ok: true });
    expect(
      await clients.bob!.send('chips.top-up', { tableId: roomId, amount: STACK / 2 }),
    ).toMatchObject({ ok: true });

    // From here every room-chips write waits after the state that counts it is stored.
    await restart({ TEST_HOLD_ROOM_CHIPS_MS: '60000' });
    await cutOff('room.seat.approve', guests.ana!.player.id);
    expect(await stackInPostgres('ana')).toBe(-1);
    await restart({ TEST_HOLD_ROOM_CHIPS_MS: '60000' });
    await cutOff('room.top-up.approve', guests.bob!.player.id);
    expect(await stackInPostgres('bob')).toBe(STACK / 2);
    await restart();

    const answer = await host().send('table.snapshot', { tableId: roomId });
    if (!answer.ok) throw new Error(answer.code);
    const { seats, evening } = answer.snapshot as typeof answer.snapshot & {
      evening: EveningView;
    };
    expect(seats.map((s) => [s.seat, s.player.name, s.balance])).toEqual([
      [1, 'host', STACK],
      [2, 'bob', STACK],
      [3, 'ana', STACK],
    ]);
    expect(evening.queue).toEqual([]);
    expect(evening.topUps).toEqual([]);
    expect(evening.counts).toEqual({ requests: 0, waiting: 0 });
    expect(evening.leaderboard.map((l) => [l.player.name, l.stack, l.granted]).sort()).toEqual([
      ['ana', STACK, STACK],
      ['bob', STACK, STACK],
      ['host', STACK, STACK],
    ]);
    // Postgres: each entry once, never twice, never lost.
    expect(await stackInPostgres('ana')).toBe(STACK);
    expect(await stackInPostgres('bob')).toBe(STACK);
    expect(await entriesOf('ana')).toEqual([['GRANT', STACK]]);
    expect(await entriesOf('bob')).toEqual([
      ['GRANT', STACK / 2],
      ['TOP_UP', STACK / 2],
    ]);
    expect((await checkLedger(prisma)).problems).toEqual([]);

    // The night goes on, its next entry under a key of its own.
    expect(
      await host().send('room.chips.adjust', {
        tableId: roomId,
        playerId: guests.ana!.player.id,
        amount: 10_000,
        reason: 'for the wait',
      }),
    ).toMatchObject({ ok: true });
    expect(await stackInPostgres('ana')).toBe(STACK + 10_000);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  }, 120_000);
});
