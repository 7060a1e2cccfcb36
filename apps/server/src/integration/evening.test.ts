import {
  LEDGER_CSV_ROUND_COLUMNS,
  LEDGER_CSV_SESSION_COLUMNS,
  ledgerExportSchema,
  recapSchema,
  type CreateGuestReply,
  type EveningSettings,
  type EveningView,
  type TableEvent,
} from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { call, newGuest, openRoom, roomSettings } from '../testing/rooms.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const STACK = 500_000;

const is =
  <T extends TableEvent['type']>(type: T) =>
  (e: TableEvent): e is Extract<TableEvent, { type: T }> =>
    e.type === type;

/** A room for a game night: the host seats, room chips of 5,000, 3 seats, a waitlist of 2. */
const eveningRoom = (evening: Partial<EveningSettings> = {}) =>
  roomSettings({
    seats: 3,
    untimedBetting: true,
    cardTurning: false,
    evening: {
      seating: 'host-approves',
      chips: 'room',
      roomChips: { startingStack: STACK, topUps: { autoBelowMinimum: false, perNight: 1 } },
      waitlistMax: 2,
      offerSeconds: 60,
      autoSitOutRounds: null,
      finish: null,
      ...evening,
    },
  });

/** The round whose betting is open at `tableId`, later than `after`. */
async function openBetting(client: TestClient, tableId: string, after = 0): Promise<number> {
  for (;;) {
    const answer = await client.send('table.snapshot', { tableId });
    if (!answer.ok) throw new Error(answer.code);
    const { phase } = answer.snapshot;
    if (phase.kind === 'betting' && phase.round > after) return phase.round;
    await client.next(is('betting.opened'), 2_000).catch(() => undefined);
  }
}

describe('the host evening over real sockets and Postgres (T11.12–T11.16, P9.7–P9.12)', () => {
  let server: TestBanco;
  let prisma: PrismaClient;
  const guests: Record<string, CreateGuestReply> = {};
  const clients: Record<string, TestClient> = {};
  let roomId = '';

  const evening = async (who: string): Promise<EveningView> => {
    const answer = await clients[who]!.send('table.snapshot', { tableId: roomId });
    if (!answer.ok) throw new Error(answer.code);
    if (!answer.snapshot.evening) throw new Error('no evening in the snapshot');
    return answer.snapshot.evening;
  };
  const seatOf = async (who: string) => {
    const answer = await clients[who]!.send('table.snapshot', { tableId: roomId });
    if (!answer.ok) throw new Error(answer.code);
    return answer.snapshot.seats.find((s) => s.player.id === guests[who]!.player.id) ?? null;
  };
  /** The round whose betting is open now (the table opens one as soon as somebody sits). */
  const bettingRound = (tableId = roomId, after = 0) => openBetting(clients.host!, tableId, after);
  const stackOf = async (room: string, who: string) => {
    const account = await prisma.account.findUnique({
      where: { id: `stack:${room}:${guests[who]!.player.id}` },
    });
    return account === null ? null : Number(account.balance);
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
    for (const name of ['host', 'ana', 'bob', 'cara', 'dan', 'eve']) {
      guests[name] = await newGuest(server.url, name);
      clients[name] = await TestClient.connectAs(server.url, guests[name]);
    }
    roomId = (await openRoom(server.url, guests.host!.token, 'Friday', eveningRoom())).room.id;
    for (const name of Object.keys(clients)) {
      expect(await clients[name]!.send('table.join', { tableId: roomId })).toMatchObject({
        ok: true,
      });
    }
  }, 60_000);

  afterAll(async () => {
    for (const client of Object.values(clients)) client.close();
    await prisma?.$disconnect();
    await server?.close();
  });

  it('T11.12 T11.15 T10.8 P8.7 P8.8 P9.7: the host sits with the starting stack from the room issuer, not the wallet', async () => {
    const sat = await clients.host!.send('seat.take', { tableId: roomId, seat: 1 });
    expect(sat).toMatchObject({ ok: true, balance: STACK });
    expect(await stackInPostgres('host')).toBe(STACK);
    const wallet = await prisma.account.findUnique({
      where: { id: `wallet:${guests.host!.player.id}` },
    });
    expect(Number(wallet!.balance)).toBe(100_000);
    const grant = await prisma.transfer.findFirst({
      where: { toAccountId: `stack:${roomId}:${guests.host!.player.id}` },
    });
    expect(grant).toMatchObject({ kind: 'GRANT', fromAccountId: `issuer:${roomId}` });
  });

  it('T11.12 P9.7 P9.9: others ask; the queue is the host’s alone; repeats, seat.take and strangers are refused', async () => {
    expect(await clients.ana!.send('seat.take', { tableId: roomId, seat: 2 })).toMatchObject({
      ok: false,
      code: 'APPROVAL_REQUIRED',
    });
    const asked = clients.host!.next(is('evening.seat-request'));
    expect(await clients.ana!.send('seat.request', { tableId: roomId, seat: 2 })).toMatchObject({
      ok: true,
    });
    expect(await asked).toMatchObject({ change: 'asked', requests: 1 });
    expect(await clients.ana!.send('seat.request', { tableId: roomId })).toMatchObject({
      ok: false,
      code: 'REQUEST_PENDING',
    });
    expect(await clients.bob!.send('seat.request', { tableId: roomId })).toMatchObject({
      ok: true,
    });
    const hostView = await evening('host');
    expect(hostView.queue?.map((r) => [r.player.name, r.seat, r.account])).toEqual([
      ['ana', 2, false],
      ['bob', null, false],
    ]);
    const anaView = await evening('ana');
    expect(anaView.queue).toBeNull();
    expect(anaView.you.request).toMatchObject({ seat: 2 });
    expect(anaView.counts).toEqual({ requests: 2, waiting: 0 });
    expect(
      await clients.cara!.send('room.seat.approve', {
        tableId: roomId,
        playerId: guests.ana!.player.id,
      }),
    ).toMatchObject({ ok: false, code: 'NOT_HOST' });
  });

  it('T11.12 T11.15 P9.7: the host approves with a stack (whole chips) and declines with words', async () => {
    const ana = guests.ana!.player.id;
    const version = (await clients.host!.send('table.snapshot', { tableId: roomId })) as {
      snapshot: { version: number };
    };
    expect(
      await clients.host!.send('room.seat.approve', {
        tableId: roomId,
        playerId: ana,
        stack: 450_050,
      }),
    ).toMatchObject({ ok: false, code: 'FRACTIONAL_CHIPS' });
    const again = (await clients.host!.send('table.snapshot', { tableId: roomId })) as {
      snapshot: { version: number };
    };
    expect(again.snapshot.version).toBe(version.snapshot.version);
    expect(
      await clients.host!.send('room.seat.approve', {
        tableId: roomId,
        playerId: ana,
        stack: 450_000,
      }),
    ).toMatchObject({ ok: true });
    expect(await seatOf('ana')).toMatchObject({ seat: 2, balance: 450_000 });
    expect(await stackInPostgres('ana')).toBe(450_000);
    const told = new Promise<string>((resolve) => {
      const check = setInterval(() => {
        const declined = clients.bob!.frames.flatMap((f) =>
          f.kind === 'private' && f.message.type === 'evening.you' && f.message.evening.you.declined
            ? [f.message.evening.you.declined.reason]
            : [],
        );
        if (declined[0]) {
          clearInterval(check);
          resolve(declined[0]);
        }
      }, 20);
    });
    expect(
      await clients.host!.send('room.seat.decline', {
        tableId: roomId,
        playerId: guests.bob!.player.id,
        reason: 'only the regulars tonight',
      }),
    ).toMatchObject({ ok: true });
    expect(await told).toBe('only the regulars tonight');
    expect((await evening('bob')).you).toMatchObject({
      request: null,
      declined: { reason: 'only the regulars tonight' },
    });
    expect(
      await clients.host!.send('room.seat.decline', {
        tableId: roomId,
        playerId: guests.bob!.player.id,
        reason: 'twice',
      }),
    ).toMatchObject({ ok: false, code: 'NO_REQUEST' });
  });

  it('T11.12 P8.3: an invite made with autoApprove seats its holder at once', async () => {
    const made = await call(server.url, `/api/rooms/${roomId}/invites`, {
      token: guests.host!.token,
      body: { ttlMinutes: 60, autoApprove: true },
    });
    expect(made.status).toBe(201);
    const { code } = made.body as { code: string };
    expect(
      await clients.cara!.send('seat.request', { tableId: roomId, invite: code }),
    ).toMatchObject({ ok: true });
    expect(await seatOf('cara')).toMatchObject({ seat: 3, balance: STACK });
    const grant = await prisma.transfer.findFirst({
      where: { toAccountId: `stack:${roomId}:${guests.cara!.player.id}` },
    });
    expect(grant).toMatchObject({ kind: 'GRANT', approvedBy: 'invite' });
  });

  it('T11.13 P9.8: a full table keeps a waitlist; an approval there waits for the next seat', async () => {
    expect(await clients.dan!.send('seat.request', { tableId: roomId })).toMatchObject({
      ok: true,
    });
    expect(
      await clients.host!.send('room.seat.approve', {
        tableId: roomId,
        playerId: guests.dan!.player.id,
      }),
    ).toMatchObject({ ok: true });
    expect((await evening('dan')).you.waitlistPosition).toBe(1);
    expect(await seatOf('dan')).toBeNull();
    expect(await clients.eve!.send('seat.request', { tableId: roomId })).toMatchObject({
      ok: true,
    });
    expect(
      await clients.host!.send('room.seat.approve', {
        tableId: roomId,
        playerId: guests.eve!.player.id,
      }),
    ).toMatchObject({ ok: true });
    expect((await evening('eve')).you.waitlistPosition).toBe(2);
    expect((await evening('host')).counts).toEqual({ requests: 0, waiting: 2 });
  });

  it('T11.14 P9.10: a seat that sits out is skipped; its bets are refused; "I’m back" plays again', async () => {
    const out = clients.host!.next(is('evening.sit-out'));
    expect(await clients.ana!.send('seat.sit-out', { tableId: roomId, out: true })).toMatchObject({
      ok: true,
    });
    expect(await out).toMatchObject({ seat: 2, out: true, by: 'player' });
    // Untimed betting waits for every seat that plays: ana's seat no longer holds it open.
    const opened = { round: await bettingRound() };
    const result = clients.host!.next(is('round.result'));
    expect(
      await clients.ana!.send('bets.confirm', {
        tableId: roomId,
        round: opened.round,
        seat: 2,
        confirmId: 'ana-1',
        bets: [{ spot: 'banker', amount: 1_000 }],
      }),
    ).toMatchObject({ ok: false, code: 'SITTING_OUT' });
    expect(
      await clients.host!.send('bets.confirm', {
        tableId: roomId,
        round: opened.round,
        seat: 1,
        confirmId: 'host-1',
        bets: [{ spot: 'banker', amount: 1_000 }],
      }),
    ).toMatchObject({ ok: true });
    expect(
      await clients.cara!.send('bets.none', { tableId: roomId, round: opened.round, seat: 3 }),
    ).toMatchObject({ ok: true });
    await result;
    expect(await seatOf('ana')).toMatchObject({ balance: 450_000 });
    expect(await stackInPostgres('ana')).toBe(450_000);
    // The host's stake went through the room's stack, escrow and house, never the wallet.
    expect(await stackInPostgres('host')).toBe((await seatOf('host'))!.balance);
    expect(await clients.ana!.send('seat.sit-out', { tableId: roomId, out: false })).toMatchObject({
      ok: true,
    });
    expect((await evening('host')).sittingOut).toEqual([]);
  });

  it('T11.15 P9.11: top-ups follow the room rule; the host adjusts with a reason; refusals change nothing', async () => {
    const cara = guests.cara!.player.id;
    expect(
      await clients.cara!.send('chips.top-up', { tableId: roomId, amount: 10_000 }),
    ).toMatchObject({ ok: false, code: 'TOP_UP_ABOVE_RULE' });
    expect(
      await clients.host!.send('room.chips.adjust', {
        tableId: roomId,
        playerId: cara,
        amount: -400_000,
        reason: 'she cashed some in with the bank',
      }),
    ).toMatchObject({ ok: true });
    expect(await stackInPostgres('cara')).toBe(100_000);
    expect(
      await clients.host!.send('room.chips.adjust', {
        tableId: roomId,
        playerId: cara,
        amount: -200_000,
        reason: 'too much',
      }),
    ).toMatchObject({ ok: false, code: 'STACK_TOO_LOW' });
    expect(
      await clients.cara!.send('chips.top-up', { tableId: roomId, amount: 400_050 }),
    ).toMatchObject({ ok: false, code: 'FRACTIONAL_CHIPS' });
    expect(
      await clients.cara!.send('chips.top-up', { tableId: roomId, amount: 500_000 }),
    ).toMatchObject({ ok: false, code: 'TOP_UP_ABOVE_RULE' });
    expect(
      await clients.cara!.send('chips.top-up', { tableId: roomId, amount: 400_000 }),
    ).toMatchObject({ ok: true });
    expect(
      await clients.cara!.send('chips.top-up', { tableId: roomId, amount: 100 }),
    ).toMatchObject({ ok: false, code: 'REQUEST_PENDING' });
    expect((await evening('host')).topUps?.map((t) => t.amount)).toEqual([400_000]);
    expect(
      await clients.ana!.send('room.top-up.approve', { tableId: roomId, playerId: cara }),
    ).toMatchObject({ ok: false, code: 'NOT_HOST' });
    expect(
      await clients.host!.send('room.top-up.approve', { tableId: roomId, playerId: cara }),
    ).toMatchObject({ ok: true });
    expect(await seatOf('cara')).toMatchObject({ balance: STACK });
    expect(await stackInPostgres('cara')).toBe(STACK);
    const entries = await prisma.transfer.findMany({
      where: {
        OR: [
          { toAccountId: `stack:${roomId}:${cara}` },
          { fromAccountId: `stack:${roomId}:${cara}` },
        ],
        kind: { in: ['GRANT', 'TOP_UP', 'ADJUST'] },
      },
      orderBy: { id: 'asc' },
    });
    expect(entries.map((t) => [t.kind, Number(t.amount), t.approvedBy, t.reason])).toEqual([
      ['GRANT', STACK, 'invite', null],
      ['ADJUST', 400_000, guests.host!.player.id, 'she cashed some in with the bank'],
      ['TOP_UP', 400_000, guests.host!.player.id, null],
    ]);
    // "At most 1 a night": the second is above the rule whatever the stack.
    await clients.host!.send('room.chips.adjust', {
      tableId: roomId,
      playerId: cara,
      amount: -100_000,
      reason: 'a side bet with the host',
    });
    expect(
      await clients.cara!.send('chips.top-up', { tableId: roomId, amount: 100_000 }),
    ).toMatchObject({ ok: false, code: 'TOP_UP_ABOVE_RULE' });
  });

  it('T11.13 P9.8: a seat that frees is offered to the first in line, who takes it', async () => {
    const offered = clients.dan!.next(is('evening.waitlist'));
    expect(await clients.ana!.send('seat.leave', { tableId: roomId, seat: 2 })).toMatchObject({
      ok: true,
    });
    expect(await offered).toMatchObject({ change: 'offered', seat: 2, waiting: 2 });
    expect((await evening('dan')).you.offer).toMatchObject({ seat: 2 });
    expect(await clients.eve!.send('waitlist.accept', { tableId: roomId })).toMatchObject({
      ok: false,
      code: 'NOT_OFFERED',
    });
    expect(await clients.dan!.send('waitlist.accept', { tableId: roomId })).toMatchObject({
      ok: true,
    });
    expect(await seatOf('dan')).toMatchObject({ seat: 2, balance: STACK });
    expect((await evening('eve')).you.waitlistPosition).toBe(1);
    // ana's stack stays with the night while she stands.
    expect((await evening('host')).leaderboard.find((l) => l.player.name === 'ana')).toMatchObject({
      stack: 450_000,
      granted: 450_000,
      net: 0,
    });
  });

  it('T11.2 T11.12 T11.13: a player the host removes leaves the queue and the waitlist', async () => {
    guests.fay = await newGuest(server.url, 'fay');
    clients.fay = await TestClient.connectAs(server.url, guests.fay);
    expect(await clients.fay.send('table.join', { tableId: roomId })).toMatchObject({ ok: true });
    const fay = guests.fay.player.id;
    const before = (await evening('host')).counts;
    expect(await clients.fay.send('seat.request', { tableId: roomId })).toMatchObject({ ok: true });
    expect((await evening('host')).counts.requests).toBe(before.requests + 1);
    const leftQueue = clients.host!.next(
      (e) => e.type === 'evening.seat-request' && e.change === 'cancelled',
    );
    expect(await clients.host!.send('room.kick', { tableId: roomId, playerId: fay })).toMatchObject(
      { ok: true },
    );
    expect(await leftQueue).toMatchObject({ requests: before.requests });
    const after = await evening('host');
    expect(after.queue?.some((r) => r.player.id === fay)).toBe(false);
    expect(after.counts).toEqual(before);
  });

  it('T10.8 P9.3: a room keeps the chips it opened with', async () => {
    const settings = eveningRoom({ chips: 'wallet', roomChips: undefined });
    expect(await clients.host!.send('room.settings', { tableId: roomId, settings })).toMatchObject({
      ok: false,
      code: 'INVALID_SETTING',
      field: 'evening.chips',
    });
  });

  it('T10.8: every room sums to zero: issuer + stacks + escrow + room house', async () => {
    const audit = await checkLedger(server.banco.prisma);
    expect(audit.problems).toEqual([]);
    expect(audit.rooms).toBeLessThanOrEqual(0);
  });

  it('T10.9 P8.10: the ledger export, JSON and CSV, equals Postgres to the chip', async () => {
    const json = await call(server.url, `/api/rooms/${roomId}/ledger`, {
      token: guests.cara!.token,
    });
    expect(json.status).toBe(200);
    const ledger = ledgerExportSchema.parse(json.body);
    expect(ledger).toMatchObject({ format: 1, roomId, chips: 'room', closed: false });
    for (const name of ['host', 'ana', 'cara', 'dan']) {
      const id = guests[name]!.player.id;
      const mine = ledger.sessions.filter((s) => s.playerId === id);
      expect(mine.length).toBeGreaterThan(0);
      // The last session ends on the stack Postgres holds for the player.
      expect(mine.at(-1)!.ended).toBe(await stackInPostgres(name));
      const bets = await prisma.bet.findMany({
        where: { playerId: id, round: { tableId: roomId } },
      });
      const net = bets.reduce((sum, b) => sum + Number(b.returned ?? 0n) - Number(b.amount), 0);
      expect(ledger.totals.find((t) => t.playerId === id)!.net).toBe(net);
      const grants = await prisma.transfer.findMany({
        where: {
          kind: { in: ['GRANT', 'TOP_UP', 'ADJUST'] },
          OR: [
            { toAccountId: `stack:${roomId}:${id}` },
            { fromAccountId: `stack:${roomId}:${id}` },
          ],
        },
      });
      const granted = grants.reduce(
        (sum, t) => sum + (t.toAccountId === `stack:${roomId}:${id}` ? 1 : -1) * Number(t.amount),
        0,
      );
      expect(mine[0]!.started + ledger.totals.find((t) => t.playerId === id)!.granted).toBe(
        granted,
      );
    }
    const settled = await prisma.round.count({ where: { tableId: roomId, status: 'SETTLED' } });
    expect(ledger.rounds).toHaveLength(settled);
    const shoe = await prisma.shoe.findUnique({ where: { id: ledger.rounds[0]!.shoeId } });
    expect(ledger.rounds[0]!.commitment).toBe(shoe!.commitment);

    const csv = await fetch(`${server.url}/api/rooms/${roomId}/ledger?format=csv`, {
      headers: { authorization: `Bearer ${guests.host!.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const [sessionsPart, roundsPart] = (await csv.text()).split('\r\n\r\n');
    const sessionLines = sessionsPart!.split('\r\n');
    expect(sessionLines[0]).toBe(LEDGER_CSV_SESSION_COLUMNS.join(','));
    expect(sessionLines.slice(1).map((l) => l.split(',').slice(5).map(Number))).toEqual(
      ledger.sessions.map((s) => [s.started, s.granted, s.wagered, s.won, s.net, s.ended]),
    );
    expect(roundsPart!.split('\r\n')[0]).toBe(LEDGER_CSV_ROUND_COLUMNS.join(','));
  });

  it('T10.9 P8.10: strangers get the unknown-room answer; no token is a 401', async () => {
    const stranger = await call(server.url, `/api/rooms/${roomId}/ledger`, {
      token: guests.bob!.token,
    });
    const nowhere = await call(server.url, `/api/rooms/r_nowhere/ledger`, {
      token: guests.bob!.token,
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual(
      JSON.parse(JSON.stringify(nowhere.body).replaceAll('r_nowhere', roomId)),
    );
    expect(
      (await call(server.url, `/api/rooms/${roomId}/recap`, { token: guests.bob!.token })).status,
    ).toBe(404);
    expect((await call(server.url, `/api/rooms/${roomId}/ledger`)).status).toBe(401);
  });

  it('T11.14 T11.16 T10.10 P8.9 P9.10 P9.12 P8.11: auto sit-out, a finish line, the podium, a frozen ledger and the recap', async () => {
    const settings = eveningRoom({
      seating: 'open',
      autoSitOutRounds: 1,
      finish: { kind: 'rounds', count: 3 },
    });
    const night = (await openRoom(server.url, guests.eve!.token, 'Short night', settings)).room.id;
    for (const name of ['eve', 'bob']) {
      expect(await clients[name]!.send('table.join', { tableId: night })).toMatchObject({
        ok: true,
      });
    }
    expect(await clients.eve!.send('seat.take', { tableId: night, seat: 1 })).toMatchObject({
      ok: true,
      balance: STACK,
    });
    expect(await clients.bob!.send('seat.take', { tableId: night, seat: 2 })).toMatchObject({
      ok: true,
      balance: STACK,
    });
    const ended = clients.bob!.next(is('evening.ended'));
    const closed = clients.bob!.next(is('room.closed'));
    const auto = clients.bob!.next((e) => e.type === 'evening.sit-out' && e.by === 'auto');
    let round = 0;
    for (let n = 1; n <= 3; n++) {
      round = await openBetting(clients.eve!, night, round);
      const result = clients.eve!.next((e) => e.type === 'round.result' && e.round === round);
      expect(
        await clients.eve!.send('bets.confirm', {
          tableId: night,
          round,
          seat: 1,
          confirmId: `eve-${n}`,
          bets: [{ spot: 'player', amount: 1_000 }],
        }),
      ).toMatchObject({ ok: true });
      // A bet sets bob's count of idle rounds back to 0 (whenever he sat down); round 2 he
      // lets pass, so round 3 opens with him sitting out.
      if (n === 1) {
        expect(
          await clients.bob!.send('bets.confirm', {
            tableId: night,
            round,
            seat: 2,
            confirmId: 'bob-1',
            bets: [{ spot: 'banker', amount: 1_000 }],
          }),
        ).toMatchObject({ ok: true });
      }
      if (n === 2) {
        expect(
          await clients.bob!.send('bets.none', { tableId: night, round, seat: 2 }),
        ).toMatchObject({ ok: true });
      }
      await result;
    }
    expect(await auto).toMatchObject({ seat: 2, out: true });
    const podium = await ended;
    expect(podium.reason).toBe('rounds');
    expect(podium.podium.map((p) => p.player.name).sort()).toEqual(['bob', 'eve']);
    const eveLine = podium.podium.find((p) => p.player.name === 'eve')!;
    expect(eveLine.stack).toBe(await stackOf(night, 'eve'));
    await closed;
    // T10.8: a closed room's stacks stay, frozen, and its ledger is still read. The room is
    // marked closed in Postgres just after its players are told (T10.5), so the export says so
    // once that write lands.
    const readLedger = async () =>
      ledgerExportSchema.parse(
        (await call(server.url, `/api/rooms/${night}/ledger`, { token: guests.bob!.token })).body,
      );
    await expect.poll(async () => (await readLedger()).closed).toBe(true);
    const ledger = await readLedger();
    expect(ledger.rounds).toHaveLength(3);
    expect(ledger.sessions.find((s) => s.playerId === guests.eve!.player.id)!.ended).toBe(
      eveLine.stack,
    );
    const recap = recapSchema.parse(
      (await call(server.url, `/api/rooms/${night}/recap`, { token: guests.eve!.token })).body,
    );
    expect(recap.net.find((p) => p.name === 'eve')!.net).toBe(eveLine.net);
    expect(recap.rounds).toHaveLength(3);
    expect(recap.shoes[0]!.verify).toContain(`table=${night}`);
    expect(recap.mostDealt?.rounds ?? 0).toBeLessThanOrEqual(3);
    expect((await checkLedger(server.banco.prisma)).problems).toEqual([]);
  });
});
