/**
 * P8.7, T11.12–T11.15: a Punto Banco or Chemin de Fer room opened without `evening` is the room
 * it was before the host's evening: no evening in the snapshot, a seat taken at once with the
 * wallet, the evening's commands refused without a change, and no room-chips account.
 */
import type { CreateGuestReply, RoomSettingsInput, TableEvent } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const WALLET = 100_000;

const ROOMS: Record<string, RoomSettingsInput> = {
  'Punto Banco': roomSettings({ untimedBetting: true, cardTurning: false }),
  'Chemin de Fer': roomSettings({
    kind: 'chemin-de-fer',
    cheminDeFer: {
      decks: 6,
      cagnottePercent: 5,
      bank: { min: 10_000, max: 100_000 },
      choices: { mode: 'window', seconds: 60 },
    },
  }),
};

describe('rooms without the evening settings are as before (P8.7)', () => {
  let server: TestBanco;
  let prisma: PrismaClient;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestBanco([], { TABLE_TIMINGS: 'instant' });
    prisma = createPrisma(server.db.url);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await prisma?.$disconnect();
    await server?.close();
  });

  const join = async (guest: CreateGuestReply, tableId: string) => {
    const client = await TestClient.connectAs(server.url, guest);
    clients.push(client);
    expect(await client.send('table.join', { tableId })).toMatchObject({ ok: true });
    return client;
  };
  const snapshotOf = async (client: TestClient, tableId: string) => {
    const answer = await client.send('table.snapshot', { tableId });
    if (!answer.ok) throw new Error(answer.code);
    return answer.snapshot;
  };

  for (const [game, settings] of Object.entries(ROOMS)) {
    it(`P8.7 T11.12 T11.14 T11.15 T10.8: a ${game} room: no evening part, a seat at once from the wallet, evening commands refused`, async () => {
      const host = await newGuest(server.url, `host ${game}`);
      const ana = await newGuest(server.url, `ana ${game}`);
      const { room } = await openRoom(server.url, host.token, game, settings);
      expect(room.settings.evening).toBeUndefined();
      const tableId = room.id;
      const h = await join(host, tableId);
      const a = await join(ana, tableId);

      // T1.1: a guest who is not the host sits at once, with their wallet.
      expect(await a.send('seat.take', { tableId, seat: 2 })).toMatchObject({
        ok: true,
        balance: WALLET,
      });
      expect(await h.send('seat.take', { tableId, seat: 1 })).toMatchObject({
        ok: true,
        balance: WALLET,
      });
      const before = await snapshotOf(a, tableId);
      expect(before).not.toHaveProperty('evening');
      expect((await snapshotOf(h, tableId)).evening).toBeUndefined();

      // The evening's commands have nothing to do here, and change nothing.
      const refusals = [
        await a.send('seat.request', { tableId }),
        await a.send('seat.sit-out', { tableId, out: true }),
        await a.send('chips.top-up', { tableId, amount: 1_000 }),
        await h.send('room.top-up.approve', { tableId, playerId: ana.player.id }),
        await h.send('room.chips.adjust', {
          tableId,
          playerId: ana.player.id,
          amount: 1_000,
          reason: 'no',
        }),
      ];
      expect(refusals.map((r) => (r.ok ? 'ok' : r.code))).toEqual([
        'NOT_NEEDED',
        'NOT_NEEDED',
        'NOT_ROOM_CHIPS',
        'NOT_ROOM_CHIPS',
        'NOT_ROOM_CHIPS',
      ]);
      const after = await snapshotOf(a, tableId);
      expect(after.version).toBe(before.version);
      expect(after.seats).toEqual(before.seats);

      // T10.8: no issuer, no stack: the seats play from the wallets.
      expect(await prisma.account.count({ where: { roomId: tableId } })).toBe(0);
      expect(await prisma.account.findUnique({ where: { id: `issuer:${tableId}` } })).toBeNull();
      expect(after.seats.map((s) => s.balance)).toEqual([WALLET, WALLET]);
      const seen = a.events.filter((e: TableEvent) => e.type.startsWith('evening.'));
      expect(seen).toEqual([]);
      expect((await checkLedger(server.banco.prisma)).problems).toEqual([]);
    });
  }

  it('T3.1 T6.1 P8.7: a Punto Banco stake in a room without an evening comes from the wallet and is paid to it', async () => {
    const host = await newGuest(server.url, 'stake host');
    const { room } = await openRoom(server.url, host.token, 'Plain', ROOMS['Punto Banco']);
    const tableId = room.id;
    const h = await join(host, tableId);
    expect(await h.send('seat.take', { tableId, seat: 1 })).toMatchObject({ ok: true });
    const round = await (async () => {
      for (;;) {
        const { phase } = await snapshotOf(h, tableId);
        if (phase.kind === 'betting') return phase.round;
        await h.next((e) => e.type === 'betting.opened', 2_000).catch(() => undefined);
      }
    })();
    const result = h.next((e) => e.type === 'round.result' && e.round === round);
    expect(
      await h.send('bets.confirm', {
        tableId,
        round,
        seat: 1,
        confirmId: 'plain-1',
        bets: [{ spot: 'banker', amount: 1_000 }],
      }),
    ).toMatchObject({ ok: true, balance: WALLET - 1_000 });
    await result;
    const wallet = await prisma.account.findUnique({ where: { id: `wallet:${host.player.id}` } });
    const seat = (await snapshotOf(h, tableId)).seats[0]!;
    expect(seat.balance).toBe(Number(wallet!.balance));
    const bet = await prisma.bet.findFirst({ where: { playerId: host.player.id } });
    expect(Number(wallet!.balance)).toBe(WALLET - 1_000 + Number(bet!.returned ?? 0n));
    expect(await prisma.account.count({ where: { roomId: tableId } })).toBe(0);
    expect((await checkLedger(server.banco.prisma)).problems).toEqual([]);
  });
});
