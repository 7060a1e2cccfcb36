import type { CreateGuestReply, EveningView } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { freePort, ServerProcess } from '../testing/server-process.js';
import { TestClient } from '../testing/test-banco.js';

const STACK = 300_000;

/**
 * T11.17: the real server as a child process, stopped with SIGTERM and then killed with SIGKILL
 * mid-evening: the host's queue, the waitlist, who sits out and every room stack come back as
 * they were, each time.
 */
describe('the host evening survives restarts (T11.17)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let server: ServerProcess;
  let port: number;
  let roomId = '';
  const guests: Record<string, CreateGuestReply> = {};
  let clients: Record<string, TestClient> = {};
  const env = () => ({ DATABASE_URL: db.url, PORT: String(port), TABLE_TIMINGS: 'patient' });

  const connectAll = async () => {
    clients = {};
    for (const [name, guest] of Object.entries(guests)) {
      clients[name] = await TestClient.connectAs(server.url, guest);
      expect(await clients[name].send('table.join', { tableId: roomId })).toMatchObject({
        ok: true,
      });
    }
  };
  const view = async (name: string) => {
    const answer = await clients[name]!.send('table.snapshot', { tableId: roomId });
    if (!answer.ok) throw new Error(answer.code);
    return answer.snapshot;
  };
  /** What must come back: the host's queue and waitlist, positions, sit-outs and stacks. */
  const evening = async () => {
    const host = await view('host');
    const ev = host.evening as EveningView;
    return {
      queue: ev.queue?.map((r) => r.player.name),
      counts: ev.counts,
      sittingOut: ev.sittingOut.map((s) => s.seat),
      cara: ((await view('cara')).evening as EveningView).you.waitlistPosition,
      seats: host.seats.map((s) => [s.seat, s.player.name, s.balance]),
      leaderboard: ev.leaderboard.map((l) => [l.player.name, l.stack, l.granted]),
    };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    port = await freePort();
    server = await ServerProcess.start(env());
    for (const name of ['host', 'ana', 'bob', 'cara']) {
      guests[name] = await newGuest(server.url, name);
    }
    const settings = roomSettings({
      seats: 2,
      seatHoldSeconds: 600,
      evening: {
        seating: 'host-approves',
        chips: 'room',
        roomChips: { startingStack: STACK, topUps: { autoBelowMinimum: false, perNight: null } },
        waitlistMax: 3,
        offerSeconds: 300,
        autoSitOutRounds: null,
        finish: null,
      },
    });
    roomId = (await openRoom(server.url, guests.host!.token, 'Night', settings)).room.id;
    await connectAll();
  }, 60_000);

  afterAll(async () => {
    for (const client of Object.values(clients)) client.close();
    if (server && server.child.exitCode === null) await server.kill('SIGKILL');
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('T11.17 T11.12 T11.13 T11.14 T11.15 P9.9: SIGTERM, then SIGKILL, and the evening is as it was', async () => {
    const host = clients.host!;
    expect(await host.send('seat.take', { tableId: roomId, seat: 1 })).toMatchObject({ ok: true });
    for (const name of ['ana', 'cara', 'bob']) {
      expect(await clients[name]!.send('seat.request', { tableId: roomId })).toMatchObject({
        ok: true,
      });
    }
    const approve = (name: string) =>
      host.send('room.seat.approve', { tableId: roomId, playerId: guests[name]!.player.id });
    expect(await approve('ana')).toMatchObject({ ok: true });
    // The table is full: cara's approval puts her on the waitlist; bob's request still waits.
    expect(await approve('cara')).toMatchObject({ ok: true });
    expect(await clients.ana!.send('seat.sit-out', { tableId: roomId, out: true })).toMatchObject({
      ok: true,
    });
    expect(
      await host.send('room.chips.adjust', {
        tableId: roomId,
        playerId: guests.ana!.player.id,
        amount: 50_000,
        reason: 'birthday',
      }),
    ).toMatchObject({ ok: true });
    const before = await evening();
    expect(before).toMatchObject({
      queue: ['bob'],
      counts: { requests: 1, waiting: 1 },
      sittingOut: [2],
      cara: 1,
    });
    expect(before.seats).toEqual([
      [1, 'host', STACK],
      [2, 'ana', STACK + 50_000],
    ]);

    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      await server.kill(signal);
      for (const client of Object.values(clients)) client.close();
      server = await ServerProcess.start(env());
      await connectAll();
      expect(await evening()).toEqual(before);
      expect(
        Number(
          (await prisma.account.findUnique({
            where: { id: `stack:${roomId}:${guests.ana!.player.id}` },
          }))!.balance,
        ),
      ).toBe(STACK + 50_000);
    }
    // The evening goes on: the host answers the request that waited through both restarts.
    expect(
      await clients.host!.send('room.seat.decline', {
        tableId: roomId,
        playerId: guests.bob!.player.id,
        reason: 'full tonight',
      }),
    ).toMatchObject({ ok: true });
    expect((await checkLedger(prisma)).problems).toEqual([]);
  }, 120_000);
});
