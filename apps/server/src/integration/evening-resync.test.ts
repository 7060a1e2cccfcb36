import type { CreateGuestReply } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const STACK = 500_000;
/** A guest's wallet: what a room-chips room must never report as their chips there. */
const WALLET = 100_000;

/** Room chips of 5,000, anyone sits at once (the seating does not matter to a resync). */
const roomChipsRoom = roomSettings({
  seats: 3,
  untimedBetting: true,
  cardTurning: false,
  evening: {
    seating: 'open',
    chips: 'room',
    roomChips: { startingStack: STACK, topUps: { autoBelowMinimum: false, perNight: null } },
    waitlistMax: 2,
    offerSeconds: 60,
    autoSitOutRounds: null,
    finish: null,
  },
});

/**
 * P2.13, T10.8: a watcher's resync says what chips they have at this table. At a room that
 * plays room chips that is their room stack there (0 before they ever sat), never the wallet.
 */
describe('a watcher resyncs at a room-chips room (P2.13, T10.8)', () => {
  let server: TestBanco;
  let prisma: PrismaClient;
  const guests: Record<string, CreateGuestReply> = {};
  const clients: Record<string, TestClient> = {};
  let roomId = '';
  let walletRoomId = '';

  const resyncYou = async (who: string, tableId = roomId) => {
    const answer = await clients[who]!.send('table.resync', { tableId, since: 0 });
    if (!answer.ok) throw new Error(answer.code);
    return answer.you;
  };
  const stackInPostgres = async (who: string) => {
    const account = await prisma.account.findUnique({
      where: { id: `stack:${roomId}:${guests[who]!.player.id}` },
    });
    return account === null ? null : Number(account.balance);
  };

  beforeAll(async () => {
    server = await startTestBanco([], { TRUST_PROXY: 'loopback', TABLE_TIMINGS: 'instant' });
    prisma = createPrisma(server.db.url);
    for (const name of ['host', 'ana', 'wes']) {
      guests[name] = await newGuest(server.url, name);
      clients[name] = await TestClient.connectAs(server.url, guests[name]);
    }
    roomId = (await openRoom(server.url, guests.host!.token, 'Friday', roomChipsRoom)).room.id;
    walletRoomId = (
      await openRoom(server.url, guests.host!.token, 'Saturday', roomSettings({ seats: 3 }))
    ).room.id;
    for (const name of Object.keys(clients)) {
      for (const tableId of [roomId, walletRoomId]) {
        expect(await clients[name]!.send('table.join', { tableId })).toMatchObject({ ok: true });
      }
    }
  }, 60_000);

  afterAll(async () => {
    for (const client of Object.values(clients)) client.close();
    await prisma?.$disconnect();
    await server?.close();
  });

  it('T10.8 a watcher who never sat has no chips here: 0, not the wallet', async () => {
    expect(await clients.host!.send('seat.take', { tableId: roomId, seat: 1 })).toMatchObject({
      ok: true,
      balance: STACK,
    });
    expect(await stackInPostgres('wes')).toBeNull();
    expect(await resyncYou('wes')).toMatchObject({ seat: null, balance: 0, bets: [] });
    // The seated host's resync still says the seat's stack.
    expect(await resyncYou('host')).toMatchObject({ seat: 1, balance: STACK });
  });

  it('T10.8 a player who sat and left watches with their room stack, as Postgres holds it', async () => {
    expect(await clients.ana!.send('seat.take', { tableId: roomId, seat: 2 })).toMatchObject({
      ok: true,
      balance: STACK,
    });
    expect(await clients.ana!.send('seat.leave', { tableId: roomId, seat: 2 })).toMatchObject({
      ok: true,
    });
    const stack = await stackInPostgres('ana');
    expect(stack).toBe(STACK);
    expect(await resyncYou('ana')).toMatchObject({ seat: null, balance: stack });
  });

  it('P2.13 at a wallet room a watcher’s resync still says the wallet, as before', async () => {
    expect(await resyncYou('wes', walletRoomId)).toMatchObject({ seat: null, balance: WALLET });
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });
});
